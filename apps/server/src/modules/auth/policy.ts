/**
 * How wrong passwords slow down the next try. Each scope counts its failures; once there are
 * `freeFailures` of them, every failure makes the next try wait, twice as long each time from
 * `firstWaitSeconds` up to `longestWaitSeconds`. A count with no failure for `forgetAfterHours`
 * starts again from zero.
 */
export interface BackoffPolicy {
  freeFailures: number;
  firstWaitSeconds: number;
  longestWaitSeconds: number;
  forgetAfterHours: number;
}

/**
 * Per account typed, known or not. Short and capped: anyone can aim it at someone else's account,
 * so at worst it delays the owner by a quarter of an hour, and not at all from an address the
 * owner logged in from before (LOGIN_HOME_DAYS).
 */
export const ACCOUNT_BACKOFF: BackoffPolicy = { freeFailures: 5, firstWaitSeconds: 30, longestWaitSeconds: 15 * 60, forgetAfterHours: 24 };

/** Per client address, across accounts: it hurts only the guesser's own address, so it grows longer. */
export const ADDRESS_BACKOFF: BackoffPolicy = { freeFailures: 10, firstWaitSeconds: 60, longestWaitSeconds: 60 * 60, forgetAfterHours: 24 };

/** An address the account logged in from within this many days is not held up by the account's wait. */
export const LOGIN_HOME_DAYS = 30;

/** Seconds the try after `failures` failures must wait (0: none). */
export function waitSeconds(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstWaitSeconds * 2 ** doublings, policy.longestWaitSeconds);
}
