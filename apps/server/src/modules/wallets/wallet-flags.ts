import type { Wallet } from '../../core/wallets';
import type { WalletCurrencyRow } from './repository';

type CurrencyFlags = Pick<WalletCurrencyRow, 'is_legal' | 'is_match' | 'is_micro' | 'is_lever'>;

/**
 * Whether a currency lives in a wallet, by its flags: the change (exchange) wallet holds
 * currencies that trade (`is_match`), the legal wallet `is_legal` ones, the leverage wallet
 * `is_lever` ones, the micro (second-contract) wallet legal currencies marked `is_micro`. The
 * wallet list shows a currency only where it lives, and transfers move it only between them.
 */
export function walletHolds(currency: CurrencyFlags, wallet: Wallet): boolean {
  switch (wallet) {
    case 'change':
      return currency.is_match;
    case 'legal':
      return currency.is_legal;
    case 'lever':
      return currency.is_lever;
    case 'micro':
      return currency.is_legal && currency.is_micro;
  }
}
