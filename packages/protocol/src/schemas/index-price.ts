import { z } from 'zod';
import { cacheBusting, requiredId } from './form';

const decimalText = z.string().describe('decimal text, exact, at the pair precision');

/** `GET currency/index_price`: a pair's index and guarded mark (decision 0013). */
export const indexPriceQuery = z.object({ legal_id: requiredId, currency_id: requiredId, ...cacheBusting });

export const indexPrice = z.object({
  legal_id: z.int(),
  currency_id: z.int(),
  symbol: z.string(),
  index_price: decimalText.describe('the index: the median of outside sources, floored to the pair’s price step; empty before the first tick'),
  mark_price: decimalText.describe('the mark leverage settles at: the index, leaning on the book within a band; empty before the first tick'),
  time: z.int().describe('when the index was recorded, unix milliseconds (0: never)'),
  stale: z.union([z.literal(0), z.literal(1)]).describe('1 while the index is older than the staleness limit: new positions and contracts wait'),
});
export type IndexPrice = z.infer<typeof indexPrice>;
