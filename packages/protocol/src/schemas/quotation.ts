import { z } from 'zod';
import { refusalSchema } from '../envelope';
import { cacheBusting, requiredId } from './form';

/**
 * Market data: quotations, candles, recent trades and the public socket pushes (the
 * event name of a push is its `type`). Prices and quantities travel as decimal text at the pair's precision.
 */

/** The candle resolutions the server aggregates and stores, by their wire names. */
export const CANDLE_PERIODS = [
  '1min',
  '3min',
  '5min',
  '15min',
  '30min',
  '60min',
  '120min',
  '240min',
  '360min',
  '720min',
  '1day',
  '3day',
  '1week',
  '1mon',
] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];
export const candlePeriod = z.enum(CANDLE_PERIODS);

const decimalText = z.string().describe('decimal text, exact, at the pair precision');
/**
 * A figure old quotation screens format with `toFixed`: a JSON number when the number, written
 * at the pair's precision, gives back the exact decimal text; the decimal text otherwise (more
 * digits than a double holds).
 */
export const displayFigure = z
  .union([z.number(), z.string()])
  .describe('JSON number at the pair precision; decimal text only when a number would lose digits');
export type DisplayFigure = z.infer<typeof displayFigure>;
const flag = z.union([z.literal(0), z.literal(1)]);

export const quotationItem = z.object({
  id: z.int().describe('pair id (match_id of the pushes)'),
  legal_id: z.int().describe('quote currency id'),
  currency_id: z.int().describe('base currency id'),
  legal_name: z.string(),
  currency_name: z.string(),
  symbol: z.string().describe('BTC/USDT'),
  now_price: displayFigure.describe('last trade price (number; decimal text only when a number would lose digits)'),
  change: z.string().describe('24 h change in percent, 2 decimals, signed: +1.25, -0.40, 0.00'),
  volume: displayFigure.describe('24 h volume in the base currency (number; decimal text only when a number would lose digits)'),
  high: displayFigure.describe('24 h high (number; decimal text only when a number would lose digits)'),
  low: displayFigure.describe('24 h low (number; decimal text only when a number would lose digits)'),
  cny_price: z.string().describe('now_price × the operator USDT→CNY rate, floored to max(2, price_precision) decimals'),
  is_display: flag,
  logo: z.string(),
  lever_share_num: z.string().describe('contract size per hand'),
  spread: z.string(),
  lever_trade_fee: z.string(),
  open_microtrade: flag,
  open_lever: flag,
  price_precision: z.int(),
  quantity_precision: z.int(),
  currency_type: z.int().describe('the market category of currency/type the pair is listed under (3: crypto-currency); old clients keep only the items of the category they show'),
});
export type QuotationItem = z.infer<typeof quotationItem>;

export const quotationGroup = z.object({
  id: z.int().describe('quote currency id'),
  name: z.string().describe('quote currency name, e.g. USDT'),
  quotation: z.array(quotationItem),
});
export type QuotationGroup = z.infer<typeof quotationGroup>;
export const quotationList = z.array(quotationGroup);

const unixSeconds = z
  .union([z.int().nonnegative(), z.string().trim().regex(/^\d{1,12}$/)])
  .transform((value) => Number(value));

export const timeshareQuery = z.object({
  symbol: z.string().trim().min(1).max(40).describe('BTC/USDT, BTCUSDT or btc_usdt'),
  period: z
    .string()
    .trim()
    .min(1)
    .max(10)
    .describe(`${CANDLE_PERIODS.join(', ')}; or the TradingView resolutions 1 3 5 15 30 60 120 240 360 720 1D 3D 1W 1M`),
  from: unixSeconds.optional().describe('unix seconds, inclusive; default: as far back as the cap allows'),
  to: unixSeconds.optional().describe('unix seconds, inclusive; default: now'),
  ...cacheBusting,
});

export const candleBar = z.object({
  id: z.int().describe('open time, unix seconds'),
  time: z.int().describe('open time, unix milliseconds'),
  open: decimalText,
  close: decimalText,
  high: decimalText,
  low: decimalText,
  volume: decimalText.describe('in the base currency'),
  period: candlePeriod.describe('the resolution of the bar'),
  change: z.string().describe('close against open of the bar, percent, 2 decimals, signed'),
  symbol: z.string().describe('BTC/USDT'),
});
export type CandleBar = z.infer<typeof candleBar>;

/** At most this many candles per reply: the newest of the range, oldest first. */
export const MAX_CANDLES_PER_REPLY = 2000;

/** new_timeshar answers `code` and `data` beside `type`, not a `message`. */
export const timeshareReply = z.union([
  z.object({
    type: z.literal('ok'),
    code: z.union([z.literal(1), z.literal(-1)]).describe('1: candles found; -1: none in the range'),
    data: z.array(candleBar).describe('oldest first'),
  }),
  refusalSchema,
]);

export const tradeHistoryQuery = z.object({ legal_id: requiredId, currency_id: requiredId, ...cacheBusting });

export const recentTrade = z.object({
  id: z.int(),
  price: decimalText,
  number: decimalText.describe('quantity in the base currency'),
  amount: decimalText.describe('the same as number: the terminal reads time, price, amount, direction'),
  time: z.string().describe('HH:mm:ss in the platform time zone (Asia/Shanghai): display text'),
  time_ms: z.int().describe('the trade time, unix milliseconds'),
  create_time: z.string().describe('YYYY-MM-DD HH:mm:ss, UTC'),
  way: z.enum(['buy', 'sell']).describe('the taker side'),
  direction: z.enum(['buy', 'sell']).describe('the same as way'),
});
export type RecentTrade = z.infer<typeof recentTrade>;
export const recentTrades = z.array(recentTrade).describe('newest first, at most 30');

/** The public socket pushes. The event name is the payload's `type`. */
export const klinePush = z.strictObject({
  type: z.literal('kline'),
  period: candlePeriod,
  match_id: z.int().describe('pair id'),
  currency_id: z.int(),
  currency_name: z.string(),
  legal_id: z.int(),
  legal_name: z.string(),
  open: decimalText,
  close: decimalText,
  high: decimalText,
  low: decimalText,
  volume: decimalText,
  symbol: z.string(),
  time: z.int().describe('candle open time, unix milliseconds'),
  change: z.string().describe('the pair\'s 24 h change in percent, 2 decimals, signed (the desk header shows it); 0.00 before its first trade'),
});
export type KlinePush = z.infer<typeof klinePush>;

export const daymarketPush = z.strictObject({
  ...klinePush.shape,
  type: z.literal('daymarket'),
  now_price: decimalText,
  change: z.string().describe('24 h change in percent, 2 decimals, signed'),
  currency_type: z.int().describe('the market category, as in the quotation item (3: crypto-currency)'),
});
export type DaymarketPush = z.infer<typeof daymarketPush>;

const bookLevel = z.tuple([z.string(), z.string()]).describe('[price, quantity]');
export const marketDepthPush = z.strictObject({
  type: z.literal('market_depth'),
  legal_id: z.int(),
  currency_id: z.int(),
  bids: z.array(bookLevel).describe('best (highest) first, at most 10'),
  asks: z.array(bookLevel).describe('best (lowest) first, at most 10'),
});
export type MarketDepthPush = z.infer<typeof marketDepthPush>;

export const marketDetailPush = z.strictObject({
  type: z.literal('market_detail'),
  legal_id: z.int(),
  currency_id: z.int(),
  data: z.array(recentTrade).describe('the trades since the previous push, newest first, at most 30'),
});
export type MarketDetailPush = z.infer<typeof marketDetailPush>;

export const transactionPush = z.strictObject({
  type: z.literal('transaction'),
  legal_id: z.int(),
  currency_id: z.int(),
  last_price: decimalText,
  in: z.string().describe('JSON text: bids [{price, number}], best first, at most 10'),
  out: z.string().describe('JSON text: asks [{price, number}], best first, at most 10'),
  proportion: z.string().describe('bids share of the quantity shown on both sides, percent, 2 decimals'),
  yesterday: z.string().describe('JSON text: the previous Asia/Shanghai day candle {open, high, low, close, volume}, or {}'),
  today: z.string().describe('JSON text: the rolling 24 h {open, high, low, close, volume, change}'),
});
export type TransactionPush = z.infer<typeof transactionPush>;

/** The private push to a user's room: their balances or orders changed; the client refetches them. */
export const balancePush = z.strictObject({ type: z.literal('update_balance'), user_id: z.int() });
export type BalancePush = z.infer<typeof balancePush>;

/** What a socket may send to narrow its market pushes to some pairs. */
export const pairSubscription = z.object({ legal_id: requiredId, currency_id: requiredId });
export type PairSubscription = z.output<typeof pairSubscription>;
