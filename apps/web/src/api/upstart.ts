import { call, type RequestOptions } from './client';

/**
 * The token subscription project (`user/upstart`): what the subscription screens show. Figures
 * are decimal text; `step` is the project's stage (1 preheat, 2 subscribing, 3 ended, 4 result
 * announced); `iepn_scz` the hours the subscribed tokens stay locked.
 */
export interface UpstartInfo {
  id?: number;
  title?: string;
  abstract: string;
  /** Planned total of tokens. */
  total: string;
  /** Tokens not yet subscribed. */
  sy: string;
  start_time2: string;
  end_time2: string;
  /** Price of one token, in the paid currency. */
  price?: string;
  /** The currency paid (USDT). */
  buymoney: string;
  /** True while the project takes subscriptions (its subscribing stage, between start and end). */
  can_subscribe?: boolean;
  /** The platform token's name. */
  c_name: string;
  iepn_scz: number | string;
  step: number | string;
  /** Project details, rich text (HTML written by an operator). */
  content: string;
  /** The caller's USDT balance in the change wallet. */
  detail?: { balance: string };
  [extra: string]: unknown;
}

/** A subscription (`user/uplists`): locked tokens, status 1 locked, 2 unlockable, 3 unlocked. */
export interface SubscriptionRecord {
  id: number;
  currency_name: string;
  created_at: string;
  endtime_at: string;
  price: string;
  amount: string;
  status: number;
  [extra: string]: unknown;
}

/** The records page as the call answers it: `{data, page, limit}`, with `pages`/`total` when sent. */
export interface SubscriptionPage {
  data: SubscriptionRecord[];
  page: number;
  limit: number;
  pages?: number;
  total?: number;
}

/** Token subscription (UpStart): the project, its live price, subscribing and unlocking. */
export const upstartApi = {
  info: (options?: RequestOptions) => call<UpstartInfo>('GET', 'user/upstart', {}, options),
  /** The token's price in USDT (polled every second on the subscription screen). */
  price: async (options?: RequestOptions): Promise<string> => {
    const message = await call<{ price: string | number }>('POST', 'bi/price', {}, options);
    return String(message.price);
  },
  /** Subscribes `amount` of the paid currency `buymoney` (USDT), a whole multiple of 100. */
  order: (input: { amount: string; buymoney: string }, options?: RequestOptions) =>
    call<string>('POST', 'user/up_order', input, options),
  list: (input: { page: number; limit: number }, options?: RequestOptions) =>
    call<SubscriptionPage>('POST', 'user/uplists', input, options),
  unlock: (id: number, options?: RequestOptions) => call<string>('POST', 'user/unlock', { id }, options),
};
