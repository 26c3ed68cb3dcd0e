import type { Atoms } from '../amount';
import type { MarkInputs } from '../kind';

/**
 * A pair's mark price, from its own book (decision 0009): the median of best bid, best ask and
 * last trade, which is the last trade held within the spread. A missing side bounds nothing; a
 * pair that has never traded has no mark.
 */
export function markPrice(inputs: MarkInputs): Atoms | null {
  let mark = inputs.lastTrade;
  if (mark === null) return null;
  const { bestBid, bestAsk } = inputs;
  if (bestAsk !== null && mark > bestAsk) mark = bestAsk;
  if (bestBid !== null && mark < bestBid) mark = bestBid;
  return mark;
}
