import { call, type RequestOptions } from './client';

/**
 * A c2c order as `c2c_deal` answers it. `type` is the ad's side (the taker of a sell ad buys);
 * `is_sure` 0 awaiting payment, 1 finished, 2 cancelled, 3 paid.
 */
export interface C2cMatchedOrder {
  id: number;
  type: string;
  currency_name: string;
  number: string;
  deal_money: string;
  price: string;
  way_name: string;
  create_time: string;
  format_create_time?: string;
  is_sure: number;
  seller_name: string;
  /** The caller's side of the order. */
  role?: 'buyer' | 'seller';
  /** The counterparty's real name. */
  hes_realname?: string;
  /** The end of the 15-minute payment window. */
  pay_deadline?: string;
  [extra: string]: unknown;
}

/** The c2c match result: the order a taken ad made. */
export const matchApi = {
  order: (id: number, options?: RequestOptions) => call<C2cMatchedOrder>('GET', 'c2c_deal', { id }, options),
};
