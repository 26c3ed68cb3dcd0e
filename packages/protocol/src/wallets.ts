/**
 * The four wallets every user holds per currency, by their wire names (`from_field`, `to_field`,
 * `wallet/detail` type, the `<name>_wallet` groups and `<name>_balance` fields of `wallet/list`):
 * legal (fiat), change (spot trading), lever (contracts) and micro.
 */
export const WALLETS = ['legal', 'change', 'lever', 'micro'] as const;
export type Wallet = (typeof WALLETS)[number];

export function isWallet(value: unknown): value is Wallet {
  return typeof value === 'string' && (WALLETS as readonly string[]).includes(value);
}

/** The number `wallet/legal_log` takes as `type` for each wallet. */
export const WALLET_LOG_TYPE: Readonly<Record<Wallet, number>> = { legal: 1, change: 2, lever: 3, micro: 4 };
