import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import { activeOf, detectNetwork, isNetwork, isValidAddress, networkNamedBy, type Network } from '../deposits/chain';
import type { WalletCurrencyRow, WalletRepository } from '../wallets/repository';
import type { SavedAddressRow, WithdrawalRepository } from './repository';

export interface NewAddressInput {
  currency_id?: number;
  address?: string;
  active?: string;
  notes?: string;
  memo?: string;
  google_code?: string;
}

const MEMO = /^[A-Za-z0-9]{1,64}$/;
const WHITESPACE = /\s/;

/** The network a withdrawal to `address` uses: named by `active`, else recognised from the address. */
export function withdrawNetwork(currency: WalletCurrencyRow, address: string, active: string | undefined): Network {
  const network = networkNamedBy(active) ?? (currency.networks.length === 1 ? currency.networks[0] : detectNetwork(address));
  if (!isNetwork(network) || !currency.networks.includes(network)) refuse('address wrong');
  if (!isValidAddress(network, address)) refuse('address wrong');
  return network;
}

/**
 * Saved withdrawal addresses, each caller's own: an address without spaces, valid on a network of
 * the currency, saved once; only its owner removes it. Saving one needs the authenticator code
 * once one is bound, and a new address waits `waitHours` before a withdrawal may use it while the
 * allow-list is on (whether the allow-list is on now or later).
 */
export class AddressBookService {
  constructor(
    private readonly addresses: WithdrawalRepository,
    private readonly wallets: WalletRepository,
    private readonly requireSecondFactor: (userId: number, code: string | undefined) => Promise<void>,
    private readonly clock: Clock,
    private readonly waitHours: number,
  ) {}

  async list(userId: number, currencyId: number | undefined) {
    const [rows, names] = await Promise.all([this.addresses.savedAddresses(userId, currencyId), this.wallets.names()]);
    return rows.map((row) => view(row, names.get(row.currency_id) ?? ''));
  }

  async add(userId: number, input: NewAddressInput): Promise<void> {
    if (!input.currency_id) refuse('parameter error');
    const currency = await this.wallets.currency(input.currency_id);
    if (!currency) refuse('currency not found');
    if (!currency.can_withdraw) refuse('this currency cannot be withdrawn');
    if (!input.address) refuse('enter address');
    if (WHITESPACE.test(input.address)) refuse('address must not contain spaces');
    const network = withdrawNetwork(currency, input.address, input.active);
    const memo = input.memo ?? '';
    if (memo !== '' && !MEMO.test(memo)) refuse('memo must be letters and digits');
    await this.requireSecondFactor(userId, input.google_code);
    const id = await this.addresses.saveAddress({
      user_id: userId,
      currency_id: currency.id,
      network,
      address: input.address,
      memo,
      notes: input.notes ?? '',
      usable_at: new Date(this.clock().getTime() + this.waitHours * 3_600_000),
    });
    if (id === undefined) refuse('address already bound');
  }

  async remove(userId: number, addressId: number): Promise<void> {
    const row = await this.addresses.findAddress(addressId);
    if (!row) refuse('data not found');
    if (row.user_id !== userId || !(await this.addresses.deleteAddress(addressId, userId))) refuse('no permission to delete');
  }
}

export function view(row: SavedAddressRow, currencyName: string) {
  return {
    id: row.id,
    currency: row.currency_id,
    currency_name: currencyName,
    address: row.address,
    notes: row.notes,
    memo: row.memo,
    active: activeOf(row.network),
    usable_at: row.usable_at?.toISOString() ?? null,
  };
}
