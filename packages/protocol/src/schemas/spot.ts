import { z } from 'zod';
import { recentTrade } from './quotation';
import { optionalText, optionalWholeNumber, pageQuery, requiredBigId, requiredId } from './form';

/** transaction/in (buy) and transaction/out (sell). mode 1 = market at the best price, 2 = limit. */
export const spotOrderBody = z.object({
  legal_id: requiredId.describe('quote currency id (3 = USDT)'),
  currency_id: requiredId.describe('base currency id'),
  price: optionalText(40).describe('limit price; ignored for market orders'),
  num: optionalText(40).describe('quantity in the base currency'),
  mode: optionalText(2).describe('1 market, 2 limit (default), 3 stop-limit'),
  // the order controls (issue 28), all optional: without them an order behaves as it always did
  stop_price: optionalText(40).describe('stop-limit (mode 3): the last-trade price that turns it into a limit order at `price`'),
  time_in_force: optionalText(4).describe('limit and stop-limit: GTC (default), IOC or FOK'),
  post_only: optionalText(1).describe('limit: 1 refuses the order instead of letting it take'),
  stp: optionalText(12).describe('self-trade prevention: cancel_taker (default), cancel_maker or cancel_both'),
  client_order_id: optionalText(36).describe('your own id for the order, unique per user (letters, digits, _ - : .): a place retried with it is placed once'),
});

export const spotCancelBody = z.object({ id: requiredBigId, type: optionalText(4).describe('in (buy) or out (sell); informative') });
export const spotListBody = z.object({ currency_id: optionalWholeNumber, legal_id: optionalWholeNumber, ...pageQuery });
export const spotDealBody = z.object({ legal_id: requiredId, currency_id: requiredId });

export const spotOpenOrder = z.object({
  id: z.int(),
  create_time: z.string(),
  currency_id: z.int(),
  legal_id: z.int(),
  currency_name: z.string(),
  legal_name: z.string(),
  type: z.enum(['in', 'out']),
  mode: z.enum(['limit', 'market', 'stop_limit']),
  price: z.string(),
  stop_price: z.string().optional().describe('stop-limit orders: the stop price'),
  triggered: z.boolean().optional().describe('stop-limit orders: whether a trade reached the stop price (then it is in the book)'),
  number: z.string().describe('the quantity ordered'),
  surplus: z.string().describe('the quantity not yet filled'),
  filled: z.string(),
});

export const spotCompletedTrade = z.object({
  id: z.int(),
  time: z.string(),
  create_time: z.string().describe('the same as time, as the entrust list reads it'),
  currency_name: z.string(),
  legal_name: z.string(),
  number: z.string(),
  price: z.string(),
  way: z.union([z.literal(1), z.literal(2)]).describe('2 buy, 1 sell'),
  type: z.enum(['in', 'out']),
  in_fee: z.string().describe('fee paid on a buy, in the base currency'),
  out_fee: z.string().describe('fee paid on a sell, in the quote currency'),
  role: z.enum(['maker', 'taker']),
});

export const bookEntry = z.object({ price: z.string(), number: z.string(), sum: z.string().describe('price × number') });

export const spotDeal = z.object({
  in: z.array(bookEntry).describe('bids, best first'),
  out: z.array(bookEntry).describe('asks, best first'),
  last_price: z.string(),
  user_currency: z.string().describe('available base balance of the caller (spot wallet)'),
  user_legal: z.string().describe('available quote balance of the caller (spot wallet)'),
  cny_price: z.string(),
  complete: z.array(recentTrade).describe('the pair\'s newest trades, newest first, at most 30 (as currency/new_tradehistory)'),
});

// Types of the replies and bodies, for clients (the web app imports types, never zod).
export type SpotOrderRequestInput = z.input<typeof spotOrderBody>;
/** The two ids naming a pair, as the spot calls take them. */
export type SpotPairIds = z.output<typeof spotDealBody>;
export type SpotOpenOrder = z.infer<typeof spotOpenOrder>;
export type SpotCompletedTrade = z.infer<typeof spotCompletedTrade>;
export type BookEntry = z.infer<typeof bookEntry>;
export type SpotDeal = z.infer<typeof spotDeal>;
