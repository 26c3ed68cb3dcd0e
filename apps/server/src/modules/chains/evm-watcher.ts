import type { PublicClient } from 'viem';
import type { Database } from '../../db/database';
import type { ChainDepositHandler } from '../deposits/watcher';
import { ChainCursorRepository, WatchedAddresses } from './cursor-repository';
import { EvmSource, type EvmAssets } from './evm-source';
import { ChainFollower, type FollowerEvents, type FollowerOptions } from './follower';

export interface EvmWatcherSettings extends Partial<Omit<FollowerOptions, 'name'>> {
  client: PublicClient;
  assets: () => Promise<EvmAssets>;
}

/** The defaults of every watcher: the spec's six confirmations, a step a second once caught up. */
export const WATCHER_DEFAULTS = {
  confirmations: 6,
  batchBlocks: 50,
  pollMs: 5_000,
  firstBackoffMs: 1_000,
  longestBackoffMs: 60_000,
} as const;

/** The ERC-20 network's watcher (ETH and its tokens) over an Ethereum JSON-RPC node. */
export function createEvmWatcher(db: Database, settings: EvmWatcherSettings, credit: ChainDepositHandler, events: FollowerEvents): ChainFollower {
  const { client, assets, ...options } = settings;
  const watched = new WatchedAddresses(db, 'erc20', (address) => address.toLowerCase());
  return new ChainFollower(
    { ...WATCHER_DEFAULTS, ...stripUndefined(options), name: 'erc20' },
    new EvmSource(client, 'erc20', assets, watched),
    new ChainCursorRepository(db),
    credit,
    events,
  );
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
