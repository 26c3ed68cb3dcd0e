import type { Atoms } from '../amount';

/** A recorded trade as the tape keeps it: its id, time (epoch ms) and price. */
export interface TapeTrade {
  id: number;
  at: number;
  price: Atoms;
}

/** How long the tape keeps a pair's trades: far beyond any contract's lateness inside one process. */
export const TAPE_RETENTION_MS = 60 * 60_000;

/**
 * Each pair's recent trades in the order the core recorded them (by id, so by time), to answer
 * "the last trade at or before T" without a query while a command applies. It keeps the trades of
 * the last hour plus the newest one before them, so any T within the hour is answered; an older T
 * is "not covered" (undefined) and must be looked up in `spot_trades` instead. After a load it
 * holds each pair's last recorded trade; trades recorded later are appended as they happen.
 */
export class TradeTape {
  private readonly pairs = new Map<number, { trades: TapeTrade[]; complete: boolean }>();

  clear(): void {
    this.pairs.clear();
  }

  /**
   * Starts a pair's tape at a load: its last recorded trade, or none when it never traded (then
   * the tape is complete: it holds every trade the pair will ever have had).
   */
  seed(pairId: number, last: TapeTrade | null): void {
    this.pairs.set(pairId, { trades: last ? [last] : [], complete: last === null });
  }

  record(pairId: number, trade: TapeTrade): void {
    let tape = this.pairs.get(pairId);
    if (!tape) this.pairs.set(pairId, (tape = { trades: [], complete: false }));
    tape.trades.push(trade);
    this.trim(tape, trade.at - TAPE_RETENTION_MS);
  }

  /**
   * The last trade of the pair at or before `at` (epoch ms): null when the pair had none by then,
   * undefined when the tape does not reach back to `at` (look it up in `spot_trades`).
   */
  lastAtOrBefore(pairId: number, at: number): TapeTrade | null | undefined {
    const tape = this.pairs.get(pairId);
    if (!tape) return undefined;
    const { trades } = tape;
    // binary search: the first trade later than `at`
    let low = 0;
    let high = trades.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((trades[middle] as TapeTrade).at <= at) low = middle + 1;
      else high = middle;
    }
    if (low === 0) return tape.complete ? null : undefined;
    return trades[low - 1];
  }

  /** Drops trades older than `before`, keeping the newest of them (it answers any T up to the next one); in steps, not per trade. */
  private trim(tape: { trades: TapeTrade[]; complete: boolean }, before: number): void {
    const { trades } = tape;
    let drop = 0;
    while (drop + 1 < trades.length && (trades[drop + 1] as TapeTrade).at < before) drop += 1;
    if (drop < TRIM_STEP) return;
    trades.splice(0, drop);
    tape.complete = false;
  }
}

/** Trimming waits for this many stale trades, so recording stays O(1) amortised. */
const TRIM_STEP = 256;
