import { EMAIL_PATTERN, PAY_PASSWORD_PATTERN } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { hashPassword } from '../../lib/password';
import type { Clock } from '../../lib/time';
import { tokenDigest } from '../../lib/tokens';
import { checkNewPassword } from '../auth/registration-service';
import type { LoginBackoff } from '../auth/login-backoff';
import type { SessionRepository } from '../auth/session-repository';
import type { VerificationService } from '../verification/service';
import type { UserRepository, UserRow } from './repository';

export function securityStrength(user: Pick<UserRow, 'phone' | 'email' | 'review_status'>): number {
  return 25 + (user.phone ? 25 : 0) + (user.email ? 25 : 0) + (user.review_status === 2 ? 25 : 0);
}

/** Passwords, the fund password and e-mail binding of a logged-in user. Guests may do none of it. */
export class SecurityService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly backoff: LoginBackoff,
    private readonly codes: VerificationService,
    private readonly clock: Clock,
  ) {}

  /** safe/update_password: a new login password, proved with a code sent to the account. */
  async updatePassword(userId: number, currentToken: string, input: { code?: string; password?: string; repassword?: string }) {
    const user = await this.member(userId);
    if (!input.code) refuse('enter the verification code');
    const password = checkNewPassword(input.password, input.repassword);
    await this.codes.consume(user.account, 'forget', input.code);
    await this.users.setPassword(user.id, await hashPassword(password));
    await this.backoff.forgive(user.account);
    await this.sessions.revokeAllOf(user.id, this.clock(), tokenDigest(currentToken));
  }

  /**
   * safe/set_pay_password (the /setCash screen): the first fund password, six digits. A session
   * alone is not enough, or whoever holds a stolen token could set it and then withdraw: the
   * owner proves themselves with the login password (`login_password`, counted like a login's)
   * or a code of type `forgets` sent to the account (`code`).
   */
  async setPayPassword(
    userId: number,
    input: { password?: string; repassword?: string; login_password?: string; code?: string },
    client: { ip: string },
  ) {
    const user = await this.member(userId);
    if (user.pay_password_hash) refuse('payment password already set');
    checkPayPassword(input.password, input.repassword);
    if (input.login_password) {
      const outcome = await this.backoff.attempt({ account: user.account, user, password: input.login_password, ip: client.ip });
      if (outcome === 'wait') refuse('too many login attempts, try again later');
      if (outcome !== 'ok') refuse('wrong login password');
    } else if (input.code) {
      await this.codes.consume(user.account, 'forgets', input.code);
    } else {
      refuse('enter the login password or the verification code');
    }
    if (!(await this.users.setFirstPayPassword(user.id, await hashPassword(input.password)))) refuse('payment password already set');
  }

  /** safe/reset_pay_password (the /forgetsPwd screen): a new fund password, proved with a code. */
  async resetPayPassword(userId: number, input: { code?: string; password?: string; repassword?: string }) {
    const user = await this.member(userId);
    if (!input.code) refuse('enter the verification code');
    const hash = await hashPayPassword(input.password, input.repassword);
    await this.codes.consume(user.account, 'forgets', input.code);
    await this.users.setPayPassword(user.id, hash);
  }

  /** safe/email: binds an e-mail once, proved with a code sent to it. */
  async bindEmail(userId: number, input: { email?: string; code?: string }) {
    const user = await this.member(userId);
    if (user.email) refuse('binding cannot be changed once set');
    if (!input.email) refuse('enter the e-mail');
    const email = input.email.toLowerCase();
    if (!EMAIL_PATTERN.test(email)) refuse('the e-mail account does not match the rules');
    if (!input.code) refuse('enter the verification code');
    if (await this.users.findByEmail(email)) refuse('e-mail already bound to another account');
    await this.codes.consume(email, 'bind', input.code);
    if (!(await this.users.bindEmail(user.id, email))) refuse('binding cannot be changed once set');
  }

  private async member(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    if (user.is_vistor) refuse('guest accounts cannot do this');
    return user;
  }
}

/** Checks a new fund password and its repetition, in the order the forms ask for them. */
function checkPayPassword(password: string | undefined, repeat: string | undefined): asserts password is string {
  if (!password) refuse('enter password');
  if (!PAY_PASSWORD_PATTERN.test(password)) refuse('payment password must be 6 digits');
  if (!repeat) refuse('repeat password');
  if (repeat !== password) refuse('two passwords differ');
}

async function hashPayPassword(password: string | undefined, repeat: string | undefined): Promise<string> {
  checkPayPassword(password, repeat);
  return hashPassword(password);
}
