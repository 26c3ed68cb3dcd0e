import { readDecimal, formatFixed } from '@tessera/protocol';

/** 1 up, 2 down. */
export type MicroDirection = 1 | 2;
export type RunningState = 'win' | 'loss' | 'tie';

/** The countdown of the running list ticks this often. */
export const COUNTDOWN_TICK_MS = 200;
/** A closed row stays this long after its push, then leaves the running list. */
export const CLOSED_ROW_REMOVAL_MS = 500;
/** Second-contract lists have 20 rows a page. */
export const MICRO_PAGE_SIZE = 20;

/** 100 % in atoms of a percent. */
const HUNDRED = 100n * 10n ** 18n;

/** amount × percent ÷ 100 in atoms, floored as the server floors it. */
const percentOf = (amount: bigint, percent: bigint) => (amount * percent) / HUNDRED;

/**
 * The running result of a contract at the current price: a tie (equal prices) shows 0; up wins
 * above the open price, down below; a win shows number × profit_ratio ÷ 100, a loss minus the
 * stake. Floored to `decimals`. Null while a price is unknown.
 */
export function runningResult(
  contract: { type: MicroDirection; open_price: string; number: string; profit_ratio: string },
  currentPrice: string,
  decimals: number,
): { state: RunningState; amount: string } | null {
  const open = readDecimal(contract.open_price);
  const current = readDecimal(currentPrice);
  const number = readDecimal(contract.number);
  const ratio = readDecimal(contract.profit_ratio);
  if (open === null || current === null || number === null || ratio === null || current <= 0n) return null;
  if (current === open) return { state: 'tie', amount: formatFixed(0n, decimals) };
  const won = (current > open) === (contract.type === 1);
  if (!won) return { state: 'loss', amount: formatFixed(-number, decimals) };
  return { state: 'win', amount: formatFixed(percentOf(number, ratio), decimals) };
}

/**
 * What the countdown shows: whole seconds left, rounded up (0 at the expiry), never more than the
 * contract's own seconds (the server's remaining time and this clock may differ by a moment).
 */
export function secondsLeft(expiresAt: number, now: number, seconds: number): number {
  return Math.min(seconds, Math.max(0, Math.ceil((expiresAt - now) / 1000)));
}

/** The fee of a stake: number × fee % ÷ 100, floored to `decimals`. */
export function feeOf(number: string, feePercent: string, decimals: number): string | null {
  const stake = readDecimal(number);
  const percent = readDecimal(feePercent);
  if (stake === null || percent === null) return null;
  return formatFixed(percentOf(stake, percent), decimals);
}

/** Whether a stake is a whole positive multiple of the step. */
export function isStakeOnStep(number: string, step: string): boolean {
  const stake = readDecimal(number);
  const unit = readDecimal(step);
  return stake !== null && unit !== null && unit > 0n && stake > 0n && stake % unit === 0n;
}
