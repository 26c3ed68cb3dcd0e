import type { Atoms } from '../amount';

/** A pair's book as decision 0009 priced it: best bid, best ask and last trade (null: none). */
export interface BookMarkInputs {
  bestBid: Atoms | null;
  bestAsk: Atoms | null;
  lastTrade: Atoms | null;
}

/**
 * The mark of decision 0009, from the pair's own book: the median of best bid, best ask and last
 * trade, which is the last trade held within the spread. Superseded for leverage and second
 * contracts by the guarded mark of decision 0013; kept to audit the records made before it
 * (migration 023), whose rows still carry these three inputs.
 */
export function markPrice(inputs: BookMarkInputs): Atoms | null {
  let mark = inputs.lastTrade;
  if (mark === null) return null;
  const { bestBid, bestAsk } = inputs;
  if (bestAsk !== null && mark > bestAsk) mark = bestAsk;
  if (bestBid !== null && mark < bestBid) mark = bestBid;
  return mark;
}
