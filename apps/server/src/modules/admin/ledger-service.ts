import { randomUUID } from 'node:crypto';
import { refuse } from '../../core/refusal';
import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { runAudit, type AuditReport } from '../../core/audit';
import type { Core } from '../../core/core';
import type { Wallet } from '../../core/wallets';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/time';
import type { CurrencyRepository } from '../market/repository';
import type { SettingsRepository } from '../system/settings-repository';
import type { UserRepository } from '../users/repository';
import type { AdjustmentRepository } from './adjustment-repository';
import type { OperatorRepository } from './repository';

export interface CreditInput {
  currency_id: number;
  wallet: Wallet;
  amount: string;
  reason: string;
  idempotency_key?: string;
}

/** Settings of operator money actions. */
export const LEDGER_SETTING = {
  /**
   * USDT value: a finance operator's money step (manual adjustment, deposit confirmation) waits for
   * a second operator when its value, plus what the same operator or the same user moved without
   * one today (UTC), is larger than this
   */
  approvalThreshold: 'adjustment_approval_threshold',
  /** the last audit's report and when it ran */
  lastAudit: 'last_ledger_audit',
} as const;

export const DEFAULT_APPROVAL_THRESHOLD = '10000';

export interface LastAudit {
  ran_at: string;
  report: AuditReport;
}

function magnitude(amount: Atoms): Atoms {
  return amount < 0n ? -amount : amount;
}

/**
 * Operator money actions: audited manual adjustments through the core (a finance operator's above
 * a threshold only once a second operator approves), and the ledger audit.
 */
export class LedgerAdminService {
  constructor(
    private readonly core: Core,
    private readonly users: UserRepository,
    private readonly operators: OperatorRepository,
    private readonly currencies: CurrencyRepository,
    private readonly db: Database,
    private readonly adjustments: AdjustmentRepository,
    private readonly settings: SettingsRepository,
    private readonly clock: Clock,
  ) {}

  /** `holdAboveThreshold`: the operator's role needs a second operator above the threshold (finance). */
  async credit(operatorId: number, userId: number, input: CreditInput, holdAboveThreshold = false) {
    if (!(await this.users.findById(userId))) refuse('user not found');
    // checked here, not left to the foreign key: a failed commit would fail the whole batch
    if (!(await this.currencies.findById(input.currency_id))) refuse('currency not found');
    const amount = tryParseAmount(input.amount);
    if (amount === undefined || amount === 0n) refuse('parameter error');
    if (holdAboveThreshold && (await this.needsSecondOperator(operatorId, userId, input.currency_id, amount))) {
      const id = await this.adjustments.request({ operatorId, userId, currencyId: input.currency_id, wallet: input.wallet, amount: formatAmount(amount), reason: input.reason });
      await this.operators.log(operatorId, {
        action: 'ledger.adjust.request',
        target: `adjustment:${id}`,
        userId,
        after: { status: 'pending', currency_id: input.currency_id, wallet: input.wallet, amount: formatAmount(amount), reason: input.reason },
      });
      return { ...this.balanceOf(userId, input.currency_id, input.wallet), applied: false, pending_approval: id };
    }
    const applied = await this.adjust(operatorId, userId, { ...input, amount }, `operator-adjustment:${input.idempotency_key ?? randomUUID()}`);
    return { applied, ...this.balanceOf(userId, input.currency_id, input.wallet) };
  }

  /**
   * The two-operator rule: true when the step's USDT value (at the current index, else the last
   * trade), added to today's (UTC) money steps made without a second operator by the same
   * operator, or to the same user, is above the threshold; true also when the currency has no
   * USDT price (its value cannot be judged). Splitting a large amount into small steps, or moving
   * it in a currency of few units, counts the same.
   */
  async needsSecondOperator(operatorId: number, userId: number, currencyId: number, amount: Atoms): Promise<boolean> {
    const threshold = await this.approvalThreshold();
    const value = this.core.read.valueInUsdt(currencyId, magnitude(amount));
    if (value === undefined) return true;
    const now = this.clock();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    let byOperator = value;
    let byUser = value;
    for (const step of await this.operators.moneyStepsSince(operatorId, userId, dayStart)) {
      const stepAmount = tryParseAmount(step.amount);
      const stepValue = stepAmount === undefined ? undefined : this.core.read.valueInUsdt(step.currency_id, magnitude(stepAmount));
      // a step whose value cannot be judged counts as the whole threshold
      const counted = stepValue ?? threshold;
      if (step.operator_id === operatorId) byOperator += counted;
      if (step.user_id === userId) byUser += counted;
    }
    return byOperator > threshold || byUser > threshold;
  }

  async approvalThreshold(): Promise<Atoms> {
    const text = await this.settings.get<string>(LEDGER_SETTING.approvalThreshold);
    return tryParseAmount(text) ?? parseAmount(DEFAULT_APPROVAL_THRESHOLD);
  }

  async approvalThresholdText(): Promise<string> {
    return formatAmount(await this.approvalThreshold());
  }

  async setApprovalThreshold(operatorId: number, threshold: string) {
    const before = formatAmount(await this.approvalThreshold());
    const value = tryParseAmount(threshold);
    if (value === undefined || value < 0n) refuse('parameter error');
    await this.settings.set(LEDGER_SETTING.approvalThreshold, formatAmount(value));
    await this.operators.log(operatorId, { action: 'settings.adjustment_approval_threshold', target: `setting:${LEDGER_SETTING.approvalThreshold}`, before: { value: before }, after: { value: formatAmount(value) } });
  }

  /** A second operator's yes: the adjustment goes through the core, once (keyed by the request). */
  async approve(operatorId: number, adjustmentId: number) {
    const request = await this.pending(operatorId, adjustmentId);
    if (request.kind !== 'adjustment' || request.currency_id === null || request.wallet === null || request.amount === null) refuse('adjustment not found');
    const applied = await this.adjust(
      operatorId,
      request.user_id,
      { currency_id: request.currency_id, wallet: request.wallet, amount: parseAmount(request.amount), reason: `${request.reason} (requested by operator ${request.requested_by})` },
      `operator-adjustment:approval-${adjustmentId}`,
      true,
    );
    await this.adjustments.decide(adjustmentId, 'approved', operatorId, this.clock());
    await this.operators.log(operatorId, { action: 'ledger.adjust.approve', target: `adjustment:${adjustmentId}`, userId: request.user_id, before: { status: 'pending' }, after: { status: 'approved', applied } });
    return { applied, ...this.balanceOf(request.user_id, request.currency_id, request.wallet) };
  }

  async reject(operatorId: number, adjustmentId: number) {
    const request = await this.pending(operatorId, adjustmentId);
    if (!(await this.adjustments.decide(adjustmentId, 'rejected', operatorId, this.clock()))) refuse('adjustment not found');
    await this.operators.log(operatorId, { action: 'ledger.adjust.reject', target: `adjustment:${adjustmentId}`, userId: request.user_id, before: { status: 'pending' }, after: { status: 'rejected' } });
  }

  async listAdjustments(status: string | undefined, limit: number, offset: number) {
    const rows = await this.adjustments.list(status, limit, offset);
    return rows.map((row) => ({ ...row, amount: row.amount === null ? null : formatAmount(parseAmount(row.amount)) }));
  }

  async audit(operatorId?: number): Promise<AuditReport> {
    const report = await runAudit(this.db);
    await this.settings.set(LEDGER_SETTING.lastAudit, { ran_at: this.clock().toISOString(), report } satisfies LastAudit);
    if (operatorId !== undefined) await this.operators.log(operatorId, { action: 'ledger.audit', target: 'ledger', after: { ok: report.ok } });
    return report;
  }

  lastAudit(): Promise<LastAudit | undefined> {
    return this.settings.get<LastAudit>(LEDGER_SETTING.lastAudit);
  }

  /** A pending request another operator made; refused to the operator who made it. */
  async pending(operatorId: number, adjustmentId: number) {
    const request = await this.adjustments.find(adjustmentId);
    if (!request || request.status !== 'pending') refuse('adjustment not found');
    if (request.requested_by === operatorId) refuse('a second operator must approve');
    return request;
  }

  /** `approved`: a second operator approved it (it does not count toward today's steps without one). */
  private async adjust(operatorId: number, userId: number, input: { currency_id: number; wallet: Wallet; amount: Atoms; reason: string }, key: string, approved = false) {
    const before = this.balanceOf(userId, input.currency_id, input.wallet);
    const result = await this.core.execute({
      kind: 'adjust',
      key,
      userId,
      currencyId: input.currency_id,
      wallet: input.wallet,
      amount: input.amount,
      reason: 'adjustment',
      reference: `operator ${operatorId}: ${input.reason}`.slice(0, 200),
    });
    if (result.applied) {
      await this.operators.log(operatorId, {
        action: 'ledger.adjust',
        target: `user:${userId}`,
        userId,
        before: { currency_id: input.currency_id, wallet: input.wallet, ...before },
        after: { currency_id: input.currency_id, wallet: input.wallet, ...this.balanceOf(userId, input.currency_id, input.wallet), amount: formatAmount(input.amount), reason: input.reason, key, ...(approved ? { second_operator: true } : {}) },
      });
    }
    return result.applied;
  }

  private balanceOf(userId: number, currencyId: number, wallet: Wallet) {
    const balance = this.core.read.balance({ userId, currencyId, wallet });
    return { available: formatAmount(balance.available), locked: formatAmount(balance.locked) };
  }
}
