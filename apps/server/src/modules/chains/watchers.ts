import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { ChainDepositHandler } from '../deposits/watcher';
import type { WalletRepository } from '../wallets/repository';
import { evmClient, type EvmToken } from './evm-source';
import { createEvmWatcher } from './evm-watcher';
import type { ChainFollower, ChainSource, FollowerEvents, WatcherStatus } from './follower';
import { parseGwei, type Hex } from 'viem';
import type { Core } from '../../core/core';
import { parseAmount } from '../../core/amount';
import type { Clock } from '../../lib/time';
import { HotWalletRepository } from './hot-wallet-repository';
import { HotWalletSender } from './hot-wallet-sender';
import { ChainCursorRepository, WatchedAddresses } from './cursor-repository';
import { EsploraSource } from './esplora-source';
import { ChainFollower as Follower } from './follower';
import { WATCHER_DEFAULTS } from './evm-watcher';
import { TronGridSource } from './trongrid-source';

/** The watchers of the networks that have a node configured; none without settings. */
export class ChainWatchers {
  private events: FollowerEvents = { fault: () => {}, warn: () => {} };

  private sending: { running: boolean; loop?: Promise<void>; wake?: () => void } = { running: false };

  constructor(
    readonly followers: ChainFollower[],
    /** the hot wallet's sender, when its key and node are set */
    public sender?: HotWalletSender,
    private readonly sendEveryMs = 5_000,
  ) {}

  /** Where faults (retried with backoff) and warnings (deep reorganisations, refused outputs) go. */
  reportTo(events: FollowerEvents): void {
    this.events = events;
  }

  get eventSink(): FollowerEvents {
    return { fault: (error) => this.events.fault(error), warn: (message, detail) => this.events.warn(message, detail) };
  }

  start(): void {
    for (const follower of this.followers) follower.start();
    if (this.sender && !this.sending.running) {
      this.sending.running = true;
      this.sending.loop = this.runSender(this.sender);
    }
  }

  async stop(): Promise<void> {
    this.sending.running = false;
    this.sending.wake?.();
    await Promise.all([...this.followers.map((follower) => follower.stop()), this.sending.loop]);
  }

  /** The sender's passes, one at a time; a failed pass waits longer each time (up to a minute). */
  private async runSender(sender: HotWalletSender): Promise<void> {
    let failures = 0;
    while (this.sending.running) {
      try {
        await sender.step();
        failures = 0;
      } catch (error) {
        failures += 1;
        this.events.fault(error);
      }
      const wait = failures === 0 ? this.sendEveryMs : Math.min(1_000 * 2 ** Math.min(failures - 1, 6), 60_000);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        timer.unref();
        this.sending.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  statuses(): WatcherStatus[] {
    return this.followers.map((follower) => follower.status());
  }
}

/** The watchers the settings ask for, crediting through `credit`. */
export function createChainWatchers(db: Database, config: Config, wallets: WalletRepository, credit: ChainDepositHandler, core: Core, clock: Clock): ChainWatchers {
  const followers: ChainFollower[] = [];
  const watchers = new ChainWatchers(followers, undefined, config.CHAIN_POLL_MS);
  const common = { batchBlocks: config.CHAIN_BATCH_BLOCKS, pollMs: config.CHAIN_POLL_MS };
  const assets = async () => {
    const byName = new Map((await wallets.currencies()).map((currency) => [currency.name.toUpperCase(), currency]));
    const tokens: EvmToken[] = [];
    const usdt = byName.get('USDT');
    const usdc = byName.get('USDC');
    if (usdt && config.ETH_USDT_CONTRACT !== 'off') tokens.push({ contract: config.ETH_USDT_CONTRACT, currencyId: usdt.id });
    if (usdc && config.ETH_USDC_CONTRACT !== 'off') tokens.push({ contract: config.ETH_USDC_CONTRACT, currencyId: usdc.id });
    return { nativeCurrencyId: byName.get('ETH')?.id, tokens };
  };
  if (config.ETH_RPC_URL && config.HOT_WALLET_KEY) {
    watchers.sender = new HotWalletSender(
      evmClient(config.ETH_RPC_URL),
      core,
      new HotWalletRepository(db),
      assets,
      {
        privateKey: config.HOT_WALLET_KEY as Hex,
        autoSend: config.HOT_WALLET_AUTO_SEND,
        maxWithdrawalUsdt: parseAmount(config.HOT_WALLET_MAX_WITHDRAWAL_USDT),
        dayLimitUsdt: parseAmount(config.HOT_WALLET_DAY_LIMIT_USDT),
        maxFeePerGasWei: parseGwei(config.HOT_WALLET_MAX_FEE_GWEI),
        priorityFeeWei: parseGwei(config.HOT_WALLET_PRIORITY_FEE_GWEI),
        stuckAfterMs: config.HOT_WALLET_STUCK_MINUTES * 60_000,
        confirmations: config.ETH_CONFIRMATIONS,
      },
      clock,
      { warn: (message, detail) => watchers.eventSink.warn(message, detail) },
    );
  }
  if (config.ETH_RPC_URL) {
    followers.push(
      createEvmWatcher(
        db,
        {
          ...common,
          client: evmClient(config.ETH_RPC_URL),
          confirmations: config.ETH_CONFIRMATIONS,
          startHeight: config.ETH_WATCH_START_BLOCK,
          assets,
        },
        credit,
        watchers.eventSink,
      ),
    );
  }
  const currencyNamed = async (name: string) => (await wallets.currencies()).find((currency) => currency.name.toUpperCase() === name);
  const follower = (name: 'btc' | 'trc20', confirmations: number, startHeight: number | undefined, source: ChainSource) =>
    new Follower({ ...WATCHER_DEFAULTS, ...common, name, confirmations, startHeight }, source, new ChainCursorRepository(db), credit, watchers.eventSink);
  if (config.BTC_ESPLORA_URL) {
    const source = new EsploraSource(config.BTC_ESPLORA_URL.replace(/\/$/, ''), async () => (await currencyNamed('BTC'))?.id, new WatchedAddresses(db, 'btc'));
    followers.push(follower('btc', config.BTC_CONFIRMATIONS, config.BTC_WATCH_START_BLOCK, source));
  }
  if (config.TRON_API_URL) {
    const source = new TronGridSource(
      config.TRON_API_URL.replace(/\/$/, ''),
      async () => {
        const usdt = await currencyNamed('USDT');
        // TRC-20 USDT has 6 decimals
        return usdt ? [{ contract: config.TRON_USDT_CONTRACT, currencyId: usdt.id, decimals: 6 }] : [];
      },
      new WatchedAddresses(db, 'trc20'),
      config.TRON_API_KEY,
    );
    followers.push(follower('trc20', config.TRON_CONFIRMATIONS, config.TRON_WATCH_START_BLOCK, source));
  }
  return watchers;
}
