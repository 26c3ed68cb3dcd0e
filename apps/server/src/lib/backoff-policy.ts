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

/** Seconds the try after `failures` failures must wait (0: none). */
export function waitSeconds(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = Math.min(failures - policy.freeFailures, 30);
  return Math.min(policy.firstWaitSeconds * 2 ** doublings, policy.longestWaitSeconds);
}

/** The time before which a failure no longer counts under `policy`. */
export function forgottenBefore(policy: BackoffPolicy, now: Date): Date {
  return new Date(now.getTime() - policy.forgetAfterHours * 3_600_000);
}
