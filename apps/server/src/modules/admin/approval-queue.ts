import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { SecondFactorService } from '../users/second-factor-service';
import type { UserRepository } from '../users/repository';
import type { AdjustmentRepository } from './adjustment-repository';
import type { LedgerAdminService } from './ledger-service';
import type { OperatorMoneyService } from './money-service';
import type { OperatorRepository } from './repository';
import type { OperatorRole } from './roles';

/**
 * The second-operator approval queue (the back office's Adjustments screen): a manual adjustment
 * above the threshold, or the reset of a user's authenticator, waits until an operator other than
 * the one who asked approves or rejects it; each step is in the operator log. A reset removes the
 * user's authenticator and recovery codes (the user logs in with the password again and may bind
 * a new one) and is approved by an admin only: it takes a protection off an account.
 */
export class ApprovalQueue {
  constructor(
    private readonly requests: AdjustmentRepository,
    private readonly ledger: LedgerAdminService,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly secondFactor: Pick<SecondFactorService, 'isBound' | 'reset'>,
    private readonly operators: Pick<OperatorRepository, 'log'>,
    private readonly clock: Clock,
    private readonly money?: Pick<OperatorMoneyService, 'confirmApprovedDeposit'>,
  ) {}

  /** An operator asks to reset a user's authenticator (after checking who the user is, outside the platform). */
  async requestSecondFactorReset(operatorId: number, userId: number, reason: string): Promise<number> {
    if (!(await this.users.findById(userId))) refuse('user not found');
    if (!(await this.secondFactor.isBound(userId))) refuse('google authenticator not bound');
    const id = await this.requests.requestSecondFactorReset({ operatorId, userId, reason });
    await this.operators.log(operatorId, { action: 'user.second_factor.reset.request', target: `adjustment:${id}`, userId, after: { status: 'pending', reason } });
    return id;
  }

  async approve(operatorId: number, role: OperatorRole, id: number) {
    const request = await this.ledger.pending(operatorId, id);
    if (request.kind === 'adjustment' && request.deposit_id !== null) {
      // decided first: of two operators approving at once, one confirms
      if (!this.money || !(await this.requests.decide(id, 'approved', operatorId, this.clock()))) refuse('adjustment not found');
      const result = await this.money.confirmApprovedDeposit(operatorId, request);
      await this.operators.log(operatorId, { action: 'deposit.confirm.approve', target: `adjustment:${id}`, userId: request.user_id, before: { status: 'pending' }, after: { status: 'approved', applied: result.applied, requested_by: request.requested_by } });
      return result;
    }
    if (request.kind === 'adjustment') return this.ledger.approve(operatorId, id);
    if (role !== 'admin') refuse('operator role not allowed');
    if (!(await this.requests.decide(id, 'approved', operatorId, this.clock()))) refuse('adjustment not found');
    const applied = await this.secondFactor.reset(request.user_id);
    await this.operators.log(operatorId, {
      action: 'user.second_factor.reset',
      target: `adjustment:${id}`,
      userId: request.user_id,
      before: { status: 'pending', second_factor: 'bound' },
      after: { status: 'approved', second_factor: applied ? 'removed' : 'already removed', requested_by: request.requested_by },
    });
    return { applied };
  }

  async reject(operatorId: number, id: number): Promise<void> {
    const request = await this.ledger.pending(operatorId, id);
    if (request.kind === 'adjustment') return this.ledger.reject(operatorId, id);
    if (!(await this.requests.decide(id, 'rejected', operatorId, this.clock()))) refuse('adjustment not found');
    await this.operators.log(operatorId, { action: 'user.second_factor.reset.reject', target: `adjustment:${id}`, userId: request.user_id, before: { status: 'pending' }, after: { status: 'rejected' } });
  }
}
