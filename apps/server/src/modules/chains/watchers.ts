import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ChainDepositHandler } from '../deposits/watcher';
import type { WalletRepository } from '../wallets/repository';
import { evmClient, type EvmToken } from './evm-source';
import { createEvmWatcher } from './evm-watcher';
import type { ChainFollower, FollowerEvents, WatcherStatus } from './follower';

/** The watchers of the networks that have a node configured; none without settings. */
export class ChainWatchers {
  private events: FollowerEvents = { fault: () => {}, warn: () => {} };

  constructor(readonly followers: ChainFollower[]) {}

  /** Where faults (retried with backoff) and warnings (deep reorganisations, refused outputs) go. */
  reportTo(events: FollowerEvents): void {
    this.events = events;
  }

  get eventSink(): FollowerEvents {
    return { fault: (error) => this.events.fault(error), warn: (message, detail) => this.events.warn(message, detail) };
  }

  start(): void {
    for (const follower of this.followers) follower.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.followers.map((follower) => follower.stop()));
  }

  statuses(): WatcherStatus[] {
    return this.followers.map((follower) => follower.status());
  }
}

/** The watchers the settings ask for, crediting through `credit`. */
export function createChainWatchers(db: Database, config: Config, wallets: WalletRepository, credit: ChainDepositHandler): ChainWatchers {
  const followers: ChainFollower[] = [];
  const watchers = new ChainWatchers(followers);
  const common = { batchBlocks: config.CHAIN_BATCH_BLOCKS, pollMs: config.CHAIN_POLL_MS };
  if (config.ETH_RPC_URL) {
    followers.push(
      createEvmWatcher(
        db,
        {
          ...common,
          client: evmClient(config.ETH_RPC_URL),
          confirmations: config.ETH_CONFIRMATIONS,
          startHeight: config.ETH_WATCH_START_BLOCK,
          assets: async () => {
            const byName = new Map((await wallets.currencies()).map((currency) => [currency.name.toUpperCase(), currency]));
            const tokens: EvmToken[] = [];
            const usdt = byName.get('USDT');
            const usdc = byName.get('USDC');
            if (usdt && config.ETH_USDT_CONTRACT !== 'off') tokens.push({ contract: config.ETH_USDT_CONTRACT, currencyId: usdt.id });
            if (usdc && config.ETH_USDC_CONTRACT !== 'off') tokens.push({ contract: config.ETH_USDC_CONTRACT, currencyId: usdc.id });
            return { nativeCurrencyId: byName.get('ETH')?.id, tokens };
          },
        },
        credit,
        watchers.eventSink,
      ),
    );
  }
  return watchers;
}
