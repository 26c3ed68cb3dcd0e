/** Wrong logins in a row an operator account may make before each further try has to wait… */
export const ACCOUNT_FREE_FAILURES = 5;
/** …and a client address (across accounts: an office behind one address has several operators). */
export const ADDRESS_FREE_FAILURES = 10;
/** The first wait, doubled at each further failure… */
export const FIRST_WAIT_SECONDS = 1;
/** …up to this. */
export const LONGEST_WAIT_SECONDS = 15 * 60;
/** An account or address with no failure for this long starts counting from zero again. */
export const FAILURES_FORGOTTEN_AFTER_HOURS = 24;

/**
 * How long the next try must wait after `failures` wrong logins in a row: nothing up to the free
 * failures, then one second doubling at each failure, capped.
 */
export function waitAfterFailures(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  const doublings = failures - freeFailures;
  // 2^10 seconds already passes the cap: no need to compute larger powers
  return Math.min(FIRST_WAIT_SECONDS * 2 ** Math.min(doublings, 20), LONGEST_WAIT_SECONDS);
}

/** Operator sessions last a working day. */
export const OPERATOR_SESSION_HOURS = 12;
/** Recovery codes handed out at TOTP enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
