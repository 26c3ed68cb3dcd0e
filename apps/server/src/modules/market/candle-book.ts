import type { Atoms } from '../../core/amount';
import { bucketStart, CANDLE_PERIODS, type CandlePeriod } from './resolutions';

/** One candle of one pair and resolution, exact: bigint atoms of 1e-18. */
export interface Candle {
  pairId: number;
  period: CandlePeriod;
  /** open time, unix ms */
  openTime: number;
  open: Atoms;
  high: Atoms;
  low: Atoms;
  close: Atoms;
  volume: Atoms;
  /** time of the trade that set `close` (memory only): an older trade in the bucket leaves it */
  closeAt?: number;
}

/** What a flush writes: full candles (upserted as they are) and late deltas (merged). */
export interface CandleWrite {
  full: Candle[];
  late: Candle[];
}

const seriesKey = (pairId: number, period: CandlePeriod) => `${pairId}:${period}`;
const candleKey = (candle: Pick<Candle, 'pairId' | 'period' | 'openTime'>) => `${candle.pairId}:${candle.period}:${candle.openTime}`;

/**
 * The candles in memory: for every pair and resolution the current candle and the one before it,
 * plus the set of candles changed since the last flush. A trade updates every resolution in
 * memory; the database sees each changed candle once per flush, however many trades touched it.
 *
 * Trades arrive in time order from the core. A trade older than the current candle of a
 * resolution (a clock step back, or a replay) still counts: it updates the previous candle when
 * that is its bucket, else it becomes a "late" delta that the flush merges into the stored row
 * (high and low widened, volume added, open and close kept).
 */
export class CandleBook {
  private readonly current = new Map<string, Candle>();
  private readonly previous = new Map<string, Candle>();
  private dirty = new Map<string, Candle>();
  private late = new Map<string, Candle>();

  /** Seeds memory with stored candles (any order); the newest two per series are kept. */
  load(candles: Iterable<Candle>): void {
    for (const candle of candles) {
      const key = seriesKey(candle.pairId, candle.period);
      const current = this.current.get(key);
      if (!current || candle.openTime > current.openTime) {
        if (current) this.keepPrevious(key, current);
        this.current.set(key, { ...candle });
      } else if (candle.openTime < current.openTime) {
        this.keepPrevious(key, { ...candle });
      }
    }
  }

  /** Counts one trade in every resolution. Answers the candles it changed (current ones first). */
  apply(pairId: number, timeMs: number, price: Atoms, quantity: Atoms): Candle[] {
    const changed: Candle[] = [];
    for (const period of CANDLE_PERIODS) {
      const openTime = bucketStart(period, timeMs);
      const key = seriesKey(pairId, period);
      const current = this.current.get(key);
      if (!current || openTime > current.openTime) {
        if (current) this.previous.set(key, current);
        const fresh = { pairId, period, openTime, open: price, high: price, low: price, close: price, volume: quantity, closeAt: timeMs };
        this.current.set(key, fresh);
        this.markDirty(fresh);
        changed.push(fresh);
        continue;
      }
      const previous = this.previous.get(key);
      const target = openTime === current.openTime ? current : openTime === previous?.openTime ? previous : undefined;
      if (target) {
        if (price > target.high) target.high = price;
        if (price < target.low) target.low = price;
        // a trade older than the one that closed the candle leaves the close alone
        if (timeMs >= (target.closeAt ?? target.openTime)) {
          target.close = price;
          target.closeAt = timeMs;
        }
        target.volume += quantity;
        this.markDirty(target);
        changed.push(target);
        continue;
      }
      this.addLate({ pairId, period, openTime, open: price, high: price, low: price, close: price, volume: quantity });
    }
    return changed;
  }

  currentOf(pairId: number, period: CandlePeriod): Candle | undefined {
    return this.current.get(seriesKey(pairId, period));
  }

  previousOf(pairId: number, period: CandlePeriod): Candle | undefined {
    return this.previous.get(seriesKey(pairId, period));
  }

  /** The unflushed and current candles of one series: newer than what the database holds. */
  inMemory(pairId: number, period: CandlePeriod): Candle[] {
    const found = new Map<number, Candle>();
    for (const candle of this.dirty.values()) {
      if (candle.pairId === pairId && candle.period === period) found.set(candle.openTime, candle);
    }
    const key = seriesKey(pairId, period);
    for (const candle of [this.previous.get(key), this.current.get(key)]) if (candle) found.set(candle.openTime, candle);
    return [...found.values()];
  }

  get hasChanges(): boolean {
    return this.dirty.size > 0 || this.late.size > 0;
  }

  /** Takes the changes to write: snapshots, so trades may go on while the write runs. */
  takeChanges(): CandleWrite {
    const write: CandleWrite = {
      full: [...this.dirty.values()].map((candle) => ({ ...candle })),
      late: [...this.late.values()],
    };
    this.dirty = new Map();
    this.late = new Map();
    return write;
  }

  /** Puts back the changes of a failed write, so the next flush retries them. */
  restoreChanges(write: CandleWrite): void {
    for (const candle of write.full) {
      const key = candleKey(candle);
      // a candle changed again since is newer in memory: keep that one
      if (!this.dirty.has(key)) this.dirty.set(key, this.liveCandle(candle) ?? candle);
    }
    for (const delta of write.late) this.addLate(delta);
  }

  private liveCandle(candle: Candle): Candle | undefined {
    const key = seriesKey(candle.pairId, candle.period);
    for (const live of [this.current.get(key), this.previous.get(key)]) if (live?.openTime === candle.openTime) return live;
    return undefined;
  }

  private keepPrevious(key: string, candle: Candle): void {
    const previous = this.previous.get(key);
    if (!previous || candle.openTime > previous.openTime) this.previous.set(key, candle);
  }

  private markDirty(candle: Candle): void {
    this.dirty.set(candleKey(candle), candle);
  }

  private addLate(delta: Candle): void {
    const key = candleKey(delta);
    const known = this.late.get(key);
    if (!known) {
      this.late.set(key, { ...delta });
      return;
    }
    if (delta.high > known.high) known.high = delta.high;
    if (delta.low < known.low) known.low = delta.low;
    known.volume += delta.volume;
  }
}
