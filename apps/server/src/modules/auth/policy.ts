/** After this many wrong passwords in a row the account is locked… */
export const MAX_FAILED_LOGINS = 5;
/** …for this long. Long enough to stop guessing, short enough not to need support. */
export const LOGIN_LOCK_MINUTES = 15;
