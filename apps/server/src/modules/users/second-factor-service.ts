import { refuse } from '../../core/refusal';
import { newRecoveryCode, recoveryCodeDigest } from '../../lib/recovery-codes';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/time';
import { matchTotp, newTotpSecret, qrCodeDataUrl, totpUri } from '../../lib/totp';
import type { LoginBackoff } from '../auth/login-backoff';
import type { LoginFailureRepository } from '../auth/login-failure-repository';
import { SECOND_FACTOR_BACKOFF } from '../auth/policy';
import { memberOf } from './member';
import type { UserRepository } from './repository';
import type { SecondFactorRepository } from './second-factor-repository';
import type { NoticeClient, SecurityNotify } from './security-notices';

/** Recovery codes handed out when an authenticator is bound, each usable once. */
export const USER_RECOVERY_CODE_COUNT = 10;

/** What google_bind/secret answers: the secret to scan or type, its otpauth address and its QR code. */
export interface AuthenticatorSecret {
  secret: string;
  otpauth_url: string;
  /** the otpauth address as a QR code, a `data:image/svg+xml` URL for an <img> */
  qr_code: string;
}

/** A user's authenticator as the account centre and the back office show it. */
export interface SecondFactorState {
  bound: boolean;
  bound_at: Date | null;
  recovery_codes_left: number;
}

/**
 * Users' authenticator codes (TOTP, RFC 6238): binding with a QR code and a typed code, recovery
 * codes, and the check every guarded call makes (`require`). Secrets are sealed at rest as the
 * operators' are, bound to the user's id. A code is accepted once: its time step is recorded by a
 * conditional update, so the same code sent twice, to two processes at once, passes once. Wrong
 * codes back off like wrong passwords (SECOND_FACTOR_BACKOFF), counted in the database.
 */
export class SecondFactorService {
  constructor(
    private readonly users: UserRepository,
    private readonly factors: SecondFactorRepository,
    private readonly failures: LoginFailureRepository,
    private readonly secrets: SecretBox,
    private readonly clock: Clock,
    private readonly notify: SecurityNotify,
    /** checks the login password binding asks for, counted like a login's */
    private readonly passwords: Pick<LoginBackoff, 'attempt'>,
  ) {}

  /**
   * google_bind/secret: the secret to bind, for a user with none bound. The same pending secret is
   * answered until it is bound, so reloading the screen keeps the QR code already scanned.
   */
  async secret(userId: number): Promise<AuthenticatorSecret> {
    const user = await memberOf(this.users, userId);
    const row = await this.factors.find(userId);
    if (row?.secret) refuse('google authenticator already bound');
    let secret: string;
    if (row?.pending_secret) {
      secret = this.secrets.open(row.pending_secret, secretContext(userId));
    } else {
      secret = newTotpSecret();
      await this.factors.savePendingSecret(userId, this.secrets.seal(secret, secretContext(userId)));
    }
    const uri = totpUri(secret, user.account);
    return { secret, otpauth_url: uri, qr_code: await qrCodeDataUrl(uri) };
  }

  /**
   * google_bind/bind: a current code of the pending secret binds it; answers the recovery codes,
   * shown once. The login password is asked too (counted like a login's): with a stolen session
   * alone, a thief could otherwise bind an authenticator of their own and keep the owner out.
   */
  async bind(userId: number, input: { code?: string; login_password?: string }, client: NoticeClient & { ip?: string } = {}): Promise<string[]> {
    const user = await memberOf(this.users, userId);
    const row = await this.factors.find(userId);
    if (row?.secret) refuse('google authenticator already bound');
    if (!row?.pending_secret) refuse('google authenticator secret not requested');
    if (!input.code) refuse('google code required');
    if (!input.login_password) refuse('enter password');
    const step = await matchTotp(this.secrets.open(row.pending_secret, secretContext(userId)), input.code.trim(), this.clock());
    if (step === undefined) refuse('wrong google code');
    const outcome = await this.passwords.attempt({ account: user.account, user, password: input.login_password, ip: client.ip ?? '' });
    if (outcome === 'wait') refuse('too many login attempts, try again later');
    if (outcome !== 'ok') refuse('wrong login password');
    const codes = Array.from({ length: USER_RECOVERY_CODE_COUNT }, newRecoveryCode);
    if (!(await this.factors.bind(userId, row.pending_secret, step, codes.map(recoveryCodeDigest), this.clock()))) refuse('google authenticator already bound');
    await this.notify(userId, 'second_factor_bound', client);
    return codes;
  }

  /** google_bind/unbind: a right code (or recovery code) removes the authenticator. */
  async unbind(userId: number, code: string | undefined, client: NoticeClient = {}): Promise<void> {
    await memberOf(this.users, userId);
    if (!(await this.isBound(userId))) refuse('google authenticator not bound');
    await this.require(userId, code);
    if (await this.factors.unbind(userId)) await this.notify(userId, 'second_factor_unbound', client);
  }

  /**
   * The check of every guarded call (login, withdrawals, password, fund password and e-mail
   * changes, new withdrawal addresses, the allow-list, API keys): nothing for a user without an
   * authenticator; else `code` must be a current code not used before, or an unused recovery code
   * (which it spends). Refuses `google code required`, `wrong google code`, or, after five wrong
   * codes, `too many wrong google codes, try again later` without looking at the code.
   */
  async require(userId: number, code: string | undefined): Promise<void> {
    const row = await this.factors.find(userId);
    if (!row?.secret) return;
    const given = code?.trim();
    if (!given) refuse('google code required');
    const key = String(userId);
    if (!(await this.failures.takeTry('second-factor', key, this.clock(), SECOND_FACTOR_BACKOFF))) refuse('too many wrong google codes, try again later');
    if (!(await this.accepts(userId, row, given))) refuse('wrong google code');
    await this.failures.clear('second-factor', key);
  }

  async isBound(userId: number): Promise<boolean> {
    return Boolean((await this.factors.find(userId))?.secret);
  }

  async state(userId: number): Promise<SecondFactorState> {
    const row = await this.factors.find(userId);
    const bound = Boolean(row?.secret);
    return { bound, bound_at: bound ? (row?.enabled_at ?? null) : null, recovery_codes_left: bound ? await this.factors.unusedRecoveryCodes(userId) : 0 };
  }

  /** An operator's reset, once a second operator approved it: the user logs in with the password alone again. */
  async reset(userId: number): Promise<boolean> {
    const removed = await this.factors.unbind(userId);
    if (removed) await this.notify(userId, 'second_factor_reset', {});
    return removed;
  }

  /** A six-digit code of a later step than the last accepted one, or an unused recovery code. */
  private async accepts(userId: number, row: { secret: string | null; last_step: number | null }, code: string): Promise<boolean> {
    if (/^\d{6}$/.test(code)) {
      if (!row.secret) return false;
      const step = await matchTotp(this.secrets.open(row.secret, secretContext(userId)), code, this.clock(), row.last_step ?? undefined);
      return step !== undefined && (await this.factors.useStep(userId, step));
    }
    return this.factors.useRecoveryCode(userId, recoveryCodeDigest(code), this.clock());
  }

}

/** Binds a sealed secret to its user: copied to another user's row it does not open. */
function secretContext(userId: number): string {
  return `user-totp:${userId}`;
}
