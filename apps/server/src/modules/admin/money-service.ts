import type { WithdrawalDecision } from '../../core/withdrawals/book';
import type { PageRequest } from '../../lib/paging';
import type { DepositService } from '../deposits/service';
import type { WithdrawalService } from '../withdrawals/service';
import type { OperatorRepository } from './repository';

/** The operator's review of deposits and withdrawals; every decision also goes to the operator log. */
export class OperatorMoneyService {
  constructor(
    private readonly deposits: DepositService,
    private readonly withdrawals: WithdrawalService,
    private readonly operators: OperatorRepository,
  ) {}

  listDeposits(status: number | undefined, page: PageRequest) {
    return this.deposits.forOperator(status, page);
  }

  async confirmDeposit(operatorId: number, requestId: number, outputIndex: number, amount?: string) {
    const result = await this.deposits.confirm(requestId, operatorId, amount, outputIndex);
    await this.operators.log(operatorId, {
      action: 'deposit.confirm',
      target: `deposit:${requestId}`,
      before: { status: 'pending' },
      after: { status: result.status, output_index: outputIndex, applied: result.applied, amount: result.credited },
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
