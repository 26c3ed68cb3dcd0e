import type { Atoms } from '../amount';
import type { MarkInputs } from '../kind';

/**
 * A pair's mark price, from its own book (decision 0009): the median of best bid, best ask and
 * last trade. A missing side counts as the last trade, so the mark is the last trade held within
 * the spread; a pair that has never traded has no mark.
 */
export function markPrice(inputs: MarkInputs): Atoms | null {
  const last = inputs.lastTrade;
  if (last === null) return null;
  const bid = inputs.bestBid ?? last;
  const ask = inputs.bestAsk ?? last;
  // the median of three
  if (bid <= ask) return last < bid ? bid : last > ask ? ask : last;
  // a crossed book does not rest (the engine matches it), but the median is defined all the same
  return last < ask ? ask : last > bid ? bid : last;
}
