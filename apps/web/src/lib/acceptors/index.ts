import { parseServerTime } from '../format';
import { compare, fromAtoms, isPositive, subtract, toAtoms } from '../trading/decimal';

/** Coins of acceptor deals are shown and cut to 8 decimals. */
export const DEAL_DECIMALS = 8;
/** The acceptor deal lists load 10 at a time. */
export const DEALS_PAGE = 10;
/** A paid withdrawal confirms itself 20 minutes after the acceptor marked it paid. */
export const AUTO_CONFIRM_MINUTES = 20;

export const ACCEPTOR_WAYS = ['we_chat', 'ali_pay', 'bank'] as const;
export type Way = (typeof ACCEPTOR_WAYS)[number];

/** What the deal form checks before sending; the server checks the same and more. */
export type DealProblem = 'enterMobile' | 'mobileFormat' | 'enterAccount' | 'enterAmount' | 'chooseWay' | 'aboveLimit' | 'aboveBalance' | 'feeTooHigh';

export interface DealFormInput {
  way: Way | '';
  mobile: string;
  account: string;
  money: string;
  /** The acceptor's largest deal of this direction; 0 for no limit. */
  limit: string;
  /**
   * The coins that must cover the deal: the acceptor's for a deposit (they hold the amount less
   * the fee), the caller's for a withdrawal (they hold the whole amount).
   */
  balance?: string;
  /** Whether `balance` must cover the whole amount (withdrawal) or the amount less the fee (deposit). */
  covers?: 'amount' | 'settled';
  /** The percent the acceptor keeps. */
  rate: string;
}

export type DealProblems = Partial<Record<'way' | 'mobile' | 'account' | 'money', DealProblem>>;

const MOBILE = /^\+?\d{5,15}$/;

/** Checks the deal form: a mobile number, the payment account, an amount above zero within the limits, a method. */
export function checkDeal(input: DealFormInput): DealProblems {
  const problems: DealProblems = {};
  const mobile = input.mobile.trim();
  if (!mobile) problems.mobile = 'enterMobile';
  else if (!MOBILE.test(mobile)) problems.mobile = 'mobileFormat';
  if (!input.account.trim()) problems.account = 'enterAccount';
  if (!isPositive(input.money)) problems.money = 'enterAmount';
  else if (isPositive(input.limit) && compare(input.money, input.limit) > 0) problems.money = 'aboveLimit';
  else if (input.balance !== undefined && compare(input.covers === 'settled' ? depositReceived(input.money, input.rate) : input.money, input.balance) > 0) {
    problems.money = 'aboveBalance';
  }
  else if (compare(dealFee(input.money, input.rate), input.money) >= 0) problems.money = 'feeTooHigh';
  if (!input.way) problems.way = 'chooseWay';
  return problems;
}

/** The acceptor's fee: amount × rate ÷ 100, cut to 8 decimals (`0` without an amount). */
export function dealFee(money: string, rate: string): string {
  const atoms = toAtoms(money);
  const percent = toAtoms(rate);
  if (atoms === null || atoms <= 0n || percent === null || percent <= 0n) return fromAtoms(0n, DEAL_DECIMALS);
  // rate may have decimals (0.5 %): multiply by the rate's atoms, divide by 100 × 10^18.
  const fee = (atoms * percent) / (100n * 10n ** 18n);
  return fromAtoms(fee, DEAL_DECIMALS);
}

/** Coins the user receives on a deposit: the amount less the fee (`0` when nothing is left). */
export function depositReceived(money: string, rate: string): string {
  const rest = subtract(isPositive(money) ? money : '0', dealFee(money, rate), DEAL_DECIMALS) ?? '0';
  return isPositive(rest) ? rest : fromAtoms(0n, DEAL_DECIMALS);
}

/** A deal's state by `is_sure`: 0 open, 1 confirmed, 2 rejected, 3 paid by the acceptor. */
export type DealState = 'open' | 'confirmed' | 'rejected' | 'paid';
export function dealState(isSure: number): DealState {
  if (isSure === 1) return 'confirmed';
  if (isSure === 2) return 'rejected';
  if (isSure === 3) return 'paid';
  return 'open';
}

/** What the acceptor may do with a deal: confirm or reject an open deposit; mark paid or reject an open withdrawal. */
export function acceptorActions(deal: { type: 'buy' | 'sell'; is_sure: number }): ('confirm' | 'reject' | 'paid')[] {
  if (deal.is_sure !== 0) return [];
  return deal.type === 'buy' ? ['confirm', 'reject'] : ['paid', 'reject'];
}

/** The user confirms receiving the money of a withdrawal the acceptor marked paid. */
export const userCanConfirm = (deal: { type: 'buy' | 'sell'; is_sure: number }): boolean => deal.type === 'sell' && deal.is_sure === 3;


/**
 * The user may object to a withdrawal the acceptor marked paid (they were not paid) until it
 * confirms itself; the deal then waits for an operator's ruling. A disputed deal is not objected twice.
 */
export function userCanObject(deal: { type: 'buy' | 'sell'; is_sure: number; disputed?: boolean; auto_confirm_time: string }, now: Date = new Date()): boolean {
  if (deal.type !== 'sell' || deal.is_sure !== 3 || deal.disputed === true) return false;
  const deadline = parseServerTime(deal.auto_confirm_time);
  return deadline !== null && deadline.getTime() > now.getTime();
}
