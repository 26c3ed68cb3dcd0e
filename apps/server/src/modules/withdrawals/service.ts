import { floorDecimal, WITHDRAWAL_STATUS } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatAmount, hasAtMostDecimals, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import type { Core } from '../../core/core';
import { newCommandKey } from '../../core/command-key';
import type { WithdrawalDecision } from '../../core/withdrawals/book';
import type { WithdrawalStatus, WithdrawalWallet } from '../../core/withdrawals/state';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp, type Clock } from '../../lib/time';
import { isValidTxHash, isNetwork } from '../deposits/chain';
import type { DepositRepository } from '../deposits/repository';
import type { PayPasswordCheck } from '../users/pay-password-check';
import type { ProtectionRow } from '../users/protection-repository';
import type { NoticeClient, SecurityNotify } from '../users/security-notices';
import type { ChainGate } from '../wallets/chain-gate';
import type { WalletCurrencyRow, WalletRepository } from '../wallets/repository';
import { allowListHolds } from '../users/protection-service';
import { view, withdrawNetwork } from './address-book-service';
import type { WithdrawalRecordRow, WithdrawalRepository } from './repository';

export interface WithdrawInput {
  currency?: number;
  number?: string;
  address?: string;
  type?: string;
  active?: string;
  pay_password?: string;
  google_code?: string;
}

/**
 * What guards a withdrawal besides the fund password: the authenticator code, the address
 * allow-list, the identity level's daily limit in USDT, and the security message it sends.
 */
export interface WithdrawalGuards {
  requireSecondFactor(userId: number, code: string | undefined): Promise<void>;
  protection(userId: number): Promise<Pick<ProtectionRow, 'allow_list_on' | 'allow_list_off_at'>>;
  levelDayLimitUsdt(userId: number): Promise<Atoms>;
  notify: SecurityNotify;
}

const PERCENT = parseAmount('100');
const show = (text: string) => floorDecimal(text, 8);

/** The wallet a withdrawal leaves (`type`): change, or micro for the currencies the micro wallet holds. */
function walletOf(currency: WalletCurrencyRow, type: string | undefined): WithdrawalWallet {
  if (type === undefined || type === '' || type === 'change' || type === '2') return 'change';
  if (type !== 'micro' && type !== '4') refuse('parameter error');
  if (!(currency.is_micro && currency.is_legal)) refuse('this currency cannot be withdrawn');
  return 'micro';
}

/** The withdrawal fee: a flat fee (`rate`) in the change wallet; `amount × rate %` in the micro wallet. */
export function withdrawalFee(currency: WalletCurrencyRow, wallet: WithdrawalWallet, amount: Atoms): Atoms {
  if (wallet === 'change') return parseAmount(currency.withdraw_fee);
  const fee = (amount * parseAmount(currency.micro_withdraw_percent)) / PERCENT;
  // cut down to the currency's precision: the fee is never more than the rate says
  const step = 10n ** BigInt(18 - Math.min(currency.decimals, 18));
  return (fee / step) * step;
}

/**
 * Withdrawals: the amount is frozen on application, then an operator approves or
 * rejects, and the chain reports success or failure. Rejection and chain failure refund exactly
 * what was frozen. Every step is a core command, so it is in the ledger and never applied twice.
 */
export class WithdrawalService {
  constructor(
    private readonly core: Core,
    private readonly withdrawals: WithdrawalRepository,
    private readonly wallets: WalletRepository,
    private readonly payPassword: PayPasswordCheck,
    private readonly depositAddresses: Pick<DepositRepository, 'ownerOfAddress'>,
    private readonly gate: ChainGate,
    private readonly clock: Clock,
    private readonly guards: WithdrawalGuards,
  ) {}

  /** wallet/get_info */
  async info(userId: number, currencyId: number | undefined, type: string | undefined) {
    const currency = await this.withdrawable(currencyId);
    const wallet = walletOf(currency, type);
    const balance = this.core.read.balance({ userId, currencyId: currency.id, wallet });
    const used = this.core.read.withdrawnToday(userId, currency.id);
    const [saved, levelLimit, protection] = await Promise.all([
      this.withdrawals.savedAddresses(userId, currency.id),
      this.guards.levelDayLimitUsdt(userId),
      this.guards.protection(userId),
    ]);
    const now = this.clock();
    return {
      name: currency.name,
      type: wallet,
      change_balance: wallet === 'change' ? show(formatAmount(balance.available)) : undefined,
      micro_balance: wallet === 'micro' ? show(formatAmount(balance.available)) : undefined,
      min_number: formatAmount(parseAmount(currency.withdraw_min)),
      max_number: formatAmount(parseAmount(currency.withdraw_max)),
      day_limit: formatAmount(parseAmount(currency.withdraw_day_limit)),
      day_used: formatAmount(used),
      rate: formatAmount(parseAmount(wallet === 'change' ? currency.withdraw_fee : currency.micro_withdraw_percent)),
      fee_mode: wallet === 'change' ? ('flat' as const) : ('percent' as const),
      address: saved.map((row) => view(row, currency.name)),
      level_day_limit_usdt: formatAmount(levelLimit),
      level_day_used_usdt: formatAmount(this.core.read.withdrawnTodayUsdt(userId)),
      allow_list: allowListHolds(protection, now) ? (1 as const) : (0 as const),
    };
  }

  /**
   * wallet/out: checks the rules, then the core freezes the amount, checking the daily limits and
   * the allow-list with the facts the command carries. The owner is sent a security message.
   * The caller proves it may withdraw with the fund password and, when bound, an authenticator
   * code; or (the signed API) with a key of the withdraw scope, which exists only with an IP
   * allow-list, was created with the authenticator code when one is bound, and whose request was
   * signed from an address of that list.
   */
  async apply(userId: number, input: WithdrawInput, client: NoticeClient = {}, proof: 'fund password' | 'withdraw api key' = 'fund password'): Promise<number> {
    await this.gate.check(userId);
    const currency = await this.withdrawable(input.currency);
    const wallet = walletOf(currency, input.type);
    if (!input.address) refuse('enter address');
    if (!input.number) refuse('enter amount');
    const amount = tryParseAmount(input.number);
    if (amount === undefined || !hasAtMostDecimals(amount, currency.decimals)) refuse('parameter error');
    if (amount <= 0n) refuse('amount must be greater than zero');
    if (amount < parseAmount(currency.withdraw_min)) refuse('minimum amount not met');
    const max = parseAmount(currency.withdraw_max);
    if (max > 0n && amount > max) refuse('amount above maximum');
    const saved = (await this.withdrawals.savedAddresses(userId, currency.id)).find((row) => row.address === input.address);
    const network = saved && isNetwork(saved.network) ? saved.network : withdrawNetwork(currency, input.address, input.active);
    // another user's deposit address: settled in the platform when approved, with no network fee
    const recipientId = (await this.depositAddresses.ownerOfAddress(network, input.address)) ?? null;
    if (recipientId === userId) refuse('cannot withdraw to your own deposit address');
    const fee = recipientId === null ? withdrawalFee(currency, wallet, amount) : 0n;
    if (fee >= amount) refuse('minimum amount not met');
    if (proof === 'fund password') {
      await this.payPassword.verify(userId, input.pay_password);
      await this.guards.requireSecondFactor(userId, input.google_code);
    }
    const [protection, levelDayLimitUsdt] = await Promise.all([this.guards.protection(userId), this.guards.levelDayLimitUsdt(userId)]);
    const result = await this.core.execute({
      kind: 'withdraw_apply',
      key: newCommandKey('withdraw'),
      userId,
      currencyId: currency.id,
      wallet,
      network,
      address: input.address,
      memo: saved?.memo ?? '',
      amount,
      fee,
      recipientId,
      dayLimit: parseAmount(currency.withdraw_day_limit),
      levelDayLimitUsdt,
      ...(protection.allow_list_on
        ? { allowList: { offAt: protection.allow_list_off_at, saved: saved && saved.network === network ? { usableAt: saved.usable_at } : null } }
        : {}),
    });
    if (!result.applied || result.withdrawalId === undefined) refuse('please retry');
    await this.guards.notify(userId, 'withdrawal_requested', client, `${formatAmount(amount)} ${currency.name} → ${input.address}`);
    return result.withdrawalId;
  }

  /** An operator's or the chain's step; repeating the same step changes nothing. */
  async review(withdrawalId: number, decision: WithdrawalDecision, details: { txHash?: string; note?: string } = {}) {
    const row = await this.withdrawals.find(withdrawalId);
    if (!row) refuse('data not found');
    if (decision === 'chain_success') {
      if (!details.txHash || !isNetwork(row.network) || !isValidTxHash(row.network, details.txHash)) refuse('transaction hash is not valid');
    }
    const result = await this.core.execute({
      kind: 'withdraw_review',
      key: `withdrawal:${withdrawalId}:${decision}`,
      withdrawalId,
      decision,
      txHash: details.txHash,
      note: details.note?.slice(0, 200),
    });
    const after = await this.withdrawals.find(withdrawalId);
    return { applied: result.applied, status: after?.status ?? row.status };
  }

  async records(userId: number, currencyId: number | undefined, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.withdrawals.listOfUser(userId, currencyId, limit, offset)),
      this.wallets.names(),
    ]);
    return paged(rows.map((row) => record(row, names)), total, page);
  }

  async forOperator(status: string | undefined, page: PageRequest) {
    const [{ rows, total }, names] = await Promise.all([
      pageOf(page, (limit, offset) => this.withdrawals.listByStatus(status, limit, offset)),
      this.wallets.names(),
    ]);
    return paged(
      rows.map((row) => ({ ...record(row, names), state: row.status, user_id: row.user_id, user_account: row.account, note: row.note, memo: row.memo })),
      total,
      page,
    );
  }

  private async withdrawable(currencyId: number | undefined): Promise<WalletCurrencyRow> {
    if (!currencyId) refuse('parameter error');
    const currency = await this.wallets.currency(currencyId);
    if (!currency) refuse('currency not found');
    if (!currency.can_withdraw) refuse('this currency cannot be withdrawn');
    return currency;
  }
}

function record(row: WithdrawalRecordRow, names: Map<number, string>) {
  const amount = parseAmount(row.amount);
  const fee = parseAmount(row.fee);
  return {
    id: Number(row.id),
    currency: row.currency_id,
    currency_name: names.get(row.currency_id) ?? '',
    account: row.wallet,
    number: show(row.amount),
    fee: show(row.fee),
    received: show(formatAmount(amount - fee)),
    address: row.address,
    network: row.network,
    status: WITHDRAWAL_STATUS[row.status as WithdrawalStatus],
    tx_hash: row.tx_hash,
    created_time: formatTimestamp(row.created_at),
  };
}
