import { compare, isPositive, mulFloor, subtract, toAtoms } from './decimal';
import { TOTAL_DECIMALS } from './order';

/** One price level: [price, quantity] as decimal text, as `market_depth` pushes them. */
export type Level = readonly [price: string, quantity: string];

export interface BookRow {
  price: string;
  quantity: string;
  /** price × quantity, floored to 4 decimals */
  total: string;
  /** quantity ÷ the largest quantity shown on either side, 0 to 1: the width of the depth bar */
  ratio: number;
}

export interface BookView {
  /** best (lowest) first */
  asks: BookRow[];
  /** best (highest) first */
  bids: BookRow[];
}

/** Levels from `transaction/deal` entries (`{price, number}`). */
export function levelsFromEntries(entries: readonly { price: string; number: string }[]): Level[] {
  return entries.map((entry) => [entry.price, entry.number] as const);
}

/** Levels from the JSON text of a `transaction` push (`in` / `out`); empty when unreadable. */
export function levelsFromJson(text: string): Level[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    const levels: Level[] = [];
    for (const item of parsed) {
      if (Array.isArray(item) && item.length >= 2) levels.push([String(item[0]), String(item[1])]);
      else if (typeof item === 'object' && item !== null && 'price' in item && 'number' in item) {
        levels.push([String(item.price), String(item.number)]);
      }
    }
    return levels;
  } catch {
    return [];
  }
}

/** Keeps well-formed levels with a quantity above zero, sorted best first for the side. */
export function cleanLevels(levels: readonly (readonly unknown[])[], side: 'bids' | 'asks'): Level[] {
  const out: Level[] = [];
  for (const level of levels) {
    const price = String(level[0] ?? '');
    const quantity = String(level[1] ?? '');
    if (toAtoms(price) === null || !isPositive(quantity)) continue;
    out.push([price, quantity]);
  }
  out.sort((a, b) => (side === 'asks' ? compare(a[0], b[0]) : compare(b[0], a[0])));
  return out;
}

/**
 * The rows the book draws: `levels` per side, each with its total and the width of its depth bar
 * (quantity ÷ the largest quantity shown). The ratio is a drawing width, so a float is fine here.
 */
export function bookView(bids: readonly Level[], asks: readonly Level[], levels: number): BookView {
  const shownBids = bids.slice(0, levels);
  const shownAsks = asks.slice(0, levels);
  let max = 0;
  for (const [, quantity] of [...shownBids, ...shownAsks]) max = Math.max(max, Number(quantity));
  const row = ([price, quantity]: Level): BookRow => ({
    price,
    quantity,
    total: mulFloor(price, quantity, TOTAL_DECIMALS) ?? '0',
    ratio: max > 0 ? Math.min(1, Number(quantity) / max) : 0,
  });
  return { bids: shownBids.map(row), asks: shownAsks.map(row) };
}

export function bestBid(bids: readonly Level[]): string | undefined {
  return bids[0]?.[0];
}

export function bestAsk(asks: readonly Level[]): string | undefined {
  return asks[0]?.[0];
}

/** Best ask − best bid at the price precision, or null when a side is empty. */
export function spread(bids: readonly Level[], asks: readonly Level[], decimals: number): string | null {
  const bid = bestBid(bids);
  const ask = bestAsk(asks);
  if (bid === undefined || ask === undefined) return null;
  return subtract(ask, bid, decimals);
}
