import { refuse } from '../../core/refusal';
import { hasAtMostDecimals, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { newCommandKey } from '../../core/command-key';
import { notional } from '../../core/spot/pair';
import { isWallet, WALLETS, type Wallet } from '../../core/wallets';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import type { UserRepository } from '../users/repository';
import { flag, showAtoms } from './display';
import type { WalletCurrencyRow, WalletRepository } from './repository';
import { walletHolds } from './wallet-flags';

const USDT = 3;
/** The smallest transfer into the leverage account: 100 USDT. */
export const MIN_LEVER_TRANSFER = parseAmount('100');
/** The largest amount one transfer moves: 99,999,999 units. */
export const MAX_TRANSFER = parseAmount('99999999');
export const SYSTEM_TOKEN = 'TSR';


export interface TransferInput {
  number?: string;
  currency_id?: number;
  type?: string;
  from_field?: string;
  to_field?: string;
}

/** The four wallets of a user, as the assets screens show them, and transfers between them. */
export class WalletService {
  constructor(
    private readonly core: Core,
    private readonly wallets: WalletRepository,
    private readonly users: UserRepository,
    private readonly depositsOpen: () => Promise<boolean>,
    /** CNY per USDT, held in memory by market data */
    private readonly usdtCnyRate: () => Atoms,
  ) {}

  /** The last trade of the currency against USDT, else its reference price. */
  usdtPrice(currency: WalletCurrencyRow): Atoms {
    if (currency.id === USDT) return parseAmount('1');
    for (const pair of this.core.read.pairs()) {
      if (pair.currencyId !== currency.id || pair.legalId !== USDT) continue;
      const last = this.core.read.lastPrice(pair.id);
      if (last) return last;
    }
    return parseAmount(currency.usdt_price);
  }

  async list(userId: number) {
    const [currencies, open] = await Promise.all([this.wallets.currencies(), this.depositsOpen()]);
    const items = currencies.map((currency) => {
      const balances = Object.fromEntries(
        WALLETS.map((wallet) => [wallet, this.core.read.balance({ userId, currencyId: currency.id, wallet })]),
      ) as Record<Wallet, { available: Atoms; locked: Atoms }>;
      return { currency, balances, price: this.usdtPrice(currency) };
    });
    const group = (wallet: Wallet) => {
      const chosen = items.filter((item) => walletHolds(item.currency, wallet));
      const total = chosen.reduce((sum, item) => sum + notional(item.balances[wallet].available + item.balances[wallet].locked, item.price), 0n);
      return {
        balance: chosen.map((item) => ({
          id: item.currency.id,
          currency: item.currency.id,
          currency_name: item.currency.name,
          currency_type: item.currency.currency_type,
          is_legal: flag(item.currency.is_legal),
          is_match: flag(item.currency.is_match),
          is_micro: flag(item.currency.is_micro),
          is_lever: flag(item.currency.is_lever),
          usdt_price: showAtoms(item.price, 8),
          legal_balance: showAtoms(item.balances.legal.available, 8),
          lock_legal_balance: showAtoms(item.balances.legal.locked, 8),
          change_balance: showAtoms(item.balances.change.available, 8),
          lock_change_balance: showAtoms(item.balances.change.locked, 8),
          micro_balance: showAtoms(item.balances.micro.available, 8),
          lock_micro_balance: showAtoms(item.balances.micro.locked, 8),
          lever_balance: showAtoms(item.balances.lever.available, 8),
          lock_lever_balance: showAtoms(item.balances.lever.locked, 8),
        })),
        usdt_totle: showAtoms(total, 2),
        total,
      };
    };
    const legal = group('legal');
    const strip = ({ total: _total, ...rest }: ReturnType<typeof group>) => rest;
    return {
      change_wallet: strip(group('change')),
      legal_wallet: { ...strip(legal), totle: showAtoms(notional(legal.total, this.usdtCnyRate()), 2) },
      lever_wallet: strip(group('lever')),
      micro_wallet: strip(group('micro')),
      is_open_CTbi: flag(open),
      systembi: SYSTEM_TOKEN,
    };
  }

  /**
   * wallet/change: a member (not a guest) moves an amount between two different wallets of their
   * own, both wallets the currency lives in, in whole units of the currency's precision.
   */
  async transfer(userId: number, input: TransferInput): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    if (user.is_vistor) refuse('guest accounts cannot do this');
    const [from, to] = input.from_field || input.to_field ? [input.from_field, input.to_field] : (input.type ?? '').split('_');
    if (!isWallet(from) || !isWallet(to) || !input.currency_id) refuse('parameter error');
    if (!input.number) refuse('enter amount');
    const amount = tryParseAmount(input.number);
    if (amount === undefined) refuse('parameter error');
    if (amount <= 0n) refuse('amount must be greater than zero');
    if (amount > MAX_TRANSFER) refuse('amount above maximum');
    if (to === 'lever' && input.currency_id === USDT && amount < MIN_LEVER_TRANSFER) refuse('minimum amount not met');
    const currency = await this.wallets.currency(input.currency_id);
    if (!currency) refuse('currency not found');
    if (!hasAtMostDecimals(amount, currency.decimals)) refuse('amount has more decimals than the currency allows');
    if (!walletHolds(currency, from) || !walletHolds(currency, to)) refuse('this currency cannot be moved between these wallets');
    // the lever wallet's balance is margin and risk cushion while positions or pending orders live
    if (from === 'lever' && this.core.read.holdsLever(userId)) refuse('cannot transfer while leveraged trades are open');
    const key = newCommandKey('transfer');
    // out of the lever wallet, the lever kind moves it: atomically refused while lever trades live
    if (from === 'lever') await this.core.execute({ kind: 'lever_transfer_out', key, userId, currencyId: input.currency_id, to, amount });
    else await this.core.execute({ kind: 'transfer', key, userId, currencyId: input.currency_id, from, to, amount });
  }

  async history(userId: number, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.wallets.transfers(userId, limit, offset)),
      this.wallets.names(),
    ]);
    const list = rows.map((row) => ({
      type: `${row.from_wallet}_${row.to_wallet}`,
      from_field: row.from_wallet,
      to_field: row.to_wallet,
      currency_name: names.get(row.currency_id) ?? '',
      number: showAtoms(parseAmount(row.amount), 8),
      add_time: formatTimestamp(row.created_at),
    }));
    return paged(list, total, page);
  }
}
