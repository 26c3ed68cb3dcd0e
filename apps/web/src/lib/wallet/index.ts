/**
 * The assets-area helpers: the four wallets and what they list, amounts and totals, withdrawal
 * fees, the checks of the wallet forms, deposit and withdrawal networks, record status names.
 */
export * from './amounts';
export * from './checks';
export * from './fees';
export * from './limits';
export * from './networks';
export * from './records';
export * from './wallets';
