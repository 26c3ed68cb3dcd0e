import { WALLET_LOG_TYPE, WALLETS, WITHDRAWAL_STATUS, translateMessage, type ChainRecord, type Lang, type MessageKey } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatAmount, parseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { notional } from '../../core/spot/pair';
import { isWallet, type Wallet } from '../../core/wallets';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp } from '../../lib/time';
import type { ChainRecordRepository, ChainRecordRow } from './chain-records-repository';
import { flag, showAtoms } from './display';
import type { LedgerEntryRow, WalletCurrencyRow, WalletRepository } from './repository';


/** The memo of each ledger reason, as the record panels show it (one catalogue text per reason). */
const MEMO: Record<string, MessageKey> = {
  transfer: 'transfer between wallets',
  deposit: 'deposit credited',
  withdrawal: 'withdrawal sent',
  withdrawal_freeze: 'withdrawal frozen',
  withdrawal_refund: 'withdrawal refunded',
  withdrawal_fee: 'withdrawal fee',
  in_station: 'in-station transfer',
  trade: 'spot trade',
  fee: 'trading fee',
  order_lock: 'order frozen',
  order_release: 'order released',
  adjustment: 'operator adjustment',
  c2c_escrow: 'fiat trade escrow',
  c2c_escrow_release: 'fiat trade escrow released',
  c2c_deal: 'fiat trade',
  upstart_payment: 'subscription payment',
  issuance: 'subscription tokens issued',
  upstart_unlock: 'subscription tokens unlocked',
  acceptor_escrow: 'acceptor deal escrow',
  acceptor_deal: 'acceptor deal settled',
  acceptor_release: 'acceptor deal released',
  micro_stake: 'second contract stake',
  micro_fee: 'second contract fee',
  micro_reserve: 'second contract reserve',
  micro_settle: 'second contracts settled',
  lever_lock: 'leveraged order frozen',
  lever_margin: 'leveraged margin',
  lever_unlock: 'leveraged order released',
  lever_fee: 'leveraged trading fee',
  lever_overnight: 'overnight fee',
  lever_profit: 'leveraged profit',
  lever_loss: 'leveraged loss',
  lever_close: 'leveraged position closed',
  lever_insurance: 'insurance fund payment',
};

/** wallet/legal_log `type`: each wallet's number (1 legal, 2 change, 3 lever, 4 micro), or the text `lever` old clients send. */
const LOG_WALLET: Record<string, Wallet> = {
  ...Object.fromEntries(WALLETS.map((wallet) => [String(WALLET_LOG_TYPE[wallet]), wallet])),
  lever: 'lever',
};

/** Records and single-wallet views of the assets area: wallet/legal_log, account/list, wallet/detail, wallet/currencylist. */
export class WalletRecordsService {
  constructor(
    private readonly core: Core,
    private readonly wallets: WalletRepository,
    /** a currency's value in USDT, as wallet/list counts it */
    private readonly usdtPrice: (currency: WalletCurrencyRow) => Atoms,
    private readonly usdtCnyRate: () => Atoms,
    private readonly chainRecords: ChainRecordRepository,
  ) {}

  async currencyList() {
    return (await this.wallets.currencies()).map((currency) => ({
      id: currency.id,
      name: currency.name,
      currency_type: currency.currency_type,
      is_legal: flag(currency.is_legal),
      is_match: flag(currency.is_match),
      is_micro: flag(currency.is_micro),
      is_lever: flag(currency.is_lever),
      can_deposit: flag(currency.can_deposit),
      can_withdraw: flag(currency.can_withdraw),
    }));
  }

  /** currency/user_currency_list: the currency items, each with the caller's available balances. */
  async userCurrencyList(userId: number) {
    return (await this.currencyList()).map((item) => {
      const available = (wallet: Wallet) => showAtoms(this.core.read.balance({ userId, currencyId: item.id, wallet }).available, 8);
      return {
        ...item,
        wallet: { legal_balance: available('legal'), change_balance: available('change'), micro_balance: available('micro'), lever_balance: available('lever') },
      };
    });
  }

  async detail(userId: number, currencyId: number | undefined, type: string | undefined) {
    const wallet = type === undefined || type === '' ? 'change' : type;
    if (!currencyId || !isWallet(wallet)) refuse('parameter error');
    const currency = await this.wallets.currency(currencyId);
    if (!currency) refuse('currency not found');
    const balance = this.core.read.balance({ userId, currencyId, wallet });
    const price = this.usdtPrice(currency);
    const cny = notional(notional(balance.available + balance.locked, price), this.usdtCnyRate());
    return {
      currency: currency.id,
      currency_name: currency.name,
      type: wallet,
      balance: showAtoms(balance.available, 8),
      lock_balance: showAtoms(balance.locked, 8),
      usdt_price: showAtoms(price, 8),
      cny_price: showAtoms(cny, 2),
    };
  }

  /** wallet/legal_log: one wallet's entries, optionally of one currency. */
  async walletLog(userId: number, input: { type?: string; currency?: number }, page: PageRequest, lang: Lang) {
    const wallet = LOG_WALLET[input.type ?? ''];
    if (!wallet) refuse('parameter error');
    const { list, total } = await this.entries(userId, { wallet, currencyId: input.currency }, page, lang);
    return paged(list, total, page);
  }

  /** account/list: every wallet, 20 a page, under `data`. */
  async accountLog(userId: number, page: PageRequest, lang: Lang) {
    const { list, total } = await this.entries(userId, {}, page, lang);
    const { list: _list, ...rest } = paged(list, total, page);
    return { data: list, ...rest };
  }

  /** charge_mention/log: deposits and withdrawals together, newest first, under `data`. */
  async depositsAndWithdrawals(userId: number, page: PageRequest, lang: Lang) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.chainRecords.listOfUser(userId, limit, offset)),
      this.wallets.names(),
    ]);
    const { list: data, ...rest } = paged(
      rows.map((row) => chainRecord(row, names, lang)),
      total,
      page,
    );
    return { data, ...rest };
  }

  private async entries(userId: number, filter: { wallet?: Wallet; currencyId?: number }, page: PageRequest, lang: Lang) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.wallets.entries(userId, filter, limit, offset)),
      this.wallets.names(),
    ]);
    return { list: rows.map((row) => item(row, names, lang)), total };
  }
}

function item(row: LedgerEntryRow, names: Map<number, string>, lang: Lang) {
  const memo = MEMO[row.reason];
  return {
    id: Number(row.id),
    value: formatAmount(parseAmount(row.delta_available)),
    lock_value: formatAmount(parseAmount(row.delta_locked)),
    info: memo ? translateMessage(memo, lang) : row.reason,
    reason: row.reason,
    created_time: formatTimestamp(row.created_at),
    account: row.wallet,
    currency: row.currency_id,
    currency_name: names.get(row.currency_id) ?? '',
  };
}

/** The plain outcome of a deposit (0 pending, 1 confirmed, 2 rejected) or of a withdrawal's state. */
const DEPOSIT_OUTCOME: Record<string, MessageKey> = { '0': 'pending', '1': 'completed', '2': 'rejected' };
const WITHDRAWAL_OUTCOME: Record<string, MessageKey> = {
  applying: 'pending',
  approved: 'pending',
  success: 'completed',
  in_station: 'completed',
  failed: 'failed',
  rejected: 'rejected',
};

function chainRecord(row: ChainRecordRow, names: Map<number, string>, lang: Lang): ChainRecord {
  const amount = showAtoms(parseAmount(row.amount), 8);
  const deposit = row.kind === 'deposit';
  const outcome = (deposit ? DEPOSIT_OUTCOME : WITHDRAWAL_OUTCOME)[row.status];
  return {
    id: Number(row.id),
    kind: row.kind,
    currency: row.currency_id,
    currency_name: names.get(row.currency_id) ?? '',
    value: deposit ? amount : `-${amount}`,
    fee: showAtoms(parseAmount(row.fee), 8),
    info: translateMessage(deposit ? 'deposit' : 'withdrawal', lang),
    transaction_info: outcome ? translateMessage(outcome, lang) : row.status,
    status: deposit ? Number(row.status) : (WITHDRAWAL_STATUS[row.status as keyof typeof WITHDRAWAL_STATUS] ?? 0),
    network: row.network,
    address: row.address,
    hash: row.tx_hash,
    created_time: formatTimestamp(row.created_at),
  };
}
