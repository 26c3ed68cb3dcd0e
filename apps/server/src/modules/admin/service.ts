import { refuse } from '../../core/refusal';
import { formatTimestamp, type Clock } from '../../lib/time';
import type { SessionRepository } from '../auth/session-repository';
import type { SettingsRepository } from '../system/settings-repository';
import { SETTING } from '../system/settings';
import { IDENTITY_STATUS, type IdentityRepository } from '../users/identity-repository';
import type { UserRepository, UserRow } from '../users/repository';
import type { Notify } from '../notifications/kinds';
import type { OperatorRepository } from './repository';

/** An operator lock without an end date lasts until an operator unlocks it. */
const INDEFINITE_LOCK = new Date('9999-12-31T00:00:00Z');

function lockOf(user: UserRow) {
  return { locked_until: user.locked_until?.toISOString() ?? null, reason: user.lock_reason };
}

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
    await this.operators.log(operatorId, {
      action: 'identity.approve',
      target: `user:${userId}`,
      userId,
      before: { submission_id: pending.id, status: 'pending' },
      after: { submission_id: pending.id, status: 'approved' },
    });
    await this.notify(userId, 'identity_approved');
  }

  async rejectIdentity(operatorId: number, userId: number, reason: string): Promise<void> {
    const pending = await this.pendingSubmission(userId);
    if (!(await this.identities.decide(pending.id, IDENTITY_STATUS.rejected, operatorId, reason, this.clock()))) {
      refuse('submission not found');
    }
    // back to "not submitted": the user sees the reason and may submit again
    await this.users.setReviewStatus(userId, 0);
    await this.operators.log(operatorId, {
      action: 'identity.reject',
      target: `user:${userId}`,
      userId,
      before: { submission_id: pending.id, status: 'pending' },
      after: { submission_id: pending.id, status: 'rejected', reason },
    });
    await this.notify(userId, 'identity_rejected', { reason });
  }

  async lockUser(operatorId: number, userId: number, until: Date | undefined, reason: string): Promise<Date> {
    const user = await this.existingUser(userId);
    const end = until ?? INDEFINITE_LOCK;
    await this.users.lock(userId, end, reason || 'locked by an operator');
    await this.sessions.revokeAllOf(userId, this.clock());
    await this.operators.log(operatorId, { action: 'user.lock', target: `user:${userId}`, userId, before: lockOf(user), after: { locked_until: end.toISOString(), reason } });
    return end;
  }

  /** Ends every session of a user (their sockets close at once), in the operator log. */
  async endSessions(operatorId: number, userId: number): Promise<void> {
    await this.existingUser(userId);
    await this.sessions.revokeAllOf(userId, this.clock());
    await this.operators.log(operatorId, { action: 'user.sessions.end', target: `user:${userId}`, userId, after: { sessions: 'ended' } });
  }

  async unlockUser(operatorId: number, userId: number): Promise<void> {
    const user = await this.existingUser(userId);
    await this.users.unlock(userId);
    await this.operators.log(operatorId, { action: 'user.unlock', target: `user:${userId}`, userId, before: lockOf(user), after: { locked_until: null } });
  }

  async setRegionAgent(operatorId: number, userId: number, region: { cityName: string; districtName: string } | null) {
    const user = await this.existingUser(userId);
    await this.users.setRegionAgent(userId, region);
    await this.operators.log(operatorId, {
      action: region ? 'user.region_agent.grant' : 'user.region_agent.revoke',
      target: `user:${userId}`,
      userId,
      before: { is_region_agent: user.is_region_agent, city_name: user.city_name, district_name: user.district_name },
      after: region ? { is_region_agent: true, city_name: region.cityName, district_name: region.districtName } : { is_region_agent: false },
    });
  }

  async setSeller(operatorId: number, userId: number, isSeller: boolean) {
    const user = await this.existingUser(userId);
    await this.users.setSeller(userId, isSeller);
    await this.operators.log(operatorId, {
      action: isSeller ? 'user.seller.grant' : 'user.seller.revoke',
      target: `user:${userId}`,
      userId,
      before: { is_seller: user.is_seller },
      after: { is_seller: isSeller },
    });
  }

  async setInviteCodeRequired(operatorId: number, required: boolean) {
    const before = await this.settings.get<boolean>(SETTING.inviteCodeRequired);
    await this.settings.set(SETTING.inviteCodeRequired, required);
    await this.operators.log(operatorId, { action: 'settings.invite_code_required', target: `setting:${SETTING.inviteCodeRequired}`, before: { value: before ?? null }, after: { value: required } });
  }

  /** `is_open_CTbi`: whether deposits and withdrawals are open to users. */
  async setDepositsOpen(operatorId: number, open: boolean) {
    const before = await this.settings.get<boolean>(SETTING.depositsOpen);
    await this.settings.set(SETTING.depositsOpen, open);
    await this.operators.log(operatorId, { action: 'settings.deposits_open', target: `setting:${SETTING.depositsOpen}`, before: { value: before ?? null }, after: { value: open } });
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
