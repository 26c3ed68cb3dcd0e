import { call, send, type Envelope, type RequestOptions } from './client';
import type { Paged } from './endpoints';

/** `transaction/deal`: one side of the book as the deal reply lists it. */
export interface BookEntry {
  price: string;
  number: string;
  /** price × number */
  sum: string;
}

export interface SpotDeal {
  /** bids, best first */
  in: BookEntry[];
  /** asks, best first */
  out: BookEntry[];
  last_price: string;
  /** available base balance (spot wallet) */
  user_currency: string;
  /** available quote balance (spot wallet) */
  user_legal: string;
  cny_price: string;
}

export interface SpotOpenOrder {
  id: number;
  create_time: string;
  currency_id: number;
  legal_id: number;
  currency_name: string;
  legal_name: string;
  /** in = buy, out = sell */
  type: 'in' | 'out';
  mode: 'limit' | 'market';
  price: string;
  number: string;
  /** the quantity not yet filled */
  surplus: string;
  filled: string;
}

export interface SpotFill {
  id: number;
  time: string;
  currency_name: string;
  legal_name: string;
  number: string;
  price: string;
  /** 2 buy, 1 sell */
  way: 1 | 2;
  type: 'in' | 'out';
  in_fee: string;
  out_fee: string;
  role: 'maker' | 'taker';
}

export interface SpotOrderInput {
  legal_id: number;
  currency_id: number;
  price: string;
  num: string;
  /** 1 market, 2 limit */
  mode: '1' | '2';
}

export interface PairIds {
  legal_id: number;
  currency_id: number;
}

/** Spot trading (spec 1 §7); every call needs the session. */
export const spotApi = {
  /**
   * Places a buy (`transaction/in`) or sell (`transaction/out`) order. Resolves with the reply
   * whatever its type: the form shows `message` through apitip.
   */
  place: (side: 'buy' | 'sell', input: SpotOrderInput, options?: RequestOptions): Promise<Envelope<string>> =>
    send<string>('POST', side === 'buy' ? 'transaction/in' : 'transaction/out', { ...input }, options),
  openOrders: (side: 'buy' | 'sell', query: { currency_id: number; page: number; limit: number }, options?: RequestOptions) =>
    call<Paged<SpotOpenOrder>>('POST', side === 'buy' ? 'transaction_in' : 'transaction_out', query, options),
  fills: (query: { currency_id: number; page: number; limit: number }, options?: RequestOptions) =>
    call<Paged<SpotFill>>('POST', 'transaction_complete', query, options),
  cancel: (order: { id: number; type: 'in' | 'out' }, options?: RequestOptions) =>
    call<string>('POST', 'transaction_del', order, options),
  deal: (pair: PairIds, options?: RequestOptions) => call<SpotDeal>('POST', 'transaction/deal', { ...pair }, options),
};
