import { randomUUID } from 'node:crypto';
import type { Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { lowerMedian } from '../../core/index-prices/rules';
import type { IndexSourceReading } from '../../core/index-prices/state';
import type { PairReadings } from '../../core/index-prices/book';
import { Refusal } from '../../core/refusal';
import { tickAtoms } from '../../core/units';
import { aggregateReadings, type SourcePrice } from './aggregate';
import type { PriceSource } from './source';

/** A source of one pair, and the market's symbol there. */
export interface PairSource {
  source: PriceSource;
  market: string;
}

export interface IndexFeedOptions {
  /** how often every pair's index is aggregated */
  tickMs: number;
  /** an unchanged index is sent again this often, so the core sees it is still fresh */
  heartbeatMs: number;
  /** fewer fresh sources than this, and no tick is sent: the index goes stale */
  minSources: number;
}

/** How the index module feeds the core: one tick a second while a price moves, and a heartbeat every two seconds while it does not; every pair of a round in one command. */
export const FEED_TIMING = { tickMs: 1_000, heartbeatMs: 2_000 } as const;

/** The source name of a price set through the development route. */
export const DEV_SOURCE = 'dev';

/**
 * Feeds the core each pair's index as ordinary `index_tick` commands: every `tickMs` it reads each
 * pair's sources, drops stale and outlying readings, and sends the readings when enough are used
 * and the index moved (or the heartbeat is due). The core computes the index and the mark from
 * them; nothing here is trusted beyond the readings it records. Outside production a pair's index
 * may be pinned to a price (`pin`, the development route): the feed then sends that price instead.
 */
export class IndexFeed {
  private timer: NodeJS.Timeout | undefined;
  private readonly pins = new Map<number, Atoms>();
  private readonly sent = new Map<number, { value: Atoms; at: number }>();
  private readonly runId = randomUUID();
  private sequence = 0;
  private busy = false;
  private report: (error: unknown) => void = () => {};

  constructor(
    private readonly core: Core,
    /** the sources of the pair with this symbol (none: the pair gets no index) */
    private readonly sourcesOf: (symbol: string) => PairSource[],
    private readonly sources: readonly PriceSource[],
    private readonly options: IndexFeedOptions,
    private readonly clock: () => Date,
  ) {}

  /** Where the feed and its sources report faults (an exchange down, a command that failed). */
  reportFaultsTo(report: (error: unknown) => void): void {
    this.report = report;
  }

  fault(error: unknown): void {
    this.report(error);
  }

  /** Starts the sources and sends a first round at once: a fresh install has an index before it answers. */
  async start(): Promise<void> {
    for (const source of this.sources) await source.start();
    await this.round();
    this.timer = setInterval(() => void this.round(), this.options.tickMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    for (const source of this.sources) source.stop();
  }

  /** Development: the pair's index becomes `price` now, and stays there (sent as a heartbeat) until released. */
  async pin(pairId: number, price: Atoms): Promise<void> {
    this.pins.set(pairId, price);
    await this.send([pairId], true);
  }

  /** Development: the pair's index comes from its sources again. */
  release(pairId: number): void {
    this.pins.delete(pairId);
  }

  /** One round: every pair whose index moved or whose heartbeat is due, in one command. */
  async round(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.send([...this.core.read.pairs()].map((pair) => pair.id), false);
    } finally {
      this.busy = false;
    }
  }

  private async send(pairIds: number[], force: boolean): Promise<void> {
    const now = this.clock().getTime();
    const ticks: PairReadings[] = [];
    for (const pairId of pairIds) {
      const readings = this.readingsOf(pairId);
      if (!readings) continue;
      const value = lowerMedian(readings.filter((reading) => reading.used).map((reading) => reading.value));
      const last = this.sent.get(pairId);
      if (value === null || (!force && last !== undefined && last.value === value && now - last.at < this.options.heartbeatMs)) continue;
      this.sent.set(pairId, { value, at: now });
      ticks.push({ pairId, sources: readings });
    }
    if (ticks.length === 0) return;
    try {
      await this.core.execute({ kind: 'index_tick', key: `index:${this.runId}:${(this.sequence += 1)}`, ticks });
    } catch (error) {
      // refused (the core is stopping) or faulted: the next round sends again
      for (const tick of ticks) this.sent.delete(tick.pairId);
      if (!(error instanceof Refusal)) this.report(error);
    }
  }

  /** The pair's readings, each floored to the pair's price step, marked used or dropped; null when too few are used. */
  private readingsOf(pairId: number): IndexSourceReading[] | null {
    const pair = this.core.read.pair(pairId);
    if (!pair) return null;
    const now = this.clock().getTime();
    const step = tickAtoms(pair);
    const pinned = this.pins.get(pairId);
    if (pinned !== undefined) return [{ name: DEV_SOURCE, value: pinned, at: now, used: true }];
    const prices: SourcePrice[] = [];
    for (const { source, market } of this.sourcesOf(pair.symbol)) {
      const latest = source.latest(market);
      const value = latest ? latest.value - (latest.value % step) : 0n;
      if (latest && value > 0n) prices.push({ name: source.name, value, at: latest.at });
    }
    return aggregateReadings(prices, now, this.options.minSources);
  }
}
