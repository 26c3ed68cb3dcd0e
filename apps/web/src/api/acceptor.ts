import type { Paged } from '@tessera/protocol';
import { call, type RequestOptions } from './client';

/** The payment methods of acceptor deals. */
export type AcceptorWay = 'we_chat' | 'ali_pay' | 'bank';

/**
 * An acceptor: a user an operator appointed to trade coins for fiat from their own spot balance.
 * `id` is the acceptor's user id; amounts are coins (`currency_name`), rates are percents kept by
 * the acceptor; a limit of 0 means none.
 */
export interface Acceptor {
  id: number;
  name: string;
  currency_name: string;
  wechat_nickname: string;
  wechat_account: string;
  ali_nickname: string;
  ali_account: string;
  bank_name: string;
  bank_account: string;
  bank_address: string;
  ways: AcceptorWay[];
  user_balance: string;
  recharge_amount: string;
  recharge_rate: string;
  cash_amount: string;
  cash_rate: string;
}

/**
 * A deal with an acceptor. `type` buy is a deposit (the user pays fiat, the acceptor's coins go to
 * the user), sell a withdrawal (the user's coins are escrowed until the acceptor has paid).
 * `is_sure` 0 open, 1 confirmed, 2 rejected, 3 paid by the acceptor (a withdrawal awaiting the user).
 */
export interface AcceptorDeal {
  id: number;
  type: 'buy' | 'sell';
  create_time: string;
  update_time: string;
  deal_account: string;
  mobile: string;
  acceptor_id: number;
  acceptor_name: string;
  hes_account: string;
  user_account: string;
  way: AcceptorWay;
  way_name: string;
  currency_name: string;
  money: string;
  rate: string;
  fee: string;
  coins: string;
  is_sure: number;
  auto_confirm_time: string;
  /** The user objected to a paid withdrawal: it waits for customer service (is_sure stays 3). */
  disputed?: boolean;
  /** Customer service's ruling on a dispute: release (to the acceptor) or return (to the user); empty if none. */
  ruling?: '' | 'release' | 'return';
}

export interface AcceptorDealInput {
  acceptor_id: number;
  type: 'buy' | 'sell';
  way: AcceptorWay;
  mobile: string;
  deal_account: string;
  money: string;
}

export type AcceptorDecision = 'confirm' | 'reject' | 'paid';

/** Acceptor deals: the acceptors, the caller's deals, and an acceptor's handling of theirs. */
export const acceptorApi = {
  list: (options?: RequestOptions) => call<Acceptor[]>('GET', 'acceptor/list', {}, options),
  info: (id: number, options?: RequestOptions) => call<Acceptor>('GET', 'acceptor/info', { id }, options),
  /** Opens a deal; resolves with the reply's message (the deal id or a confirmation key). */
  deal: (input: AcceptorDealInput, options?: RequestOptions) => call<unknown>('POST', 'acceptor/deal', { ...input }, options),
  /** The caller's deals, newest first, optionally only deposits (`buy`) or withdrawals (`sell`). */
  myDeals: (input: { page: number; limit: number; type?: 'buy' | 'sell' }, options?: RequestOptions) =>
    call<Paged<AcceptorDeal>>('GET', 'acceptor/my_deal', { ...input }, options),
  /** The deals the caller handles as an acceptor (refused with `you are not an acceptor` otherwise). */
  incoming: (input: { page: number; limit: number; is_sure?: number }, options?: RequestOptions) =>
    call<Paged<AcceptorDeal>>('GET', 'acceptor/orders', { ...input }, options),
  /** The acceptor's step on a deal: confirm a deposit, reject, or mark a withdrawal paid. */
  decide: (decision: AcceptorDecision, id: number, options?: RequestOptions) =>
    call<unknown>('POST', `acceptor/${decision}`, { id }, options),
  /** The user received the acceptor's payment for a withdrawal. */
  confirmReceived: (id: number, options?: RequestOptions) => call<unknown>('POST', 'acceptor/user_confirm', { id }, options),
  /** The user was not paid for a withdrawal the acceptor marked paid: it waits for customer service. */
  object: (id: number, options?: RequestOptions) => call<unknown>('POST', 'acceptor/object', { id }, options),
};
