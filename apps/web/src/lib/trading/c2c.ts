import { compareAtoms, hasAtMostDecimals, readDecimal, type MessageKey } from '@tessera/protocol';
import { mulFloor } from './decimal';

/**
 * The rules the c2c screens apply before they ask the server (which applies them again): what a
 * publish form and a take must hold, what each party may do with an order in each state, and
 * what the buyer pays. Amounts are decimal text, computed exactly and cut, never rounded.
 */

export type C2cWayName = 'ali_pay' | 'we_chat' | 'bank';
export const C2C_WAY_NAMES: readonly C2cWayName[] = ['ali_pay', 'we_chat', 'bank'];

/** Order states (`is_sure`): 0 unpaid, 3 paid, 1 done, 2 cancelled. */
export const ORDER_STATE = { unpaid: 0, done: 1, cancelled: 2, paid: 3 } as const;

/** CNY is paid to the cent; prices carry at most 4 decimals. */
export const CNY_DECIMALS = 2;
export const PRICE_DECIMALS = 4;
/** Coin quantities of the legal wallet are shown with 8 decimals. */
export const COIN_DECIMALS = 8;

export interface PublishForm {
  type: 'buy' | 'sell';
  price: string;
  total: string;
  min: string;
  max: string;
  ways: readonly C2cWayName[];
}

export type PublishProblems = Partial<Record<'total' | 'price' | 'ways' | 'min' | 'max', MessageKey>>;

const positive = (text: string) => {
  const atoms = readDecimal(text);
  return atoms !== null && atoms > 0n ? atoms : null;
};

/**
 * The publish form's problems, in the order the form reports them: the quantity (worded for
 * buying or selling), the price, a payment way, then the per-order limits. `available` is the
 * seller's legal balance: a sell ad escrows its whole total.
 */
export function checkPublish(form: PublishForm, available?: string): PublishProblems {
  const problems: PublishProblems = {};
  const total = positive(form.total);
  if (!form.total.trim()) problems.total = form.type === 'buy' ? 'enter the number to buy' : 'enter the number to sell';
  else if (total === null) problems.total = 'number must be greater than zero';
  else if (form.type === 'sell' && available !== undefined && compareAtoms(total, readDecimal(available) ?? 0n) > 0) {
    problems.total = 'insufficient balance';
  }
  const price = positive(form.price);
  if (!form.price.trim()) problems.price = 'enter price';
  else if (price === null) problems.price = 'price must be greater than zero';
  else if (!hasAtMostDecimals(price, PRICE_DECIMALS)) problems.price = 'price may have at most 4 decimals';
  if (form.ways.length === 0) problems.ways = 'choose payment method';
  const min = form.min.trim() ? readDecimal(form.min) : 0n;
  const max = form.max.trim() ? readDecimal(form.max) : 0n;
  if (min === null || min < 0n) problems.min = 'parameter error';
  else if (total !== null && min > total) problems.min = 'minimum must not exceed total';
  if (max === null || max < 0n) problems.max = 'parameter error';
  else if (min !== null && max > 0n && max < min) problems.max = 'maximum must not be below minimum';
  return problems;
}

export const hasProblems = (problems: object) => Object.values(problems).some((value) => value !== undefined);

/** What a taker may take of an ad: at least its minimum (or all that is left), at most its remainder and maximum. */
export interface TakeLimits {
  surplus_number: string;
  min_number: string;
  max_number: string;
}

/** The quantity a take form starts with: the remainder, or the maximum per order when that is less. */
export function defaultTakeNumber(ad: TakeLimits): string {
  const surplus = readDecimal(ad.surplus_number) ?? 0n;
  const max = readDecimal(ad.max_number) ?? 0n;
  return max > 0n && max < surplus ? ad.max_number : ad.surplus_number;
}

/** Why a quantity cannot be taken from an ad, if it cannot. */
export function checkTakeNumber(number: string, ad: TakeLimits): MessageKey | undefined {
  const amount = readDecimal(number);
  if (!number.trim()) return 'enter number';
  if (amount === null || amount <= 0n) return 'number must be greater than zero';
  if (!hasAtMostDecimals(amount, COIN_DECIMALS)) return 'amount has more decimals than the currency allows';
  const surplus = readDecimal(ad.surplus_number) ?? 0n;
  const min = readDecimal(ad.min_number) ?? 0n;
  const max = readDecimal(ad.max_number) ?? 0n;
  if (amount > surplus) return 'above the ad remainder';
  if (amount < min && amount !== surplus) return 'minimum amount not met';
  if (max > 0n && amount > max) return 'amount above maximum';
  return undefined;
}

/** CNY the buyer pays for a quantity at a price, cut to the cent; `null` until both are numbers. */
export function dealMoney(number: string, price: string): string | null {
  if (readDecimal(number) === null || readDecimal(price) === null) return null;
  return mulFloor(number, price, CNY_DECIMALS);
}

/** What the viewer of an order needs to know to offer its actions. */
export interface OrderForActions {
  role: 'buyer' | 'seller';
  is_publisher: 0 | 1;
  is_sure: 0 | 1 | 2 | 3;
  appeal: { can_appeal: 0 | 1; appealed: 0 | 1 };
}

export interface OrderActions {
  /** The buyer cancels an unpaid order. */
  cancel: boolean;
  /** The buyer declares an unpaid order paid. */
  pay: boolean;
  /** The seller confirms receipt of a paid order: through the taker's or the publisher's call. */
  release: 'taker' | 'publisher' | null;
  /** Either side appeals a paid order once the seller has let the appeal window pass. */
  appeal: boolean;
}

/**
 * The buttons each side sees: the buyer may cancel or pay an unpaid order; the seller may confirm
 * receipt only once it is paid; a paid order past its appeal window may be appealed by either side,
 * once. Done and cancelled orders offer nothing.
 */
export function orderActions(order: OrderForActions): OrderActions {
  const buyer = order.role === 'buyer';
  const unpaid = order.is_sure === ORDER_STATE.unpaid;
  const paid = order.is_sure === ORDER_STATE.paid;
  return {
    cancel: buyer && unpaid,
    pay: buyer && unpaid,
    release: !buyer && paid ? (order.is_publisher === 1 ? 'publisher' : 'taker') : null,
    appeal: paid && order.appeal.can_appeal === 1 && order.appeal.appealed === 0,
  };
}

/** Milliseconds left before an unpaid order's payment window closes (never below zero). */
export function msUntil(deadline: Date | null, now: number): number {
  if (!deadline) return 0;
  return Math.max(0, deadline.getTime() - now);
}

/** `mm:ss` of a countdown. */
export function formatCountdown(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** The payment ways of a comma-separated `way` / `way_name`, known ones only, in their usual order. */
export function parseWays(text: string): C2cWayName[] {
  const named = new Set(text.split(',').map((way) => way.trim()));
  return C2C_WAY_NAMES.filter((way) => named.has(way));
}

export interface CashFields {
  real_name: string;
  bank_name: string;
  bank_account: string;
  alipay_account: string;
  wechat_account: string;
  wechat_nickname: string;
}

/** The ways a user can be paid from their saved methods (a bank needs its name and card). */
export function cashWays(cash: CashFields): C2cWayName[] {
  const ways: C2cWayName[] = [];
  if (cash.alipay_account.trim()) ways.push('ali_pay');
  if (cash.wechat_account.trim()) ways.push('we_chat');
  if (cash.bank_name.trim() && cash.bank_account.trim()) ways.push('bank');
  return ways;
}

export type CashProblems = Partial<Record<'real_name' | 'bank' | 'bank_account' | 'methods', MessageKey>>;

const CARD_NUMBER = /^\d{12,19}$/;

/** The payment-methods form: a real name without digits, bank name and card together, at least one way. */
export function checkCashInfo(cash: CashFields): CashProblems {
  const problems: CashProblems = {};
  const name = cash.real_name.trim();
  if (!name) problems.real_name = 'enter real name';
  else if (/\d/.test(name)) problems.real_name = 'name must not contain digits';
  const bankName = cash.bank_name.trim();
  const card = cash.bank_account.replace(/\s+/g, '');
  if (Boolean(bankName) !== Boolean(card)) problems.bank = 'enter bank name and card number';
  else if (card && !CARD_NUMBER.test(card)) problems.bank_account = 'bank card number is not valid';
  if (cashWays(cash).length === 0) problems.methods = 'at least one payment method is required';
  return problems;
}

/**
 * What a `c2c_order` push tells its receiver that only the other side could have done, worth a
 * notice: the seller hears that the buyer paid, the buyer that the coins were released. Other
 * changes are the receiver's own doing (or show on the order itself).
 */
export function counterpartyNotice(push: { role: 'buyer' | 'seller'; is_sure: number }): 'paid' | 'released' | null {
  if (push.role === 'seller' && push.is_sure === ORDER_STATE.paid) return 'paid';
  if (push.role === 'buyer' && push.is_sure === ORDER_STATE.done) return 'released';
  return null;
}
