import { refuse } from '../../core/refusal';
import { formatTimestamp, type Clock } from '../../lib/time';
import type { SessionRepository } from '../auth/session-repository';
import type { SettingsRepository } from '../system/settings-repository';
import { SETTING } from '../system/settings';
import { IDENTITY_STATUS, type IdentityRepository } from '../users/identity-repository';
import type { UserRepository } from '../users/repository';
import type { Notify } from '../notifications/kinds';
import type { OperatorRepository } from './repository';

/** An operator lock without an end date lasts until an operator unlocks it. */
const INDEFINITE_LOCK = new Date('9999-12-31T00:00:00Z');

/** What operators may do to users. Every decision is written to the audit trail. */
export class AdminService {
  constructor(
    private readonly operators: OperatorRepository,
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly identities: IdentityRepository,
    private readonly settings: SettingsRepository,
    private readonly clock: Clock,
    /** tells the user their identity review's outcome */
    private readonly notify: Notify = async () => {},
  ) {}

  async identitySubmissions(status: number) {
    const rows = await this.identities.listByStatus(status, 200);
    return rows.map((row) => ({
      submission_id: row.id,
      user_id: row.user_id,
      name: row.name,
      card_id: row.card_id,
      front_pic: row.front_pic,
      reverse_pic: row.reverse_pic,
      hand_pic: row.hand_pic,
      status: row.status,
      reject_reason: row.reject_reason,
      created_at: formatTimestamp(row.created_at),
    }));
  }

  async approveIdentity(operatorId: number, userId: number): Promise<void> {
    const pending = await this.pendingSubmission(userId);
    if (await this.identities.cardVerified(pending.card_id)) refuse('this id is already verified');
    if (!(await this.identities.decide(pending.id, IDENTITY_STATUS.approved, operatorId, '', this.clock()))) {
      refuse('submission not found');
    }
    await this.users.setReviewStatus(userId, 2);
    await this.operators.recordAction(operatorId, 'identity.approve', userId, { submission_id: pending.id });
    await this.notify(userId, 'identity_approved');
  }

  async rejectIdentity(operatorId: number, userId: number, reason: string): Promise<void> {
    const pending = await this.pendingSubmission(userId);
    if (!(await this.identities.decide(pending.id, IDENTITY_STATUS.rejected, operatorId, reason, this.clock()))) {
      refuse('submission not found');
    }
    // back to "not submitted": the user sees the reason and may submit again
    await this.users.setReviewStatus(userId, 0);
    await this.operators.recordAction(operatorId, 'identity.reject', userId, { submission_id: pending.id, reason });
    await this.notify(userId, 'identity_rejected', { reason });
  }

  async lockUser(operatorId: number, userId: number, until: Date | undefined, reason: string): Promise<Date> {
    await this.existingUser(userId);
    const end = until ?? INDEFINITE_LOCK;
    await this.users.lock(userId, end, reason || 'locked by an operator');
    await this.sessions.revokeAllOf(userId, this.clock());
    await this.operators.recordAction(operatorId, 'user.lock', userId, { until: end.toISOString(), reason });
    return end;
  }

  async unlockUser(operatorId: number, userId: number): Promise<void> {
    await this.existingUser(userId);
    await this.users.unlock(userId);
    await this.operators.recordAction(operatorId, 'user.unlock', userId, {});
  }

  async setRegionAgent(operatorId: number, userId: number, region: { cityName: string; districtName: string } | null) {
    await this.existingUser(userId);
    await this.users.setRegionAgent(userId, region);
    await this.operators.recordAction(operatorId, region ? 'user.region_agent.grant' : 'user.region_agent.revoke', userId, { ...region });
  }

  async setSeller(operatorId: number, userId: number, isSeller: boolean) {
    await this.existingUser(userId);
    await this.users.setSeller(userId, isSeller);
    await this.operators.recordAction(operatorId, isSeller ? 'user.seller.grant' : 'user.seller.revoke', userId, {});
  }

  async setInviteCodeRequired(operatorId: number, required: boolean) {
    await this.settings.set(SETTING.inviteCodeRequired, required);
    await this.operators.recordAction(operatorId, 'settings.invite_code_required', null, { required });
  }

  /** `is_open_CTbi`: whether deposits and withdrawals are open to users. */
  async setDepositsOpen(operatorId: number, open: boolean) {
    await this.settings.set(SETTING.depositsOpen, open);
    await this.operators.recordAction(operatorId, 'settings.deposits_open', null, { open });
  }

  private async pendingSubmission(userId: number) {
    const latest = await this.identities.latestOf(userId);
    if (!latest || latest.status !== IDENTITY_STATUS.pending) refuse('submission not found');
    return latest;
  }

  private async existingUser(userId: number) {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    return user;
  }
}
