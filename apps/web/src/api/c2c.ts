import type { C2cAd, C2cOrder, C2cOrderPush, C2cWay, CashInfo } from '@tessera/protocol';
import { call, upload, type RequestOptions } from './client';

/** Reply shapes of the c2c calls, from the protocol's schemas. */
export type { C2cAd, C2cOrder, C2cOrderPush, C2cWay, CashInfo };

/** `currency/list`: the fiat currencies (`legal`, CNY first) and the listed coins. */
export interface CurrencyCatalogue {
  legal: { id: number; name: string }[];
  currencies: { id: number; name: string; is_legal: 0 | 1 }[];
}

/** A c2c list page: `message: {data, page, pages, total}`. */
export interface C2cPage<T> {
  data: T[];
  page: number;
  pages: number;
  total: number;
}

export type C2cAdType = 'buy' | 'sell';

/** `c2c_send`: the ad's type, coin, CNY price, total and per-order limits, and its payment ways. */
export interface PublishAdInput {
  type: C2cAdType;
  currency_id: number;
  price: string;
  total_number: string;
  min_number?: string;
  max_number?: string;
  /** Comma-separated `ali_pay`, `we_chat`, `bank`. */
  way: string;
}

export interface AdListQuery {
  type: C2cAdType;
  currency_id?: number;
  page: number;
  limit: number;
}

/** Who confirms receipt: the taker's call (`legal_deal_user_sure`) or the publisher's (`legal_deal_sure`). */
export type ReleaseView = 'taker' | 'publisher';

/**
 * Payment methods and peer-to-peer fiat trading; every call needs the session. A refusal rejects
 * with `ApiError`, whose `type` is `997` (no payment methods) or `998` (identity not verified) on
 * publishing and taking.
 */
export const c2cApi = {
  currencies: (options?: RequestOptions) => call<CurrencyCatalogue>('GET', 'currency/list', {}, options),
  cashInfo: (options?: RequestOptions) => call<CashInfo>('POST', 'user/cash_info', {}, options),
  saveCashInfo: (input: CashInfo, options?: RequestOptions) => call<string>('POST', 'user/cash_save', { ...input }, options),
  publish: (input: PublishAdInput, options?: RequestOptions) => call<string>('POST', 'c2c_send', { ...input }, options),
  /** Open ads of one type: `sell` ads are where a taker buys, `buy` ads where a taker sells. */
  market: (query: AdListQuery, options?: RequestOptions) => call<C2cPage<C2cAd>>('GET', 'c2c_deal_platform', { ...query }, options),
  /** Takes an ad for `number` coins (the ad's remainder when empty); resolves with the new order's id. */
  take: (input: { id: number; number?: string }, options?: RequestOptions) =>
    call<{ msg: string; id: number }>('POST', 'c2c/do_legal_deal', { ...input }, options),
  myAds: (query: AdListQuery, options?: RequestOptions) => call<C2cPage<C2cAd>>('GET', 'c2c/seller_trade', { ...query }, options),
  withdrawAd: (id: number, options?: RequestOptions) => call<string>('POST', 'c2c/back_send', { id }, options),
  /** Orders the caller took. */
  myOrders: (query: { page: number; limit: number }, options?: RequestOptions) =>
    call<C2cPage<C2cOrder>>('GET', 'c2c_user_deal', { ...query }, options),
  /** Orders on one of the caller's ads. */
  adOrders: (query: { id: number; page: number; limit: number }, options?: RequestOptions) =>
    call<C2cPage<C2cOrder>>('GET', 'c2c/legal_send_deal_list', { ...query }, options),
  order: (id: number, options?: RequestOptions) => call<C2cOrder>('GET', 'c2c_deal', { id }, options),
  /** The buyer cancels an unpaid order. */
  cancel: (id: number, options?: RequestOptions) => call<string>('POST', 'c2c/user_legal_pay_cancel', { id }, options),
  /** The buyer declares an unpaid order paid. */
  pay: (id: number, options?: RequestOptions) => call<string>('POST', 'c2c/user_legal_pay', { id }, options),
  /** The seller confirms receipt: the coins go to the buyer. */
  release: (id: number, view: ReleaseView, options?: RequestOptions) =>
    call<string>('POST', view === 'taker' ? 'c2c/legal_deal_user_sure' : 'c2c/legal_deal_sure', { id }, options),
  /** Either party appeals a paid order the seller has not released in time. */
  appeal: (input: { id: number; message: string; image: string }, options?: RequestOptions) =>
    call<string>('POST', 'c2c/appeal', { ...input }, options),
  /** Uploads an appeal's proof image; resolves with its URL. */
  uploadProof: (file: File, options?: RequestOptions) => upload<string>('upload', file, file.name, options),
};
