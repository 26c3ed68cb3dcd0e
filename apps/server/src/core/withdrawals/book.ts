import type { Queryable } from '../../db/database';
import type { Atoms } from '../amount';
import type { CommandContext } from '../command-context';
import type { CommandResult, KindState, LoadContext } from '../kind';
import { refuse } from '../refusal';
import { valueInUsdt, type ValuationPrices } from '../valuation';
import { checkAllowList, type AllowListFacts } from './allow-list';
import { loadWithdrawals, WITHDRAWALS } from './repository';
import { isFinal, shanghaiDay, type WithdrawalState, type WithdrawalStatus } from './state';

/** What an application names: the withdrawal's fields, and the limit it must stay within. */
export type ApplyWithdrawal = Pick<WithdrawalState, 'userId' | 'currencyId' | 'wallet' | 'network' | 'address' | 'memo' | 'amount' | 'fee' | 'recipientId'> & {
  /** the currency's daily limit per user; 0 for none */
  dayLimit: Atoms;
  /** the daily limit of the user's identity level, in USDT value across currencies; 0 or absent for none */
  levelDayLimitUsdt?: Atoms;
  /** the address allow-list's facts while the user has it on; absent: off */
  allowList?: AllowListFacts;
};

/**
 * `chain_sent`: the hot wallet broadcast (or replaced) the withdrawal's transaction, whose hash it
 * names; `chain_returned`: that transaction can no longer pay (dropped: its nonce was taken by
 * another; or reverted), so the withdrawal goes back to the operators, approved without a hash.
 * Neither moves money: the amount stays frozen until `chain_success` or `chain_failure`.
 */
export type WithdrawalDecision = 'approve' | 'reject' | 'chain_success' | 'chain_failure' | 'chain_sent' | 'chain_returned';

export interface ReviewWithdrawal {
  withdrawalId: number;
  decision: WithdrawalDecision;
  txHash?: string;
  note?: string;
}

/** Freezes a withdrawal's amount and opens it for review. */
export interface WithdrawApplyCommand extends ApplyWithdrawal {
  kind: 'withdraw_apply';
  key: string;
}

/** An operator's (or the chain's) decision on an open withdrawal. */
export interface WithdrawReviewCommand extends ReviewWithdrawal {
  kind: 'withdraw_review';
  key: string;
}

export type WithdrawalCommand = WithdrawApplyCommand | WithdrawReviewCommand;

export interface WithdrawalBookRows {
  open: WithdrawalState[];
  /** per user and currency, what was applied for today (Shanghai) and not refunded */
  today: { userId: number; currencyId: number; amount: Atoms }[];
  /** per user, the USDT value of what was applied for today and not refunded */
  todayUsdt: { userId: number; value: Atoms }[];
  lastId: number;
}

const NEXT: Record<WithdrawalDecision, { from: WithdrawalStatus; to: WithdrawalStatus }> = {
  approve: { from: 'applying', to: 'approved' },
  reject: { from: 'applying', to: 'rejected' },
  chain_success: { from: 'approved', to: 'success' },
  chain_failure: { from: 'approved', to: 'failed' },
  chain_sent: { from: 'approved', to: 'approved' },
  chain_returned: { from: 'approved', to: 'approved' },
};

/** An in-station withdrawal is done when approved; it has no chain steps. */
function stepOf(withdrawal: WithdrawalState, decision: WithdrawalDecision): { from: WithdrawalStatus; to: WithdrawalStatus } {
  if (withdrawal.recipientId === null) return NEXT[decision];
  if (decision === 'approve') return { from: 'applying', to: 'in_station' };
  if (decision === 'reject') return NEXT.reject;
  // chain steps never apply to it
  return { from: 'in_station', to: 'in_station' };
}

/**
 * The withdrawals the core is responsible for: open ones (their money frozen in the user's
 * wallet) and today's totals for the daily limit. Only the core changes them, so two
 * applications can never both pass a limit or spend one balance.
 */
export class WithdrawalBook implements KindState<WithdrawalCommand, WithdrawalBookRows> {
  private readonly open = new Map<number, WithdrawalState>();
  private readonly used = new Map<string, Atoms>();
  /** per user, today's USDT value (the identity level's limit) */
  private readonly usedUsdt = new Map<number, Atoms>();
  private day = 0;
  private lastId = 0;
  /** the account that collects withdrawal fees (the one that collects trading fees) */
  private feeAccount = 0;

  /** `prices`: the spot and index states, whose USDT pairs value withdrawals (read while applying) */
  constructor(private readonly prices: () => ValuationPrices) {}

  load(db: Queryable, context: LoadContext): Promise<WithdrawalBookRows> {
    return loadWithdrawals(db, context.now);
  }

  reset(rows: WithdrawalBookRows, context: LoadContext): void {
    this.feeAccount = context.feeAccount;
    this.open.clear();
    this.used.clear();
    this.usedUsdt.clear();
    this.day = shanghaiDay(context.now);
    for (const withdrawal of rows.open) this.open.set(withdrawal.id, withdrawal);
    for (const row of rows.today) this.used.set(`${row.userId}:${row.currencyId}`, row.amount);
    for (const row of rows.todayUsdt) this.usedUsdt.set(row.userId, row.value);
    this.lastId = rows.lastId;
  }

  apply(command: WithdrawalCommand, context: CommandContext, now: Date): CommandResult {
    const withdrawal = command.kind === 'withdraw_apply' ? this.openWithdrawal(command, context, now) : this.review(command, context, now);
    return { applied: true, withdrawalId: withdrawal.id };
  }

  get(id: number): WithdrawalState | undefined {
    return this.open.get(id);
  }

  usedToday(userId: number, currencyId: number, now: Date): Atoms {
    this.rollDay(now);
    return this.used.get(`${userId}:${currencyId}`) ?? 0n;
  }

  /** The USDT value of what the user applied to withdraw today, every currency together. */
  usedTodayUsdt(userId: number, now: Date): Atoms {
    this.rollDay(now);
    return this.usedUsdt.get(userId) ?? 0n;
  }

  /**
   * Freezes the amount and opens the withdrawal in state `applying`. Refused, before anything
   * changes, by the allow-list, the currency's daily limit and the identity level's daily limit in
   * USDT value (a currency without a USDT price cannot be valued: refused while a level limit applies).
   */
  private openWithdrawal(input: ApplyWithdrawal, context: CommandContext, now: Date): WithdrawalState {
    if (input.amount <= 0n) refuse('amount must be greater than zero');
    if (input.fee < 0n || input.fee >= input.amount) refuse('minimum amount not met');
    checkAllowList(input.allowList, now);
    const used = this.usedToday(input.userId, input.currencyId, now);
    if (input.dayLimit > 0n && used + input.amount > input.dayLimit) refuse('daily limit reached');
    const usdtValue = valueInUsdt(this.prices(), input.currencyId, input.amount, now) ?? null;
    const usedUsdt = this.usedTodayUsdt(input.userId, now);
    const levelLimit = input.levelDayLimitUsdt ?? 0n;
    if (levelLimit > 0n) {
      if (usdtValue === null) refuse('no market price');
      if (usedUsdt + usdtValue > levelLimit) refuse('daily limit of your identity level reached');
    }
    const id = this.lastId + 1;
    const reference = `withdrawal:${id}`;
    // refuses `insufficient balance` before anything here changes
    context.move({ userId: input.userId, currencyId: input.currencyId, wallet: input.wallet, available: -input.amount, locked: input.amount, reason: 'withdrawal_freeze', reference });
    this.lastId = id;
    const { dayLimit: _dayLimit, levelDayLimitUsdt: _levelLimit, allowList: _allowList, ...record } = input;
    const withdrawal: WithdrawalState = { id, ...record, usdtValue, status: 'applying', txHash: '', note: '', createdAt: now, updatedAt: now };
    this.open.set(id, withdrawal);
    this.used.set(`${input.userId}:${input.currencyId}`, used + input.amount);
    if (usdtValue !== null) this.usedUsdt.set(input.userId, usedUsdt + usdtValue);
    context.stage(WITHDRAWALS, withdrawal);
    return withdrawal;
  }

  /** Moves a withdrawal one step; a rejection or a chain failure refunds exactly what was frozen. */
  private review(input: ReviewWithdrawal, context: CommandContext, now: Date): WithdrawalState {
    const current = this.open.get(input.withdrawalId);
    if (!current) refuse('order already handled');
    const step = stepOf(current, input.decision);
    if (current.status !== step.from) refuse('order already handled');
    const owner = { userId: current.userId, currencyId: current.currencyId, wallet: current.wallet };
    const reference = `withdrawal:${current.id}`;
    if (step.to === 'in_station' && current.recipientId !== null) {
      // settled inside the platform: the amount less the fee goes to the owner of the address
      context.move({ ...owner, locked: -(current.amount - current.fee), reason: 'in_station', reference });
      context.move({ userId: current.recipientId, currencyId: current.currencyId, wallet: 'change', available: current.amount - current.fee, reason: 'in_station', reference });
      this.collectFee(current, context);
    } else if (step.to === 'rejected' || step.to === 'failed') {
      context.move({ ...owner, available: current.amount, locked: -current.amount, reason: 'withdrawal_refund', reference });
    } else if (step.to === 'success') {
      // the amount less the fee leaves the platform; the fee stays, with the fee account
      context.move({ ...owner, locked: -(current.amount - current.fee), reason: 'withdrawal', reference });
      this.collectFee(current, context);
    }
    const next: WithdrawalState = {
      ...current,
      status: step.to,
      txHash: input.txHash ?? current.txHash,
      note: input.note ?? current.note,
      updatedAt: now,
    };
    if (isFinal(next.status)) this.open.delete(next.id);
    else this.open.set(next.id, next);
    if (next.status === 'rejected' || next.status === 'failed') this.release(next, now);
    context.stage(WITHDRAWALS, next);
    return next;
  }

  /** The fee, frozen with the amount, goes to the fee account. */
  private collectFee(withdrawal: WithdrawalState, context: CommandContext): void {
    if (withdrawal.fee === 0n) return;
    const reference = `withdrawal:${withdrawal.id}`;
    context.move({ userId: withdrawal.userId, currencyId: withdrawal.currencyId, wallet: withdrawal.wallet, locked: -withdrawal.fee, reason: 'withdrawal_fee', reference });
    context.move({ userId: this.feeAccount, currencyId: withdrawal.currencyId, wallet: 'change', available: withdrawal.fee, reason: 'withdrawal_fee', reference });
  }

  /** A refunded withdrawal no longer counts toward today's limit, if it was applied for today. */
  private release(withdrawal: WithdrawalState, now: Date): void {
    if (shanghaiDay(withdrawal.createdAt) !== shanghaiDay(now)) return;
    const key = `${withdrawal.userId}:${withdrawal.currencyId}`;
    const used = (this.used.get(key) ?? 0n) - withdrawal.amount;
    this.used.set(key, used > 0n ? used : 0n);
    if (withdrawal.usdtValue === null) return;
    const usedUsdt = (this.usedUsdt.get(withdrawal.userId) ?? 0n) - withdrawal.usdtValue;
    this.usedUsdt.set(withdrawal.userId, usedUsdt > 0n ? usedUsdt : 0n);
  }

  private rollDay(now: Date): void {
    const day = shanghaiDay(now);
    if (day === this.day) return;
    this.day = day;
    this.used.clear();
    this.usedUsdt.clear();
  }
}
