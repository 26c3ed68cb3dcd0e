import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, KindLookup, KindState, MarkInputs } from '../kind';
import type { MarkPrice } from '../read-view';
import { refuse } from '../refusal';
import { spotKind } from '../spot/kind';
import { TradeTape, type TapeTrade } from '../spot/trade-tape';
import { impactPrice } from './impact';
import { INDEX_PAIRS, INDEX_ROUNDS, loadIndex, type IndexRows } from './repository';
import { guardedMark, IMPACT_NOTIONAL, lowerMedian, PREMIUM_WINDOW, premiumSample } from './rules';
import type { IndexSourceReading, IndexTick } from './state';

/** One pair's readings in an index tick command. */
export interface PairReadings {
  pairId: number;
  sources: IndexSourceReading[];
}

/**
 * Pairs' index prices as the feed read them from their sources, one round of the feed in one
 * command (one command key for every pair of the round). The core computes each index (the lower
 * median of the sources used) and each mark itself; the command only carries the readings.
 */
export interface IndexTickCommand {
  kind: 'index_tick';
  key: string;
  ticks: PairReadings[];
}

export type IndexCommand = IndexTickCommand;

/** How deep the book is walked for an impact price: far beyond the impact notional on any real book. */
const IMPACT_LEVELS = 200;

/** A pair's index tick as the trigger machinery and the readers see it: the mark, its inputs, the tick's time. */
export function markOfTick(tick: IndexTick): MarkPrice {
  const inputs: MarkInputs = {
    pairId: tick.pairId,
    tickId: tick.id,
    index: tick.value,
    impactBid: tick.impactBid,
    impactAsk: tick.impactAsk,
    premium: tick.premium,
  };
  return { mark: tick.mark, inputs, at: tick.at };
}

/**
 * Every pair's index price and guarded mark, fed only by `index_tick` commands (so replay and
 * audit need nothing outside the database). A tick samples the pair's book once, as impact
 * prices for a set notional, at the moment the core applies it: between ticks nothing a user
 * does to the book moves the mark, and at a tick it moves it at most within the band.
 */
export class IndexBook implements KindState<IndexCommand, IndexRows> {
  /** per pair, the newest ticks (the premium window), newest last */
  private readonly recent = new Map<number, IndexTick[]>();
  /** each pair's recent ticks, for "the index at or before T" (second contracts settle at it) */
  readonly tape = new TradeTape();
  private readonly moved = new Set<number>();
  private lastId = 0;

  constructor(private readonly kinds: KindLookup) {}

  load(db: Queryable): Promise<IndexRows> {
    return loadIndex(db);
  }

  reset(rows: IndexRows): void {
    this.recent.clear();
    this.tape.clear();
    this.moved.clear();
    this.lastId = rows.lastId;
    for (const [pairId, ticks] of rows.recent) {
      this.recent.set(pairId, ticks);
      const newest = ticks[ticks.length - 1];
      // the tape starts at each pair's newest tick; a pair that never ticked has a complete (empty) tape
      this.tape.seed(pairId, newest ? tapeOf(newest) : null);
      this.moved.add(pairId);
    }
    for (const pairId of this.kinds.stateOf(spotKind).pairs.keys()) {
      if (!this.recent.has(pairId)) this.tape.seed(pairId, null);
    }
  }

  apply(command: IndexCommand, context: CommandContext, now: Date): CommandResult {
    const spot = this.kinds.stateOf(spotKind);
    // every pair once, every one known, every one with a positive reading used: checked before
    // anything changes; each pair's index (the lower median of its readings used) is taken here once
    const count = command.ticks.length;
    const pairs = new Set<number>();
    for (const tick of command.ticks) pairs.add(tick.pairId);
    if (count === 0 || pairs.size !== count) refuse('parameter error');
    const values: Atoms[] = new Array<Atoms>(count);
    for (let n = 0; n < count; n += 1) {
      const tick = command.ticks[n] as PairReadings;
      if (!spot.pairs.has(tick.pairId)) refuse('pair not found');
      const used: Atoms[] = [];
      for (const source of tick.sources) {
        if (!source.used) continue;
        if (source.value <= 0n) refuse('parameter error');
        used.push(source.value);
      }
      const value = lowerMedian(used);
      if (value === null) refuse('parameter error');
      values[n] = value;
    }
    // the round's ticks take consecutive ids from `round` on and are written as one row
    const round = this.lastId + 1;
    const ticks: IndexTick[] = new Array<IndexTick>(count);
    for (let n = 0; n < count; n += 1) {
      const readings = command.ticks[n] as PairReadings;
      if (!this.recent.has(readings.pairId)) context.stage(INDEX_PAIRS, { pairId: readings.pairId, round });
      ticks[n] = this.record(readings, values[n] as Atoms, now);
    }
    context.stage(INDEX_ROUNDS, { ticks });
    return { applied: true };
  }

  private record(command: PairReadings, value: Atoms, now: Date): IndexTick {
    const spot = this.kinds.stateOf(spotKind);
    const depth = spot.depthAtoms(command.pairId, IMPACT_LEVELS);
    const impactBid = impactPrice(depth.bids, IMPACT_NOTIONAL);
    const impactAsk = impactPrice(depth.asks, IMPACT_NOTIONAL);
    const sample = premiumSample(value, impactBid, impactAsk);
    // the window: the samples of the pair's newest ticks before this one, and this one's
    let recent = this.recent.get(command.pairId);
    if (!recent) this.recent.set(command.pairId, (recent = []));
    if (recent.length >= PREMIUM_WINDOW) recent.splice(0, recent.length - (PREMIUM_WINDOW - 1));
    const samples: Atoms[] = [];
    for (const earlier of recent) samples.push(earlier.premiumSample);
    samples.push(sample);
    const { mark, premium } = guardedMark(value, samples);
    // the tick holds the command's readings themselves: a command is not changed once submitted
    const tick: IndexTick = { id: this.lastId + 1, pairId: command.pairId, at: now, value, sources: command.sources, impactBid, impactAsk, premiumSample: sample, premium, mark };
    this.lastId = tick.id;
    recent.push(tick);
    this.tape.record(command.pairId, tapeOf(tick));
    this.moved.add(command.pairId);
    return tick;
  }

  /** The pair's newest tick, or undefined before its first. */
  newest(pairId: number): IndexTick | undefined {
    const ticks = this.recent.get(pairId);
    return ticks?.[ticks.length - 1];
  }

  /** The marks made by the ticks since the last call, one per pair (its newest). */
  *takeMovedMarks(): Iterable<MarkPrice> {
    const moved = [...this.moved];
    this.moved.clear();
    for (const pairId of moved) {
      const tick = this.newest(pairId);
      if (tick) yield markOfTick(tick);
    }
  }
}

const tapeOf = (tick: IndexTick): TapeTrade => ({ id: tick.id, at: tick.at.getTime(), price: tick.value });
