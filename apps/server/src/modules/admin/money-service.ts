import type { WithdrawalDecision } from '../../core/withdrawals/book';
import type { PageRequest } from '../../lib/paging';
import type { DepositService } from '../deposits/service';
import type { WithdrawalService } from '../withdrawals/service';
import { DEPOSIT_STATUS } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatAmount, parseAmount } from '../../core/amount';
import type { AdjustmentRow, AdjustmentRepository } from './adjustment-repository';
import type { LedgerAdminService } from './ledger-service';
import type { OperatorRepository } from './repository';

/** The operator's review of deposits and withdrawals; every decision also goes to the operator log. */
export class OperatorMoneyService {
  constructor(
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawalService,
    private readonly operators: OperatorRepository,
    private readonly ledger: Pick<LedgerAdminService, 'needsSecondOperator'>,
    private readonly adjustments: Pick<AdjustmentRepository, 'requestDepositConfirmation'>,
  ) {}

  listDeposits(status: number | undefined, page: PageRequest) {
    return this.deposits.forOperator(status, page);
  }

  /**
   * An operator confirms a deposit. `holdForSecond` (a finance operator): a confirmation whose
   * amount differs from the claim, or whose USDT value with today's steps is above the
   * two-operator threshold, waits in the approval queue instead (`pending_approval`).
   */
  async confirmDeposit(operatorId: number, requestId: number, outputIndex: number, amount?: string, holdForSecond = false) {
    const { request, amount: credit, claimed } = await this.deposits.confirmation(requestId, amount);
    if (holdForSecond && request.status === DEPOSIT_STATUS.pending) {
      if (outputIndex !== request.output_index) refuse('output index does not match the deposit');
      const corrected = credit !== claimed;
      if (corrected || (await this.ledger.needsSecondOperator(operatorId, request.user_id, request.currency_id, credit))) {
        const reason = corrected ? `deposit ${request.id}: amount ${formatAmount(claimed)} corrected to ${formatAmount(credit)}` : `deposit ${request.id}`;
        const id = await this.adjustments.requestDepositConfirmation({ operatorId, userId: request.user_id, currencyId: request.currency_id, depositId: Number(request.id), outputIndex, amount: formatAmount(credit), reason });
        await this.operators.log(operatorId, {
          action: 'deposit.confirm.request',
          target: `adjustment:${id}`,
          userId: request.user_id,
          before: { status: 'pending', claimed: formatAmount(claimed) },
          after: { status: 'pending', deposit: `deposit:${request.id}`, currency_id: request.currency_id, amount: formatAmount(credit) },
        });
        return { applied: false, status: request.status, credited: '0', pending_approval: id };
      }
    }
    return this.confirmAndLog(operatorId, requestId, outputIndex, amount, request.user_id, request.currency_id, false);
  }

  /** A second operator approved a held deposit confirmation: it is confirmed for the queued amount. */
  async confirmApprovedDeposit(operatorId: number, queued: AdjustmentRow) {
    if (queued.deposit_id === null || queued.output_index === null || queued.amount === null || queued.currency_id === null) refuse('adjustment not found');
    return this.confirmAndLog(operatorId, Number(queued.deposit_id), queued.output_index, formatAmount(parseAmount(queued.amount)), queued.user_id, queued.currency_id, true);
  }

  private async confirmAndLog(operatorId: number, requestId: number, outputIndex: number, amount: string | undefined, userId: number, currencyId: number, approved: boolean) {
    const result = await this.deposits.confirm(requestId, operatorId, amount, outputIndex);
    await this.operators.log(operatorId, {
      action: 'deposit.confirm',
      target: `deposit:${requestId}`,
      userId,
      before: { status: 'pending' },
      after: { status: result.status, output_index: outputIndex, applied: result.applied, currency_id: currencyId, amount: result.credited, ...(approved ? { second_operator: true } : {}) },
    });
    return result;
  }

  async rejectDeposit(operatorId: number, requestId: number, reason: string) {
    await this.deposits.reject(requestId, operatorId, reason);
    await this.operators.log(operatorId, { action: 'deposit.reject', target: `deposit:${requestId}`, before: { status: 'pending' }, after: { status: 'rejected', reason } });
  }

  listWithdrawals(status: string | undefined, page: PageRequest) {
    return this.withdrawals.forOperator(status, page);
  }

  async reviewWithdrawal(operatorId: number, withdrawalId: number, decision: WithdrawalDecision, details: { txHash?: string; note?: string }) {
    const result = await this.withdrawals.review(withdrawalId, decision, details);
    await this.operators.log(operatorId, {
      action: `withdrawal.${decision}`,
      target: `withdrawal:${withdrawalId}`,
      after: { status: result.status, applied: result.applied, ...details },
    });
    return result;
  }
}
