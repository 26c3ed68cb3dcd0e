/** The four wallets every user holds per currency: one list for server and web, in the protocol. */
export { WALLETS, isWallet, type Wallet } from '@tessera/protocol';

/**
 * Ledger reasons that bring money into or out of the platform; all others move it inside.
 * `issuance`: platform tokens issued to a subscriber.
 */
export const EXTERNAL_REASONS = ['deposit', 'withdrawal', 'adjustment', 'issuance'] as const;
