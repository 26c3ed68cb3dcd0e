import type { Atoms } from '../../core/amount';

const MINUTE = 60_000;
/** The window: the current minute and the 1,439 before it. */
export const WINDOW_MINUTES = 1440;

export interface MinuteBar {
  /** open time of the minute, unix ms */
  time: number;
  open: Atoms;
  high: Atoms;
  low: Atoms;
  close: Atoms;
  volume: Atoms;
  /** time of the trade that set `close` (memory only) */
  closeAt?: number;
}

export interface DayStats {
  last: Atoms;
  /** the price 24 h ago: the close before the window, else the first open inside it */
  reference: Atoms;
  high: Atoms;
  low: Atoms;
  volume: Atoms;
}

/**
 * The rolling 24 hours of one pair, from 1-minute bars: stored ones loaded at start, then live
 * trades. Bars leaving the window are dropped; the newest of them stays as the reference price
 * ("24 h ago"). Stats are recomputed only when a trade came or the minute turned.
 */
export class RollingDay {
  private bars: MinuteBar[] = [];
  private before: MinuteBar | undefined;
  private cached: { minute: number; version: number; stats: DayStats | undefined } | undefined;
  private version = 0;

  constructor(private readonly fallbackPrice: () => Atoms | undefined) {}

  /** Loads stored bars; `before` is the newest bar older than the window, if any. */
  load(bars: MinuteBar[], before: MinuteBar | undefined): void {
    this.bars = [...bars].sort((a, b) => a.time - b.time);
    this.before = before;
    this.version++;
  }

  trade(timeMs: number, price: Atoms, quantity: Atoms): void {
    const time = Math.floor(timeMs / MINUTE) * MINUTE;
    const last = this.bars.at(-1);
    let index = this.bars.length;
    if (last && time <= last.time) {
      // out of order (rare): find the bar, or where it goes
      index = this.bars.findIndex((bar) => bar.time >= time);
    }
    const bar = this.bars[index];
    if (bar && bar.time === time) {
      if (price > bar.high) bar.high = price;
      if (price < bar.low) bar.low = price;
      if (timeMs >= (bar.closeAt ?? bar.time)) {
        bar.close = price;
        bar.closeAt = timeMs;
      }
      bar.volume += quantity;
    } else {
      this.bars.splice(index, 0, { time, open: price, high: price, low: price, close: price, volume: quantity, closeAt: timeMs });
    }
    this.version++;
  }

  /** The last price: the newest bar's close, else the reference, else the fallback. */
  lastPrice(): Atoms | undefined {
    return this.bars.at(-1)?.close ?? this.before?.close ?? this.fallbackPrice();
  }

  stats(nowMs: number): DayStats | undefined {
    const minute = Math.floor(nowMs / MINUTE) * MINUTE;
    if (this.cached && this.cached.minute === minute && this.cached.version === this.version) return this.cached.stats;
    const stats = this.compute(minute);
    this.cached = { minute, version: this.version, stats };
    return stats;
  }

  private compute(minute: number): DayStats | undefined {
    const windowStart = minute - (WINDOW_MINUTES - 1) * MINUTE;
    let drop = 0;
    while (drop < this.bars.length && (this.bars[drop] as MinuteBar).time < windowStart) drop++;
    if (drop > 0) {
      const newestDropped = this.bars[drop - 1] as MinuteBar;
      if (!this.before || newestDropped.time > this.before.time) this.before = newestDropped;
      this.bars = this.bars.slice(drop);
    }
    const last = this.lastPrice();
    if (last === undefined) return undefined;
    const first = this.bars[0];
    if (!first) return { last, reference: this.before?.close ?? last, high: last, low: last, volume: 0n };
    let high = first.high;
    let low = first.low;
    let volume = 0n;
    for (const bar of this.bars) {
      if (bar.high > high) high = bar.high;
      if (bar.low < low) low = bar.low;
      volume += bar.volume;
    }
    return { last, reference: this.before?.close ?? first.open, high, low, volume };
  }
}
