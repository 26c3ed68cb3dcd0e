import type { LeverDealReply, LeverRiskReply, LeverTradeItem, LeverTradePush } from '@tessera/protocol';
import { call, send, type Envelope, type RequestOptions } from './client';

/**
 * Leveraged trading: the pair's deal info, orders and positions, closing, take-profit and
 * stop-loss, cancelling, and the risk figures of the contract account. Every call needs the
 * session except `lever/deal`, which visitors may read for the pair's settings.
 */

/** Reply shapes of the lever calls, from the protocol's schemas. */
export type LeverTrade = LeverTradeItem;
export type LeverDeal = LeverDealReply;
export type LeverRisk = LeverRiskReply;
export type LeverRiskItem = LeverRisk['list'][number];
export type LeverOpenOrder = LeverDeal['my_transaction'][number];
export type { LeverTradePush };

/** Status of a lever trade: 0 pending (entrusted), 1 held, 3 closed, 4 revoked. */
export type LeverStatus = LeverTrade['status'];

/** A page of lever trades as the lists answer it. */
export interface LeverPage {
  data: LeverTrade[];
  total: number;
}

/** The pair of a lever call. */
export interface LeverPairIds {
  legal_id: number;
  currency_id: number;
}

const pageOf = (raw: unknown): LeverPage => {
  const outer = (raw ?? {}) as { message?: unknown; data?: unknown; total?: unknown; list?: unknown };
  const inner = (outer.message && typeof outer.message === 'object' ? outer.message : outer) as {
    data?: unknown;
    list?: unknown;
    total?: unknown;
  };
  const rows = Array.isArray(inner.data) ? inner.data : Array.isArray(inner.list) ? inner.list : [];
  const total = Number(inner.total ?? outer.total ?? rows.length);
  return { data: rows as LeverTrade[], total: Number.isFinite(total) ? total : rows.length };
};

export const leverApi = {
  deal: (pair: LeverPairIds, options?: RequestOptions) => call<LeverDeal>('POST', 'lever/deal', { ...pair }, options),
  /** Places an order; resolves with the reply whatever its type (the form shows `message`). */
  submit: (body: Record<string, string | number>, options?: RequestOptions): Promise<Envelope<unknown>> =>
    send<unknown>('POST', 'lever/submit', body, options),
  /** The caller's trades of one status (0 pending, 1 held, 3 closed, 4 revoked), 10 a page; the pair is optional. */
  myTrades: async (query: { status: LeverStatus; page: number; legal_id?: number; currency_id?: number }, options?: RequestOptions) =>
    pageOf(await call<unknown>('POST', 'lever/my_trade', { ...query }, options)),
  /** The caller's held positions of one pair (`lever/dealall`). */
  positions: async (query: LeverPairIds & { page: number }, options?: RequestOptions) => {
    const reply = await call<{ order?: unknown }>('POST', 'lever/dealall', { ...query }, options);
    return pageOf(reply.order);
  },
  /** The caller's closed lever trades (`transaction_complete`, the lever reading). */
  completed: async (query: { page: number }, options?: RequestOptions) =>
    pageOf(await call<unknown>('POST', 'transaction_complete', { ...query, lever: 1, limit: 10 }, options)),
  close: (id: number, options?: RequestOptions) => call<string>('POST', 'lever/close', { id }, options),
  /** Closes every held position (type 0), the longs (1) or the shorts (2). */
  batchClose: (type: 0 | 1 | 2, options?: RequestOptions) => call<string>('POST', 'lever/batch_close', { type }, options),
  cancel: (id: number, options?: RequestOptions) => call<string>('POST', 'lever/cancel', { id }, options),
  setStop: (input: { id: number; target_profit_price: string; stop_loss_price: string }, options?: RequestOptions) =>
    call<string>('POST', 'lever/setstop', { ...input }, options),
  /** The contract account's risk per quote currency (the contract management screen). */
  risk: (options?: RequestOptions) => call<LeverRisk>('POST', 'lever/risk', {}, options),
};
