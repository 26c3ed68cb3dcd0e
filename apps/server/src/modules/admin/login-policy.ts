import type { BackoffPolicy } from '../../lib/backoff-policy';

/** Wrong logins in a row an operator account may make before each further try has to wait… */
export const ACCOUNT_FREE_FAILURES = 5;
/** …and a client address (across accounts: an office behind one address has several operators). */
export const ADDRESS_FREE_FAILURES = 10;
/** The first wait, doubled at each further failure… */
export const FIRST_WAIT_SECONDS = 1;
/** …up to this. */
export const LONGEST_WAIT_SECONDS = 15 * 60;
/**
 * Per operator account, and per client address across accounts (an office behind one address has
 * several operators). A count with no failure for a day starts again.
 */
export const OPERATOR_ACCOUNT_BACKOFF: BackoffPolicy = {
  freeFailures: ACCOUNT_FREE_FAILURES,
  firstWaitSeconds: FIRST_WAIT_SECONDS,
  longestWaitSeconds: LONGEST_WAIT_SECONDS,
  forgetAfterHours: 24,
};
export const OPERATOR_ADDRESS_BACKOFF: BackoffPolicy = { ...OPERATOR_ACCOUNT_BACKOFF, freeFailures: ADDRESS_FREE_FAILURES };

/** Operator sessions last a working day. */
export const OPERATOR_SESSION_HOURS = 12;
/** Recovery codes handed out at TOTP enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
