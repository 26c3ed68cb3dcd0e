import type { Atoms } from '../amount';

export type AdType = 'buy' | 'sell';
export const PAYMENT_WAYS = ['ali_pay', 'we_chat', 'bank'] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

/** open: takers may trade against it; withdrawn by its publisher; done once sold out with no order running. */
export type AdStatus = 'open' | 'withdrawn' | 'done';

/**
 * An ad. A sell ad's coins are escrowed (locked) in its publisher's legal wallet from publishing;
 * a buy ad escrows nothing until someone sells into it. `remaining` is what no order holds.
 */
export interface AdState {
  id: number;
  userId: number;
  type: AdType;
  currencyId: number;
  /** CNY per coin */
  price: Atoms;
  total: Atoms;
  remaining: Atoms;
  /** per order; 0 for no bound */
  minNumber: Atoms;
  maxNumber: Atoms;
  ways: PaymentWay[];
  status: AdStatus;
  createdAt: Date;
  updatedAt: Date;
}

/** 0 unpaid → 3 paid → 1 done; 0 → 2 cancelled (by the buyer or at the end of the payment window); 3 → 2 by an operator's ruling. */
export const ORDER_STATUS = { unpaid: 0, done: 1, cancelled: 2, paid: 3 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export type CancelReason = '' | 'buyer' | 'timeout' | 'operator';
export type Resolution = '' | 'release' | 'return';

/** An order on an ad. Its coins are locked in the seller's legal wallet until it ends. */
export interface OrderState {
  id: number;
  adId: number;
  /** the ad's type: on a sell ad the taker buys, on a buy ad the taker sells */
  type: AdType;
  publisherId: number;
  takerId: number;
  buyerId: number;
  sellerId: number;
  currencyId: number;
  price: Atoms;
  number: Atoms;
  /** price × number, in CNY */
  dealMoney: Atoms;
  status: OrderStatus;
  cancelReason: CancelReason;
  createdAt: Date;
  /** the end of the payment window */
  payBy: Date;
  paidAt: Date | null;
  finishedAt: Date | null;
  appealBy: number | null;
  appealMessage: string;
  appealImage: string;
  appealedAt: Date | null;
  resolution: Resolution;
  resolvedBy: number | null;
  updatedAt: Date;
}

export const isUnfinished = (order: Pick<OrderState, 'status'>) => order.status === ORDER_STATUS.unpaid || order.status === ORDER_STATUS.paid;

/** The payment window: an order unpaid this long after it was taken is cancelled. */
export const PAYMENT_WINDOW_MS = 15 * 60_000;
/** Cancellations a buyer may have in one day; at this count they cannot trade fiat until the next day. */
export const DAILY_CANCEL_LIMIT = 3;
/** Orders a taker may have unfinished at once. */
export const MAX_UNFINISHED_ORDERS = 3;

/** Fiat days are calendar days in Asia/Shanghai (UTC+8, no daylight saving), like withdrawal limits. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
export const shanghaiDay = (at: Date) => Math.floor((at.getTime() + SHANGHAI_OFFSET_MS) / 86_400_000);
export const shanghaiDayStart = (at: Date) => new Date(shanghaiDay(at) * 86_400_000 - SHANGHAI_OFFSET_MS);

/** price × number in atoms (both carry 18 decimals); exact for prices of ≤ 4 and numbers of ≤ 14 decimals. */
export const dealMoneyOf = (price: Atoms, number: Atoms): Atoms => (price * number) / 10n ** 18n;
