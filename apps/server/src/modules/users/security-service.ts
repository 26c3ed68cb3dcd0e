import { EMAIL_PATTERN, PAY_PASSWORD_PATTERN } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { hashPassword } from '../../lib/password';
import type { Clock } from '../../lib/time';
import { tokenDigest } from '../../lib/tokens';
import { checkNewPassword } from '../auth/registration-service';
import type { LoginBackoff } from '../auth/login-backoff';
import type { SessionRepository } from '../auth/session-repository';
import type { VerificationService } from '../verification/service';
import { memberOf } from './member';
import type { UserRepository, UserRow } from './repository';
import type { SecondFactorService } from './second-factor-service';
import type { NoticeClient, SecurityNotify } from './security-notices';

/**
 * The security strength bar: 25, plus 25 each for a phone, an e-mail, an approved identity and an
 * authenticator, at most 100 (so an account without an authenticator scores what it always did).
 */
export function securityStrength(user: Pick<UserRow, 'phone' | 'email' | 'review_status'>, authenticatorBound = false): number {
  return Math.min(100, 25 + (user.phone ? 25 : 0) + (user.email ? 25 : 0) + (user.review_status === 2 ? 25 : 0) + (authenticatorBound ? 25 : 0));
}

/** A guarded call's second factor: the authenticator code once one is bound. */
interface Guarded {
  google_code?: string;
}

/**
 * Passwords, the fund password and e-mail binding of a logged-in user. Guests may do none of it.
 * Once the user bound an authenticator each change also needs its code (checked before the
 * verification code is spent), and each change sends the owner a security message.
 */
export class SecurityService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly backoff: LoginBackoff,
    private readonly codes: VerificationService,
    private readonly clock: Clock,
    private readonly secondFactor: Pick<SecondFactorService, 'require'>,
    private readonly notify: SecurityNotify,
  ) {}

  /** safe/update_password: a new login password, proved with a code sent to the account. */
  async updatePassword(userId: number, currentToken: string, input: { code?: string; password?: string; repassword?: string } & Guarded, client: NoticeClient = {}) {
    const user = await memberOf(this.users, userId);
    if (!input.code) refuse('enter the verification code');
    const password = checkNewPassword(input.password, input.repassword);
    await this.secondFactor.require(user.id, input.google_code);
    await this.codes.consume(user.account, 'forget', input.code);
    await this.users.setPassword(user.id, await hashPassword(password));
    await this.backoff.forgive(user.account);
    await this.sessions.revokeAllOf(user.id, this.clock(), tokenDigest(currentToken));
    await this.notify(user.id, 'password_changed', client);
  }

  /**
   * safe/set_pay_password (the /setCash screen): the first fund password, six digits. A session
   * alone is not enough, or whoever holds a stolen token could set it and then withdraw: the
   * owner proves themselves with the login password (`login_password`, counted like a login's)
   * or a code of type `forgets` sent to the account (`code`).
   */
  async setPayPassword(
    userId: number,
    input: { password?: string; repassword?: string; login_password?: string; code?: string } & Guarded,
    client: NoticeClient & { ip: string },
  ) {
    const user = await memberOf(this.users, userId);
    if (user.pay_password_hash) refuse('payment password already set');
    checkPayPassword(input.password, input.repassword);
    if (!input.login_password && !input.code) refuse('enter the login password or the verification code');
    await this.secondFactor.require(user.id, input.google_code);
    if (input.login_password) {
      const outcome = await this.backoff.attempt({ account: user.account, user, password: input.login_password, ip: client.ip });
      if (outcome === 'wait') refuse('too many login attempts, try again later');
      if (outcome !== 'ok') refuse('wrong login password');
    } else {
      await this.codes.consume(user.account, 'forgets', input.code);
    }
    if (!(await this.users.setFirstPayPassword(user.id, await hashPassword(input.password)))) refuse('payment password already set');
    await this.notify(user.id, 'pay_password_changed', client);
  }

  /**
   * set_withdraw_password (old clients): the fund password, six digits, for `account`, proved with
   * a code of type `forgets` sent to that account, as set_pay_password proves it with a code. A
   * caller with a session may only name their own account. A first password is set; an existing
   * one is replaced, the code proving the account as reset_pay_password's does.
   */
  async setWithdrawPassword(
    callerId: number | undefined,
    input: { account?: string; code?: string; withdraw_password?: string } & Guarded,
    client: NoticeClient = {},
  ) {
    if (!input.account) refuse('enter account');
    const user = await this.users.findByAccount(input.account.trim().toLowerCase());
    if (!user || user.is_vistor || (callerId !== undefined && user.id !== callerId)) refuse('user not found');
    checkPayPassword(input.withdraw_password, input.withdraw_password);
    if (!input.code) refuse('enter the verification code');
    await this.secondFactor.require(user.id, input.google_code);
    await this.codes.consume(user.account, 'forgets', input.code);
    const hash = await hashPassword(input.withdraw_password);
    if (!(await this.users.setFirstPayPassword(user.id, hash))) await this.users.setPayPassword(user.id, hash);
    await this.notify(user.id, 'pay_password_changed', client);
  }

  /** safe/reset_pay_password (the /forgetsPwd screen): a new fund password, proved with a code. */
  async resetPayPassword(userId: number, input: { code?: string; password?: string; repassword?: string } & Guarded, client: NoticeClient = {}) {
    const user = await memberOf(this.users, userId);
    if (!input.code) refuse('enter the verification code');
    const hash = await hashPayPassword(input.password, input.repassword);
    await this.secondFactor.require(user.id, input.google_code);
    await this.codes.consume(user.account, 'forgets', input.code);
    await this.users.setPayPassword(user.id, hash);
    await this.notify(user.id, 'pay_password_changed', client);
  }

  /** safe/email: binds an e-mail once, proved with a code sent to it. */
  async bindEmail(userId: number, input: { email?: string; code?: string } & Guarded, client: NoticeClient = {}) {
    const user = await memberOf(this.users, userId);
    if (user.email) refuse('binding cannot be changed once set');
    if (!input.email) refuse('enter the e-mail');
    const email = input.email.toLowerCase();
    if (!EMAIL_PATTERN.test(email)) refuse('the e-mail account does not match the rules');
    if (!input.code) refuse('enter the verification code');
    if (await this.users.findByEmail(email)) refuse('e-mail already bound to another account');
    await this.secondFactor.require(user.id, input.google_code);
    await this.codes.consume(email, 'bind', input.code);
    if (!(await this.users.bindEmail(user.id, email))) refuse('binding cannot be changed once set');
    await this.notify(user.id, 'email_bound', client, email);
  }

}

/** Checks a new fund password and its repetition, in the order the forms ask for them. */
export function checkPayPassword(password: string | undefined, repeat: string | undefined): asserts password is string {
  if (!password) refuse('enter password');
  if (!PAY_PASSWORD_PATTERN.test(password)) refuse('payment password must be 6 digits');
  if (!repeat) refuse('repeat password');
  if (repeat !== password) refuse('two passwords differ');
}

async function hashPayPassword(password: string | undefined, repeat: string | undefined): Promise<string> {
  checkPayPassword(password, repeat);
  return hashPassword(password);
}
