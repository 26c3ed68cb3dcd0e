import { randomUUID } from 'node:crypto';
import { Refusal } from '../../core/refusal';
import { parseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import type { SpotPair } from '../../core/spot/pair';
import { lotAtoms, tickAtoms } from '../../core/units';
import type { MakerPairRow, MarketMakerRepository } from './repository';
import { SeededRandom } from './random';
import type { MakerSwitches } from './switches';
import type { ReferencePrices } from './reference-prices';

export interface SimulatorOptions {
  seed: number;
  /** how often the simulator acts */
  intervalMs: number;
  /** quotes per side per pair */
  levels: number;
  /**
   * Accounts funded by the operator to trade from (the first quotes, the second, if any, takes):
   * their balances are never granted. Empty: two system accounts, funded from nothing (development).
   */
  accounts?: readonly string[];
  /** the operators' per-pair switches; a pair switched off gets its quotes taken down */
  switches?: MakerSwitches;
  /** where each pair's mid starts and is kept: development's index source reads it */
  referencePrices?: ReferencePrices;
}

/** The value each maker holds per currency at the start, in USDT: enough never to run dry. */
const FUNDING_USDT = parseAmount('5000000');
const BASIS = 10_000n;

/**
 * Market makers: one account quotes a ladder on both sides of every pair, the other takes
 * liquidity now and then, so prices move and books are full. They trade through the core like any
 * user. In development they are system accounts funded through the ledger ('adjustment', once, by
 * idempotency key); given operator accounts, they trade only what the operator put there.
 * Deterministic for a seed: the same seed and the same users give the same orders.
 */
export class MarketMakerSimulator {
  private readonly random: SeededRandom;
  private timer: NodeJS.Timeout | undefined;
  private makers: number[] = [];
  private pairs: MakerPairRow[] = [];
  private readonly quotes = new Map<number, number[]>();
  private readonly mids = new Map<number, Atoms>();
  private cursor = 0;
  private busy = false;
  /** keeps this run's command keys apart from earlier runs' (the core remembers every key) */
  private readonly runId = randomUUID();

  constructor(
    private readonly core: Core,
    private readonly repository: MarketMakerRepository,
    private readonly options: SimulatorOptions,
    private readonly onFault: (error: unknown) => void,
  ) {
    this.random = new SeededRandom(options.seed);
  }

  async start(): Promise<void> {
    const accounts = this.options.accounts ?? [];
    this.makers = accounts.length > 0 ? await this.repository.operatorAccounts(accounts) : await this.repository.ensureMakers(2);
    this.pairs = await this.repository.pairs();
    for (const row of this.pairs) this.options.switches?.set(row.pair_id, row.market_maker);
    if (accounts.length === 0) await this.fund();
    // quotes left by an earlier run are stale: take them down before quoting afresh
    for (const maker of this.makers) {
      for (const order of this.core.read.openOrders(maker)) {
        await this.core.execute({ kind: 'spot_cancel', key: `maker-cancel:${this.runId}:${order.id}`, userId: maker, orderId: order.id }).catch(ignoreRefusal);
      }
    }
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One step: re-quote one pair (round robin) and take liquidity on one random pair. */
  async tick(): Promise<void> {
    if (this.busy || this.pairs.length === 0) return;
    this.busy = true;
    try {
      const row = this.pairs[this.cursor % this.pairs.length];
      this.cursor += 1;
      if (row) await this.requote(row);
      const target = this.pairs[this.random.int(0, this.pairs.length - 1)];
      if (target && this.random.chance(80) && this.isOn(target)) await this.take(target);
    } catch (error) {
      if (!(error instanceof Refusal)) this.onFault(error);
    } finally {
      this.busy = false;
    }
  }

  private async fund(): Promise<void> {
    const currencies = new Map<number, Atoms>();
    for (const row of this.pairs) {
      const price = parseAmount(row.usdt_price);
      if (price > 0n) currencies.set(row.currency_id, (FUNDING_USDT * 10n ** 18n) / price);
      currencies.set(row.legal_id, FUNDING_USDT);
    }
    for (const maker of this.makers) {
      for (const [currencyId, amount] of currencies) {
        await this.core.execute({
          kind: 'adjust',
          key: `maker-funding:${maker}:${currencyId}`,
          userId: maker,
          currencyId,
          wallet: 'change',
          amount,
          reason: 'adjustment',
          reference: 'market maker funding',
        });
      }
    }
  }

  private pairOf(row: MakerPairRow): SpotPair | undefined {
    return this.core.read.pair(row.pair_id);
  }

  /**
   * The mid walks from the reference price by a few basis points. It never starts from a trade:
   * the reference is the index's source in development, and a user's trade must not steer it.
   */
  private nextMid(row: MakerPairRow, pair: SpotPair): Atoms {
    const previous = this.mids.get(pair.id) ?? this.options.referencePrices?.get(pair.id) ?? parseAmount(row.usdt_price);
    const drift = BigInt(this.random.int(-15, 15));
    const mid = (previous * (BASIS + drift)) / BASIS;
    this.mids.set(pair.id, mid);
    this.options.referencePrices?.set(pair.id, mid);
    return mid;
  }

  private async requote(row: MakerPairRow): Promise<void> {
    const pair = this.pairOf(row);
    const quoter = this.makers[0];
    if (!pair || quoter === undefined) return;
    for (const orderId of this.quotes.get(pair.id) ?? []) {
      if (this.core.read.isOrderOpen(orderId)) {
        await this.core.execute({ kind: 'spot_cancel', key: `maker-cancel:${this.runId}:${orderId}`, userId: quoter, orderId }).catch(ignoreRefusal);
      }
    }
    if (!this.isOn(row)) {
      this.quotes.delete(pair.id);
      return;
    }
    const mid = this.nextMid(row, pair);
    const placed: number[] = [];
    const orders: Promise<void>[] = [];
    for (let level = 1; level <= this.options.levels; level += 1) {
      for (const side of ['buy', 'sell'] as const) {
        const offset = BigInt(level * 5 + this.random.int(0, 4));
        const raw = side === 'buy' ? (mid * (BASIS - offset)) / BASIS : (mid * (BASIS + offset)) / BASIS;
        const price = floorTo(raw, tickAtoms(pair));
        const quantity = this.size(pair, mid, 200, 3000);
        if (price <= 0n || quantity <= 0n) continue;
        orders.push(
          this.core
            .execute({ kind: 'spot_place', key: `maker:${this.runId}:${pair.id}:${this.cursor}:${side}:${level}`, userId: quoter, pairId: pair.id, side, type: 'limit', price, quantity })
            .then((result) => {
              if (result.applied && result.orderId) placed.push(result.orderId);
            }, ignoreRefusal),
        );
      }
    }
    await Promise.all(orders);
    this.quotes.set(pair.id, placed);
  }

  private async take(row: MakerPairRow): Promise<void> {
    const pair = this.pairOf(row);
    const taker = this.makers[1];
    if (!pair || taker === undefined) return;
    const mid = this.mids.get(pair.id) ?? parseAmount(row.usdt_price);
    const quantity = this.size(pair, mid, 20, 600);
    if (quantity <= 0n) return;
    const side = this.random.chance(50) ? 'buy' : 'sell';
    await this.core
      .execute({ kind: 'spot_place', key: `maker-take:${this.runId}:${pair.id}:${this.cursor}`, userId: taker, pairId: pair.id, side, type: 'market', quantity })
      .catch(ignoreRefusal);
  }

  /** Quotes only where the operator's switch is on and the pair is enabled (shown): a hidden pair's quotes come down, as they go back up once it is shown again. */
  private isOn(row: MakerPairRow): boolean {
    return (this.options.switches?.isOn(row.pair_id) ?? true) && this.core.read.pair(row.pair_id)?.enabled === true;
  }

  /** A random order size worth between `minUsdt` and `maxUsdt`, in whole lots. */
  private size(pair: SpotPair, price: Atoms, minUsdt: number, maxUsdt: number): Atoms {
    if (price <= 0n) return 0n;
    const value = BigInt(this.random.int(minUsdt, maxUsdt)) * 10n ** 18n;
    return floorTo((value * 10n ** 18n) / price, lotAtoms(pair));
  }
}

function floorTo(atoms: Atoms, unit: Atoms): Atoms {
  return atoms - (atoms % unit);
}

function ignoreRefusal(error: unknown): void {
  if (!(error instanceof Refusal)) throw error;
}
