/** The fixed numbers of the assets area: decimals shown, transfer bounds, the USDT currency id. */

/** Balances show 8 decimals, converted values (USDT, CNY) 2. */
export const BALANCE_DECIMALS = 8;
export const VALUE_DECIMALS = 2;
/** The transfer amount input's maximum and the smallest USDT transfer into the lever wallet. */
export const MAX_TRANSFER = '99999999';
export const MIN_LEVER_TRANSFER = '100';
export const USDT_ID = 3;
