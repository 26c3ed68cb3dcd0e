import { UNIT } from '@tessera/protocol';
import type { Atoms } from '../amount';
import { ceilDiv, floorDiv, quantityOf, unrealisedAt, type LeverTrade } from './state';

/** One user's standing in one quote currency: what the risk rate is made of. */
export interface RiskFigures {
  available: Atoms;
  margin: Atoms;
  unrealised: Atoms;
  /** available + margin + unrealised */
  equity: Atoms;
}

/** The marks a risk evaluation used, per pair. */
export type MarkOf = (pairId: number) => Atoms | undefined;

/** Risk figures of held positions at the given marks (a pair without a mark counts at its open price). */
export function riskFigures(available: Atoms, held: readonly LeverTrade[], markOf: MarkOf): RiskFigures {
  let margin = 0n;
  let unrealised = 0n;
  for (const trade of held) {
    margin += trade.margin;
    unrealised += unrealisedAt(trade, markOf(trade.pairId) ?? trade.price);
  }
  return { available, margin, unrealised, equity: available + margin + unrealised };
}

/** Risk rate in percent, floored to 1e-18 (null without margin): equity ÷ margin × 100. */
export function riskRate(figures: RiskFigures): Atoms | null {
  if (figures.margin === 0n) return null;
  return floorDiv(figures.equity * 100n * UNIT, figures.margin);
}

/** At or below the liquidation rate: equity × 100 ≤ rate × margin (exact, no rounding). */
export function mustLiquidate(figures: RiskFigures, liquidationRate: Atoms): boolean {
  if (figures.margin === 0n) return false;
  return figures.equity * 100n * UNIT <= liquidationRate * figures.margin;
}

/**
 * The cushion: how much equity may still be lost before the rate is reached, in atoms, floored
 * and less one atom per position (each position's unrealised profit is floored on its own).
 */
export function cushionOf(figures: RiskFigures, liquidationRate: Atoms, positions: number): Atoms {
  return floorDiv(figures.equity * 100n * UNIT - liquidationRate * figures.margin, 100n * UNIT) - BigInt(positions + 1);
}

/** A level that, when the pair's mark reaches it, calls for the user's risk to be evaluated again. */
export interface RiskLevel {
  pairId: number;
  direction: 'rise' | 'fall';
  level: Atoms;
}

/**
 * Where to watch each pair so that no mark path can bring the risk rate to the liquidation rate
 * unseen. Per pair, the net quantity q (longs minus shorts) makes equity move by q × Δmark. The
 * cushion C is shared equally between the n pairs with q ≠ 0: pair p is watched at the mark where
 * its own move alone costs C ÷ n. If the rate is reached, the pairs' losses sum to at least C, so
 * at least one pair lost C ÷ n or more: its level was crossed, and the evaluation runs then. With
 * one pair (the usual case) the level is the exact liquidation mark. A pair whose net quantity is
 * zero cannot move the equity and gets no level.
 */
export function riskLevels(held: readonly LeverTrade[], cushion: Atoms, markOf: MarkOf): RiskLevel[] {
  const net = new Map<number, Atoms>();
  for (const trade of held) {
    const signed = trade.type === 1 ? quantityOf(trade) : -quantityOf(trade);
    net.set(trade.pairId, (net.get(trade.pairId) ?? 0n) + signed);
  }
  const moving = [...net].filter(([, quantity]) => quantity !== 0n);
  if (moving.length === 0) return [];
  const share = cushion > 0n ? cushion / BigInt(moving.length) : 0n;
  const levels: RiskLevel[] = [];
  for (const [pairId, quantity] of moving) {
    const mark = markOf(pairId) ?? held.find((trade) => trade.pairId === pairId)?.price ?? 0n;
    const size = quantity > 0n ? quantity : -quantity;
    // the move of the mark that costs `share`: floored, and at least one atom so it needs a real move
    let move = (share * UNIT) / size;
    if (move === 0n) move = 1n;
    if (quantity > 0n) {
      const level = mark - move;
      if (level > 0n) levels.push({ pairId, direction: 'fall', level });
    } else {
      levels.push({ pairId, direction: 'rise', level: mark + move });
    }
  }
  return levels;
}

/** The least lever balance that keeps the rate above the liquidation rate after taking `cost` out of it. */
export function availableNeeded(figures: RiskFigures, liquidationRate: Atoms, cost: Atoms): Atoms {
  // available' = A − cost; need (available' + margin + unrealised) × 100 > rate × margin
  const floor = ceilDiv(liquidationRate * figures.margin, 100n * UNIT) - figures.margin - figures.unrealised + 1n;
  const needed = floor + cost;
  return needed > cost ? needed : cost;
}
