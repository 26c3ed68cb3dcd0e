import { PASSWORD_PATTERN } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { hashPassword } from '../../lib/password';
import { checkPayPassword } from '../users/security-service';
import { newInviteCode } from '../../lib/tokens';
import type { SettingsRepository } from '../system/settings-repository';
import { SETTING } from '../system/settings';
import type { UserRepository, UserRow } from '../users/repository';
import type { VerificationService } from '../verification/service';
import type { AccountNames } from './account-address';
import type { LoginBackoff } from './login-backoff';
import type { SessionRepository } from './session-repository';

export interface RegistrationInput {
  user_string?: string;
  code?: string;
  password?: string;
  re_password?: string;
  extension_code?: string;
  country_code?: string;
  /** old clients: the fund password, set with the account */
  withdraw_password?: string;
}

export interface PasswordResetInput {
  account?: string;
  code?: string;
  password?: string;
  repassword?: string;
}

/** Checks a new password and its repetition, in the order the forms ask for them. */
export function checkNewPassword(password: string | undefined, repeat: string | undefined): string {
  if (!password) refuse('enter password');
  if (!PASSWORD_PATTERN.test(password)) refuse('password must be 6 to 16 letters or digits');
  if (!repeat) refuse('repeat password');
  if (repeat !== password) refuse('two passwords differ');
  return password;
}

export class RegistrationService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly backoff: LoginBackoff,
    private readonly settings: SettingsRepository,
    private readonly codes: VerificationService,
    private readonly names: AccountNames,
    private readonly clock: () => Date,
    /** off (PHONE_SIGNUP=off): only e-mail addresses may register */
    private readonly phoneSignup = true,
  ) {}

  async inviteCodeRequired(): Promise<boolean> {
    return (await this.settings.get<boolean>(SETTING.inviteCodeRequired)) ?? false;
  }

  /**
   * Registration's rules, the cheap ones first, the code last: an e-mail or phone number that
   * matches the rules (phone only where phone sign-up is on), a new password typed twice alike, the
   * invite code when the operator requires one (a member's, not a guest's), an account not taken
   * yet, and the verification code sent to that address. `session`: the
   * browser's verification session; with it the code may be empty when a check marked it.
   */
  async register(input: RegistrationInput, session?: string): Promise<UserRow> {
    if (!input.user_string) refuse('enter account');
    const account = await this.names.address(input.user_string, input.country_code);
    if (!account) refuse('the e-mail or phone number does not match the rules');
    if (account.channel === 'sms' && !this.phoneSignup) refuse('phone sign-up is not available');
    if (!input.code && !session) refuse('enter the verification code');
    const password = checkNewPassword(input.password, input.re_password);
    const withdrawPassword = input.withdraw_password || undefined;
    if (withdrawPassword !== undefined) checkPayPassword(withdrawPassword, withdrawPassword);

    const inviteCode = input.extension_code?.trim() ?? '';
    if (!inviteCode && (await this.inviteCodeRequired())) refuse('invite code required');
    const inviter = inviteCode ? await this.users.findByInviteCode(inviteCode) : undefined;
    if (inviteCode && (!inviter || inviter.is_vistor)) refuse('invite code not found');
    if (await this.users.findByAccount(account.address)) refuse('account already exists');

    await this.codes.consumeOrTakeMark(account.address, 'register', input.code, session);
    const agent = inviter ? await this.regionAgentOf(inviter) : undefined;
    let user: UserRow;
    try {
      user = await this.users.create({
        account: account.address,
        email: account.channel === 'email' ? account.address : '',
        phone: account.channel === 'sms' ? account.address : '',
        countryCode: account.countryCode,
        passwordHash: await hashPassword(password),
        extensionCode: await this.freshInviteCode(),
        parentId: inviter?.id ?? null,
        regionAgentId: agent?.id ?? null,
        cityName: agent?.city_name ?? '',
        districtName: agent?.district_name ?? '',
      });
    } catch (error) {
      // two registrations of one account raced: the unique index let one through
      if (await this.users.findByAccount(account.address)) refuse('account already exists');
      throw error;
    }
    // the code that proved the account proves it for its first fund password too
    if (withdrawPassword !== undefined) await this.users.setFirstPayPassword(user.id, await hashPassword(withdrawPassword));
    return user;
  }

  /** Forgot login password: a code sent to the account (or a session a check marked) proves ownership. */
  async resetPassword(input: PasswordResetInput, session?: string): Promise<void> {
    const account = await this.resettableAccount(input.account);
    if (!input.code && !session) refuse('enter the verification code');
    const password = checkNewPassword(input.password, input.repassword);
    const user = await this.users.findByAccount(account);
    if (!user || user.is_vistor) refuse('user not found');
    await this.codes.consumeOrTakeMark(account, 'forget', input.code, session);
    await this.users.setPassword(user.id, await hashPassword(password));
    await this.backoff.forgive(user.account);
    await this.sessions.revokeAllOf(user.id, this.clock());
  }

  /** The account a password reset names: an e-mail, or a mobile number (national in the default country, or `+…`). */
  async resettableAccount(raw: string | undefined): Promise<string> {
    if (!raw) refuse('enter account');
    const account = await this.names.address(raw);
    if (!account) refuse('the e-mail or phone number does not match the rules');
    return account.address;
  }

  /** A new user joins the region of the agent who invited them, or of their inviter's agent. */
  private async regionAgentOf(inviter: UserRow): Promise<UserRow | undefined> {
    if (inviter.is_region_agent) return inviter;
    return inviter.region_agent_id ? this.users.findById(inviter.region_agent_id) : undefined;
  }

  private async freshInviteCode(): Promise<string> {
    for (;;) {
      const code = newInviteCode();
      if (!(await this.users.inviteCodeTaken(code))) return code;
    }
  }
}
