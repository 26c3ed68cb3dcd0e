import type { BookEntry, Paged, SpotCompletedTrade, SpotDeal, SpotOpenOrder, SpotOrderRequestInput, SpotPairIds } from '@tessera/protocol';
import { call, send, type Envelope, type RequestOptions } from './client';

/** Reply shapes of the spot calls, from the protocol's schemas. */
export type { BookEntry, SpotDeal, SpotOpenOrder };
/** One fill of the caller's orders (`transaction_complete`). */
export type SpotFill = SpotCompletedTrade;
export type PairIds = SpotPairIds;

/**
 * `transaction/in` and `transaction/out`: the form always sends these fields, `mode` 1 market, 2
 * limit or 3 stop-limit (with `stop_price`); a limit order may say `time_in_force` IOC or `post_only`.
 */
export type SpotOrderInput = Required<Pick<SpotOrderRequestInput, 'legal_id' | 'currency_id' | 'price' | 'num'>> & {
  mode: '1' | '2' | '3';
  stop_price?: string;
  time_in_force?: 'IOC';
  post_only?: '1';
};

/** Spot trading: orders, open orders, fills and the pair's book with the caller's balances; every call needs the session. */
export const spotApi = {
  /**
   * Places a buy (`transaction/in`) or sell (`transaction/out`) order. Resolves with the reply
   * whatever its type: the form shows `message` through apitip.
   */
  place: (side: 'buy' | 'sell', input: SpotOrderInput, options?: RequestOptions): Promise<Envelope<string>> =>
    send<string>('POST', side === 'buy' ? 'transaction/in' : 'transaction/out', { ...input }, options),
  openOrders: (side: 'buy' | 'sell', query: { currency_id?: number; page: number; limit: number }, options?: RequestOptions) =>
    call<Paged<SpotOpenOrder>>('POST', side === 'buy' ? 'transaction_in' : 'transaction_out', query, options),
  // lever=0: a page with no pair and no `lever` is the lever reading of the call
  fills: (query: { currency_id?: number; page: number; limit: number }, options?: RequestOptions) =>
    call<Paged<SpotFill>>('POST', 'transaction_complete', { ...query, lever: 0 }, options),
  cancel: (order: { id: number; type: 'in' | 'out' }, options?: RequestOptions) =>
    call<string>('POST', 'transaction_del', order, options),
  deal: (pair: PairIds, options?: RequestOptions) => call<SpotDeal>('POST', 'transaction/deal', { ...pair }, options),
};
