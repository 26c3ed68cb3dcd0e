import type { DepositAddresses, WalletCurrency } from '@tessera/protocol';

/** Which currencies may be deposited and withdrawn, their USDT networks and their addresses. */

/** Only BTC, USDT, ETH and USDC may be deposited, and only BTC, USDT and ETH withdrawn. */
export const DEPOSIT_CURRENCIES = ['BTC', 'USDT', 'ETH', 'USDC'] as const;
export const WITHDRAW_CURRENCIES = ['BTC', 'USDT', 'ETH'] as const;

type CurrencyFlags = Pick<WalletCurrency, 'id' | 'can_deposit' | 'can_withdraw'>;

/**
 * Whether a currency may be deposited: the server's `wallet/currencylist` flag when it was read,
 * else whether it is one of the deposit currencies above; never a currency outside that list.
 */
export function canDeposit(currency: { id: number; name: string }, flags?: readonly CurrencyFlags[]): boolean {
  if (!(DEPOSIT_CURRENCIES as readonly string[]).includes(currency.name.toUpperCase())) return false;
  const flag = flags?.find((item) => item.id === currency.id);
  return flag ? flag.can_deposit === 1 : true;
}

export function canWithdraw(currency: { id: number; name: string }, flags?: readonly CurrencyFlags[]): boolean {
  if (!(WITHDRAW_CURRENCIES as readonly string[]).includes(currency.name.toUpperCase())) return false;
  const flag = flags?.find((item) => item.id === currency.id);
  return flag ? flag.can_withdraw === 1 : true;
}

/** USDT networks; `active` on the wire: 0 ERC20, 1 TRC20. */
export type UsdtNetwork = 'trc20' | 'erc20';
export const USDT_NETWORKS: readonly UsdtNetwork[] = ['trc20', 'erc20'];
export const networkActive = (network: UsdtNetwork): '0' | '1' => (network === 'trc20' ? '1' : '0');
export const networkOfActive = (active: number): UsdtNetwork => (active === 1 ? 'trc20' : 'erc20');

/** Whether a currency's deposits and withdrawals offer the TRC20/ERC20 choice. */
export const hasNetworks = (name: string): boolean => name.toUpperCase() === 'USDT';

/** The fields of a `wallet/get_in_addresss` reply the deposit panel reads. */
export type DepositAddressFields = Pick<DepositAddresses, 'btc' | 'eth' | 'usdt' | 'erc' | 'usdt_erc20' | 'list'>;

export interface DepositTarget {
  /** `trc20` / `erc20` for USDT, `''` for a currency with one network */
  network: UsdtNetwork | '';
  address: string;
}

/**
 * The deposit addresses of one currency (`wallet/get_in_addresss`): USDT has a TRC20 (`usdt`) and
 * an ERC20 (`erc`) address, BTC its own, ETH and USDC the Ethereum address. The `list` entries of
 * the currency win over the named fields.
 */
export function depositTargets(reply: DepositAddressFields, currency: { id: number; name: string }): DepositTarget[] {
  const name = currency.name.toUpperCase();
  const listed = reply.list.filter((entry) => entry.id === currency.id && entry.address);
  if (hasNetworks(name)) {
    const pick = (network: UsdtNetwork, fallback: string) =>
      listed.find((entry) => entry.type.toUpperCase().includes(network.toUpperCase()))?.address || fallback;
    return [
      { network: 'trc20' as const, address: pick('trc20', reply.usdt) },
      { network: 'erc20' as const, address: pick('erc20', reply.erc || reply.usdt_erc20) },
    ].filter((target) => target.address !== '');
  }
  const fromList = listed[0]?.address;
  const named = name === 'BTC' ? reply.btc : name === 'ETH' || name === 'USDC' ? reply.eth : '';
  const address = fromList || named;
  return address ? [{ network: '', address }] : [];
}

/** Saved addresses usable for a withdrawal: the currency's, and for USDT only the chosen network's. */
export function addressesFor<T extends { currency: number; active: number }>(
  addresses: readonly T[],
  currency: { id: number; name: string },
  network: UsdtNetwork,
): T[] {
  return addresses.filter(
    (address) => address.currency === currency.id && (!hasNetworks(currency.name) || networkOfActive(address.active) === network),
  );
}

