import { WALLETS, isWallet, type Wallet, type WalletBalanceItem } from '@tessera/protocol';
import { BALANCE_DECIMALS } from './limits';
import { fixed } from '../trading/decimal';

/**
 * The four wallets of the assets area: which currencies each one lists and what it holds of them.
 */

/** A wallet by its wire name; the list and its spelling are the protocol's. */
export type WalletName = Wallet;
export const WALLET_NAMES: readonly WalletName[] = WALLETS;
export { isWallet };

/** The balance item fields the filters and rows read (a `wallet/list` balance item without its currency type). */
export type BalanceFields = Omit<WalletBalanceItem, 'currency_type'>;

/**
 * Whether a currency is listed in a wallet: legal rows have `is_legal`, change rows `is_match`,
 * micro rows both `is_legal` and `is_micro`, lever rows `is_lever`.
 */
export function listedIn(item: Pick<BalanceFields, 'is_legal' | 'is_match' | 'is_micro' | 'is_lever'>, wallet: WalletName): boolean {
  switch (wallet) {
    case 'legal':
      return item.is_legal === 1;
    case 'change':
      return item.is_match === 1;
    case 'micro':
      return item.is_legal === 1 && item.is_micro === 1;
    case 'lever':
      return item.is_lever === 1;
  }
}

/** Available and frozen balance of one currency in one wallet. */
export function balanceOf(item: BalanceFields, wallet: WalletName): { available: string; frozen: string } {
  switch (wallet) {
    case 'legal':
      return { available: item.legal_balance, frozen: item.lock_legal_balance };
    case 'change':
      return { available: item.change_balance, frozen: item.lock_change_balance };
    case 'micro':
      return { available: item.micro_balance, frozen: item.lock_micro_balance };
    case 'lever':
      return { available: item.lever_balance, frozen: item.lock_lever_balance };
  }
}

export interface WalletRow {
  currency: number;
  name: string;
  /** 8 decimals, cut */
  available: string;
  frozen: string;
  usdtPrice: string;
}

/** The rows of one wallet's asset list: its listed currencies with their balances in that wallet. */
export function walletRows(items: readonly BalanceFields[], wallet: WalletName): WalletRow[] {
  return items
    .filter((item) => listedIn(item, wallet))
    .map((item) => {
      const { available, frozen } = balanceOf(item, wallet);
      return {
        currency: item.currency,
        name: item.currency_name,
        available: fixed(available, BALANCE_DECIMALS, '0.00000000'),
        frozen: fixed(frozen, BALANCE_DECIMALS, '0.00000000'),
        usdtPrice: item.usdt_price,
      };
    });
}

/** Every currency of the four groups once (the first item seen of each id). */
export function distinctItems<T extends { currency: number }>(groups: readonly { balance: readonly T[] }[]): T[] {
  const seen = new Map<number, T>();
  for (const group of groups) for (const item of group.balance) if (!seen.has(item.currency)) seen.set(item.currency, item);
  return [...seen.values()];
}

