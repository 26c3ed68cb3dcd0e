import type { CandleBar, CurrencyDetail, IndexPrice, QuotationGroup as WireQuotationGroup, RecentTrade } from '@tessera/protocol';
import type { WirePeriod } from '../lib/trading/candles';
import { quotationFromWire, type QuotationGroup } from '../lib/trading/market';
import { call, refusalOf, send, type RequestOptions } from './client';

/** `currency/detail`: a currency with its description (operator-written HTML). */
export type { CurrencyDetail };

export interface CandleQuery {
  /** `BTC/USDT` */
  symbol: string;
  period: WirePeriod;
  /** unix seconds, inclusive; omitted: as far back as the server's cap allows */
  from?: number;
  /** unix seconds, inclusive; omitted: now */
  to?: number;
}

export interface CandleReply {
  /** false when the server had no candles in the range (`code = -1`) */
  found: boolean;
  /** oldest first */
  bars: CandleBar[];
}

/** `currency/index_price`: a pair's index (from outside sources) and the mark leverage settles at. */
export type { IndexPrice };

/** Public market data, no session needed: quotations, candles, recent trades, currency details. */
export const marketApi = {
  /** The pair's index and mark, with the index's time and whether it is stale. */
  indexPrice: (pair: { legal_id: number; currency_id: number }, options?: RequestOptions) =>
    call<IndexPrice>('GET', 'currency/index_price', { legal_id: pair.legal_id, currency_id: pair.currency_id }, options),

  /** Quotation groups (one per quote currency) with their pairs. */
  quotations: async (options?: RequestOptions): Promise<QuotationGroup[]> =>
    quotationFromWire(await call<WireQuotationGroup[]>('GET', 'currency/quotation_new', {}, options)),

  /** `new_timeshar` answers `code` and `data` beside `type`, not a `message`. */
  candles: async (query: CandleQuery, options?: RequestOptions): Promise<CandleReply> => {
    const params: Record<string, string | number> = { symbol: query.symbol, period: query.period };
    if (query.from !== undefined) params.from = query.from;
    if (query.to !== undefined) params.to = query.to;
    const reply = await send<unknown>('GET', 'currency/new_timeshar', params, options);
    if (reply.type !== 'ok') throw refusalOf(reply);
    const data = Array.isArray(reply.data) ? (reply.data as CandleBar[]) : [];
    return { found: Number(reply.code) === 1 && data.length > 0, bars: data };
  },

  /** The newest trades of a pair, newest first. */
  trades: (pair: { legal_id: number; currency_id: number }, options?: RequestOptions) =>
    call<RecentTrade[]>('GET', 'currency/new_tradehistory', { legal_id: pair.legal_id, currency_id: pair.currency_id }, options),

  detail: (id: number, lang: string, options?: RequestOptions) =>
    call<CurrencyDetail>('GET', 'currency/detail', { id, lang }, options),
};
