import { compare, divFloor, fixed, fromAtoms, isPositive, mulFloor, toAtoms } from '../trading/decimal';

/** A subscription is paid in whole hundreds of USDT. */
export const SUBSCRIPTION_UNIT = 100n;
/** The converted token quantity is shown to 6 decimals, balances to 8, prices to 4. */
export const TOKEN_DECIMALS = 6;
export const BALANCE_DECIMALS = 8;
export const PRICE_DECIMALS = 4;
/** The records screen asks for 500 rows a page, the subscription screen for 10. */
export const RECORDS_LIMIT = 500;
export const RECENT_LIMIT = 10;
/** The price is polled every second on the subscription screen. */
export const PRICE_POLL_MS = 1000;

export type SubscriptionProblem = 'enterAmount' | 'multipleOf100' | 'insufficient' | 'noPrice';

/**
 * What is wrong with a subscription amount (USDT): missing or zero, not a whole multiple of 100,
 * above the available balance, or no price to convert at; `undefined` when it may be sent.
 */
export function checkSubscription(amount: string, balance: string, price: string): SubscriptionProblem | undefined {
  const atoms = toAtoms(amount.trim() === '' ? null : amount);
  if (atoms === null || atoms <= 0n) return 'enterAmount';
  const unit = SUBSCRIPTION_UNIT * 10n ** 18n;
  if (atoms % unit !== 0n) return 'multipleOf100';
  if (compare(amount, balance) > 0) return 'insufficient';
  if (!isPositive(price)) return 'noPrice';
  return undefined;
}

/** Tokens received for `amount` USDT at `price`, cut to 6 decimals; `'0.000000'` without a price or amount. */
export function tokensFor(amount: string, price: string): string {
  if (!isPositive(price) || !isPositive(amount)) return fixed(0, TOKEN_DECIMALS);
  return divFloor(amount, price, TOKEN_DECIMALS) ?? fixed(0, TOKEN_DECIMALS);
}

/** The 'all' button: the largest whole multiple of 100 USDT within the balance (`'0'` below 100). */
export function allSubscribable(balance: string): string {
  const atoms = toAtoms(balance);
  if (atoms === null || atoms <= 0n) return '0';
  const unit = SUBSCRIPTION_UNIT * 10n ** 18n;
  return ((atoms / unit) * SUBSCRIPTION_UNIT).toString();
}

/** The value of a subscription row: its tokens times its price, cut to 4 decimals. */
export function subscriptionValue(amount: string, price: string): string {
  return mulFloor(amount, price, PRICE_DECIMALS) ?? '--';
}

export interface IssuedShare {
  issued: string;
  remaining: string;
  /** Shares of the planned total in percent, cut to 2 decimals (text). */
  issuedPercent: string;
  remainingPercent: string;
  /** The issued fraction in [0, 1], for drawing only. */
  fraction: number;
}

/** Issued versus remaining tokens of a project: issued = total − remaining (remaining kept within 0 … total). */
export function issuedShare(total: string, remaining: string): IssuedShare {
  const totalAtoms = toAtoms(total) ?? 0n;
  if (totalAtoms <= 0n) {
    return { issued: fromAtoms(0n, 8), remaining: fromAtoms(0n, 8), issuedPercent: '0.00', remainingPercent: '0.00', fraction: 0 };
  }
  const raw = toAtoms(remaining) ?? 0n;
  const left = raw < 0n ? 0n : raw > totalAtoms ? totalAtoms : raw;
  const issuedAtoms = totalAtoms - left;
  // Shares in hundredths of a percent, cut: issued × 10000 ÷ total.
  const hundredths = (issuedAtoms * 10000n) / totalAtoms;
  return {
    issued: fromAtoms(issuedAtoms, 8),
    remaining: fromAtoms(left, 8),
    issuedPercent: percentText(hundredths),
    remainingPercent: percentText(10000n - hundredths),
    fraction: Number(hundredths) / 10000,
  };
}

const percentText = (hundredths: bigint) => `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;

/** The SVG path of a pie slice from 12 o'clock clockwise over `fraction` of the circle (centre and radius `r`). */
export function slicePath(fraction: number, r: number): string {
  const f = Math.min(Math.max(fraction, 0), 1);
  if (f <= 0) return '';
  if (f >= 1) return `M ${r} 0 A ${r} ${r} 0 1 1 ${r - 0.001} 0 Z`;
  const angle = f * 2 * Math.PI;
  const x = r + r * Math.sin(angle);
  const y = r - r * Math.cos(angle);
  const large = f > 0.5 ? 1 : 0;
  return `M ${r} ${r} L ${r} 0 A ${r} ${r} 0 ${large} 1 ${round(x)} ${round(y)} Z`;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export const CYCLE_STAGES = ['preheat', 'start', 'end', 'results'] as const;
export type CycleStage = (typeof CYCLE_STAGES)[number];

/**
 * The four-step cycle from the project's `step`: preheating is always reached, the start once the
 * step is above 1, the end and the results once it is above 2.
 */
export function reachedStages(step: number | string): Record<CycleStage, boolean> {
  const n = Number(step) || 0;
  return { preheat: true, start: n > 1, end: n > 2, results: n > 2 };
}

/** The project's stage by its `step`: 1 preheating, 2 subscribing, 3 ended, 4 result announced. */
export type ProjectStage = 'preheating' | 'subscribing' | 'ended' | 'announced';
export function projectStage(step: number | string): ProjectStage {
  const n = Number(step) || 0;
  if (n >= 4) return 'announced';
  if (n === 3) return 'ended';
  if (n === 2) return 'subscribing';
  return 'preheating';
}

/** A subscription's state by its `status`: 1 locked, 2 unlockable, 3 unlocked (completed). */
export type SubscriptionState = 'locked' | 'unlockable' | 'completed';
export function subscriptionState(status: number): SubscriptionState {
  if (status === 2) return 'unlockable';
  if (status === 3) return 'completed';
  return 'locked';
}
