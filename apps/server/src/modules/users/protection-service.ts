import type { ProtectionView } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { ProtectionRepository, ProtectionRow } from './protection-repository';
import { memberOf } from './member';
import type { UserRepository } from './repository';
import type { SecondFactorService } from './second-factor-service';
import type { NoticeClient, SecurityNotify } from './security-notices';

/** An anti-phishing code: 4 to 20 letters or digits, shown as typed. */
const ANTI_PHISHING_CODE = /^[A-Za-z0-9]{4,20}$/;

/** Whether the allow-list holds at `now`: on, and any request to turn it off not yet in effect. */
export function allowListHolds(row: Pick<ProtectionRow, 'allow_list_on' | 'allow_list_off_at'>, now: Date): boolean {
  return row.allow_list_on && (row.allow_list_off_at === null || now < row.allow_list_off_at);
}

/**
 * The anti-phishing code and the withdrawal address allow-list of a user. The allow-list needs an
 * authenticator: switching it either way asks for its code. On, it holds at once; off, it holds
 * for `waitHours` more, so a thief with the password and a code cannot turn it off and withdraw
 * before the owner, warned by e-mail, locks the account.
 */
export class ProtectionService {
  constructor(
    private readonly users: UserRepository,
    private readonly protection: ProtectionRepository,
    private readonly secondFactor: SecondFactorService,
    private readonly notify: SecurityNotify,
    private readonly clock: Clock,
    private readonly waitHours: number,
  ) {}

  /** safe/protection: the authenticator's state, the anti-phishing code, the allow-list and its pending switch-off. */
  async view(userId: number): Promise<ProtectionView> {
    await memberOf(this.users, userId);
    const [row, factor] = await Promise.all([this.protection.find(userId), this.secondFactor.state(userId)]);
    const holds = allowListHolds(row, this.clock());
    return {
      google_bind: factor.bound ? 1 : 0,
      recovery_codes_left: factor.recovery_codes_left,
      anti_phishing_code: row.anti_phishing_code,
      allow_list: holds ? 1 : 0,
      allow_list_off_at: holds && row.allow_list_off_at ? row.allow_list_off_at.toISOString() : null,
      wait_hours: this.waitHours,
    };
  }

  /** safe/anti_phishing: sets the code every e-mail then carries; guarded by the authenticator. */
  async setAntiPhishingCode(userId: number, input: { anti_phishing_code?: string; google_code?: string }, client: NoticeClient): Promise<void> {
    await memberOf(this.users, userId);
    const code = input.anti_phishing_code?.trim() ?? '';
    if (!ANTI_PHISHING_CODE.test(code)) refuse('anti-phishing code must be 4 to 20 letters or digits');
    await this.secondFactor.require(userId, input.google_code);
    await this.protection.setAntiPhishingCode(userId, code);
    await this.notify(userId, 'anti_phishing_changed', client);
  }

  /** safe/allow_list: `on` 1 turns it on at once; 0 asks to turn it off, which takes `waitHours`. */
  async switchAllowList(userId: number, input: { on?: number; google_code?: string }, client: NoticeClient): Promise<ProtectionView> {
    await memberOf(this.users, userId);
    if (input.on !== 0 && input.on !== 1) refuse('parameter error');
    if (!(await this.secondFactor.isBound(userId))) refuse('bind google authenticator first');
    await this.secondFactor.require(userId, input.google_code);
    if (input.on === 1) {
      await this.protection.turnAllowListOn(userId);
      await this.notify(userId, 'allow_list_on', client);
    } else {
      const offAt = await this.protection.requestAllowListOff(userId, new Date(this.clock().getTime() + this.waitHours * 3_600_000));
      if (offAt && offAt > this.clock()) await this.notify(userId, 'allow_list_off', client, offAt.toISOString().slice(0, 16).replace('T', ' '));
    }
    return this.view(userId);
  }

}
