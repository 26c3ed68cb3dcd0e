import { call, send, type Envelope, type RequestOptions } from './client';

/**
 * Leveraged trading: the pair's deal info, orders and positions, closing, take-profit and
 * stop-loss, cancelling, and the risk figures of the contract account. Every call needs the
 * session except `lever/deal`, which visitors may read for the pair's settings.
 */

/** Status of a lever trade: 0 pending (entrusted), 1 held, 2 closing, 3 closed, 4 revoked. */
export type LeverStatus = 0 | 1 | 2 | 3 | 4;

/** One lever trade (order or position), money and prices as decimal text. */
export interface LeverTrade {
  id: number;
  /** 1 long (buy), 2 short (sell). */
  type: number;
  status: number;
  symbol: string;
  /** Hands. */
  share: string | number;
  multiple: string | number;
  /** Opening price (the target price while pending). */
  price: string;
  origin_price: string;
  target_price?: string;
  /** Current (mark) price. */
  update_price: string;
  target_profit_price: string;
  stop_loss_price: string;
  /** Margin still held. */
  caution_money: string;
  /** Margin put up at the opening. */
  origin_caution_money: string;
  transaction_time: string;
  create_time?: string;
  handle_time: string;
  complete_time: string;
  trade_fee: string;
  overnight_money: string;
  profits: string;
  legal: number;
  currency: number;
  legal_name?: string;
  currency_name?: string;
  lever_share_num?: string;
}

/** A row of the pair's open-orders panel (`my_transaction`). */
export interface LeverOpenOrder {
  id: number;
  type?: number;
  create_time: string;
  currency_name: string;
  legal_name: string;
  total_number: string;
  price: string;
  complete_number: string;
  /** Not yet dealt. */
  number: string;
  total_money: string;
}

/** A multiple or a quick hand size as the server lists it: a number, text, or `{ value }`. */
export type LeverChoice = string | number | { value?: string | number; muit?: string | number; share?: string | number };

/** `lever/deal`: the pair's current price, book, multiples, hands limits and the caller's lever balance. */
export interface LeverDeal {
  last_price: string;
  ExRAte?: string;
  lever_transaction?: { in?: unknown[]; out?: unknown[] };
  multiple?: { muit?: LeverChoice[]; share?: LeverChoice[] };
  all_levers?: string;
  /** The caller's available lever balance in the quote currency ('0' for visitors). */
  user_lever?: string;
  lever_share_limit?: { min?: string | number; max?: string | number };
  my_transaction?: LeverOpenOrder[] | { data?: LeverOpenOrder[] };
  [extra: string]: unknown;
}

/** A page of lever trades as the lists answer it. */
export interface LeverPage {
  data: LeverTrade[];
  total: number;
}

/** The `lever_trade` push: the owner's held (`trades_all`) and pending (`trades_entrust`) trades as JSON text. */
export interface LeverTradePush {
  type: 'lever_trade';
  trades_all: string | LeverTrade[];
  trades_entrust: string | LeverTrade[];
  hazard_rate: string;
  profits_all: string;
  profits: string;
  legal_id?: number;
  currency_id?: number;
}

/** Risk figures of one quote currency of the contract account. */
export interface LeverRiskItem {
  currency_id: number;
  currency_name: string;
  /** Available balance of the lever wallet. */
  balance: string;
  /** Σ margin of the held positions. */
  caution_money: string;
  /** Σ unrealised profit. */
  profits: string;
  /** Risk rate in percent, '' without positions. */
  hazard_rate: string;
  /** The rate at or below which everything is closed. */
  liquidation_rate: string;
  /** Per pair: the mark at which the account would be liquidated (others held still). */
  pairs: { symbol: string; mark_price: string; liquidation_price: string; positions: number }[];
}

export interface LeverRisk {
  liquidation_rate: string;
  list: LeverRiskItem[];
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
  /** Every lever trade of the caller on a pair, newest first. */
  all: async (query: LeverPairIds & { page: number }, options?: RequestOptions) => {
    const reply = await call<{ order?: unknown }>('POST', 'lever/dealall', { ...query }, options);
    return pageOf(reply.order);
  },
  /** The caller's closed lever trades (`transaction_complete`, the lever reading). */
  completed: async (query: { page: number }, options?: RequestOptions) => {
    const reply = await call<{ list?: unknown }>('POST', 'transaction_complete', { ...query, lever: 1 }, options);
    return pageOf(reply.list);
  },
  close: (id: number, options?: RequestOptions) => call<string>('POST', 'lever/close', { id }, options),
  /** Closes every held position (type 0), the longs (1) or the shorts (2). */
  batchClose: (type: 0 | 1 | 2, options?: RequestOptions) => call<string>('POST', 'lever/batch_close', { type }, options),
  cancel: (id: number, options?: RequestOptions) => call<string>('POST', 'lever/cancel', { id }, options),
  setStop: (input: { id: number; target_profit_price: string; stop_loss_price: string }, options?: RequestOptions) =>
    call<string>('POST', 'lever/setstop', { ...input }, options),
  /** The contract account's risk per quote currency (the contract management screen). */
  risk: (options?: RequestOptions) => call<LeverRisk>('POST', 'lever/risk', {}, options),
};
