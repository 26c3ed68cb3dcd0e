/** The four wallets every user holds per currency (spec 3 §1). */
export const WALLETS = ['legal', 'change', 'lever', 'micro'] as const;
export type Wallet = (typeof WALLETS)[number];

export function isWallet(value: unknown): value is Wallet {
  return typeof value === 'string' && (WALLETS as readonly string[]).includes(value);
}

/** Ledger reasons that bring money into or out of the platform; all others move it inside. */
export const EXTERNAL_REASONS = ['deposit', 'withdrawal', 'adjustment'] as const;
