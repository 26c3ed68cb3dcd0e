import { z } from 'zod';

/**
 * The signed API v1 (`/api/v1/…`, docs/api-v1.md): JSON in and out, amounts as decimal strings,
 * enums in upper case, times in epoch milliseconds, pairs spelled `BTC_USDT`.
 */
const decimal = z.string().max(40).describe('a decimal number as a string');
const symbol = z.string().max(30).describe('a pair: BTC_USDT');
const smallCount = z.coerce.number().int().min(1).max(500).optional();

export const v1SymbolQuery = z.object({ symbol: symbol.optional() });
export const v1DepthQuery = z.object({ symbol, limit: z.coerce.number().int().min(0).max(100_000).optional().describe('levels per side; 0 or absent: every level') });
export const v1TradesQuery = z.object({ symbol, limit: smallCount });
export const v1CandlesQuery = z.object({
  symbol,
  interval: z.string().max(10).describe('1min, 5min, 15min, 30min, 60min, 1day, 1week, 1mon…'),
  limit: smallCount,
  since: z.coerce.number().int().min(0).max(9_999_999_999_999).optional().describe('epoch ms of the first candle'),
});
export const v1BalancesQuery = z.object({ wallet: z.string().max(10).optional().describe('legal, change (spot), lever or micro; absent: all four') });
export const v1OrderQuery = z.object({
  orderId: z.string().max(20).optional(),
  clientOrderId: z.string().max(40).optional(),
});
export const v1OpenOrdersQuery = z.object({ symbol: symbol.optional(), limit: smallCount });
export const v1MyTradesQuery = z.object({ symbol: symbol.optional(), limit: smallCount, fromId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() });

export const v1PlaceOrderBody = z.object({
  symbol,
  side: z.string().max(4).describe('BUY or SELL'),
  type: z.string().max(10).describe('LIMIT, MARKET or STOP_LIMIT'),
  quantity: decimal,
  price: decimal.optional().describe('LIMIT and STOP_LIMIT'),
  stopPrice: decimal.optional().describe('STOP_LIMIT: the last-trade price that turns it into a limit order'),
  timeInForce: z.string().max(3).optional().describe('GTC (default), IOC or FOK'),
  postOnly: z.union([z.boolean(), z.string().max(5)]).optional().describe('true: refused instead of taking'),
  stp: z.string().max(12).optional().describe('cancel_taker (default), cancel_maker or cancel_both'),
  clientOrderId: z.string().max(40).optional().describe('unique per user: a place retried with it is one order'),
});
export const v1CancelAllQuery = z.object({ symbol: symbol.optional() });
export const v1TransferBody = z.object({
  currency: z.string().max(20),
  amount: decimal,
  from: z.string().max(10).describe('legal, change, lever or micro'),
  to: z.string().max(10),
});
export const v1WithdrawBody = z.object({
  currency: z.string().max(20),
  amount: decimal,
  address: z.string().max(200),
  network: z.string().max(10).optional().describe('the network of a currency on several (1 ERC20, 2 TRC20 for USDT)'),
  wallet: z.string().max(10).optional().describe('change (default) or micro'),
});

export const v1Market = z.object({
  symbol: z.string(),
  base: z.string(),
  quote: z.string(),
  baseId: z.int(),
  quoteId: z.int(),
  enabled: z.boolean(),
  pricePrecision: z.int(),
  quantityPrecision: z.int(),
  tickSize: z.string(),
  stepSize: z.string(),
  makerFee: z.string(),
  takerFee: z.string(),
});
export const v1Ticker = z.object({
  symbol: z.string(),
  last: z.string().nullable(),
  open: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  volume: z.string().nullable(),
  bid: z.string().nullable(),
  bidQuantity: z.string().nullable(),
  ask: z.string().nullable(),
  askQuantity: z.string().nullable(),
  time: z.number(),
});
const level = z.tuple([z.string(), z.string()]);
export const v1Depth = z.object({ symbol: z.string(), seq: z.int().describe('the last book diff this snapshot includes'), bids: z.array(level), asks: z.array(level), time: z.number() });
export const v1Trade = z.object({ id: z.string(), price: z.string(), quantity: z.string(), takerSide: z.string(), time: z.number() });
export const v1Candle = z.tuple([z.number(), z.string(), z.string(), z.string(), z.string(), z.string()]).describe('[open time, open, high, low, close, volume]');
export const v1Balance = z.object({ wallet: z.string(), currency: z.string(), available: z.string(), locked: z.string() });
export const v1Order = z.object({
  orderId: z.string(),
  clientOrderId: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  type: z.enum(['LIMIT', 'MARKET', 'STOP_LIMIT']),
  timeInForce: z.string(),
  postOnly: z.boolean(),
  stp: z.string(),
  price: z.string().nullable(),
  stopPrice: z.string().nullable(),
  quantity: z.string(),
  filled: z.string(),
  filledQuote: z.string(),
  status: z.enum(['open', 'filled', 'cancelled']),
  triggered: z.boolean().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export const v1Fill = z.object({
  tradeId: z.string(),
  orderId: z.string(),
  symbol: z.string(),
  side: z.enum(['BUY', 'SELL']),
  price: z.string(),
  quantity: z.string(),
  fee: z.string(),
  feeCurrency: z.string(),
  maker: z.boolean(),
  time: z.number(),
});
export const v1Time = z.object({ serverTime: z.number() });

export type V1Order = z.infer<typeof v1Order>;
