import type { BackoffPolicy } from '../../lib/backoff-policy';

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

/**
 * Wrong authenticator codes of one user, wherever they are asked (login, withdrawals, security
 * changes): back off as the account's wrong passwords do, five free, then 30 s doubling to 15 min.
 */
export const SECOND_FACTOR_BACKOFF: BackoffPolicy = ACCOUNT_BACKOFF;
