import { Refusal, refuse } from '../../core/refusal';
import type { Turns } from '../../db/turns';
import { verifyPasswordOrDecoy } from '../../lib/password';
import type { Clock } from '../../lib/time';
import { newToken, tokenDigest } from '../../lib/tokens';
import type { BackoffSubject, OperatorLoginBackoff } from './login-backoff';
import { OPERATOR_ACCOUNT_BACKOFF, OPERATOR_ADDRESS_BACKOFF, OPERATOR_SESSION_HOURS } from './login-policy';
import type { OperatorRepository, OperatorSession, OperatorSessionScope } from './repository';
import type { OperatorTotpService, SecondFactor } from './totp-service';

/** A login refused without looking at the password: the account or address must wait. */
export class LoginWait extends Refusal {
  constructor(readonly retryAfterSeconds: number) {
    super('too many login attempts, try again later');
  }
}

export interface OperatorLogin {
  email: string;
  password: string;
  secondFactor: SecondFactor;
  /** the client's address, counted against like the account */
  address: string;
}

export interface OperatorLoginResult {
  token: string;
  scope: OperatorSessionScope;
}

/**
 * Operator login: password, then the TOTP second factor once enrolled. Wrong logins are counted
 * per account and per client address; past a few, each try waits longer (docs/operations.md).
 */
export class OperatorAuthService {
  private passwordChecksRun = 0;

  constructor(
    private readonly operators: OperatorRepository,
    private readonly totp: OperatorTotpService,
    private readonly backoff: OperatorLoginBackoff,
    private readonly clock: Clock,
    /** production: an operator without a second factor gets a session that may only enrol one */
    private readonly secondFactorRequired: boolean,
    /** one try at a time per account and per address, in every process */
    private readonly tries: Turns,
  ) {}

  /** Argon2 verifications run so far, known accounts and unknown ones alike (for tests). */
  get passwordChecks(): number {
    return this.passwordChecksRun;
  }

  login(login: OperatorLogin): Promise<OperatorLoginResult> {
    const email = login.email.trim().toLowerCase();
    // one try at a time per account and per address, each reading the counts the one before it
    // left: guesses sent in parallel get no more tries than guesses sent one by one. The account
    // is always taken before the address, so two tries never wait on each other in a circle.
    return this.tries.run(`operator-account:${email}`, () => this.tries.run(`operator-address:${login.address}`, () => this.tryLogin(email, login)));
  }

  async logout(token: string): Promise<void> {
    await this.operators.revokeSession(tokenDigest(token), this.clock());
  }

  async authenticate(token: string): Promise<OperatorSession | undefined> {
    return this.operators.liveSession(tokenDigest(token), this.clock());
  }

  private async tryLogin(email: string, login: OperatorLogin): Promise<OperatorLoginResult> {
    const now = this.clock();
    const subjects: BackoffSubject[] = [
      { scope: 'operator-account', key: email, policy: OPERATOR_ACCOUNT_BACKOFF },
      { scope: 'operator-address', key: login.address, policy: OPERATOR_ADDRESS_BACKOFF },
    ];
    const waitUntil = await this.backoff.waitUntil(subjects, now);
    if (waitUntil) throw new LoginWait(Math.ceil((waitUntil.getTime() - now.getTime()) / 1000));

    const operator = await this.operators.findByEmail(email);
    // an unknown e-mail costs the same argon2 check and gets the same answer as a wrong password
    const passwordRight = await this.checkPassword(operator?.password_hash, login.password);
    if (!operator || !passwordRight || operator.disabled_at) {
      await this.backoff.recordFailure(subjects, now);
      refuse('wrong account or password');
    }

    let scope: OperatorSessionScope = 'full';
    if (operator.totp_enabled_at) {
      const { totp, recoveryCode } = login.secondFactor;
      if (!totp && !recoveryCode) refuse('operator code required');
      if (!(await this.totp.check(operator.id, login.secondFactor))) {
        await this.backoff.recordFailure(subjects, now);
        refuse('wrong operator code');
      }
    } else if (this.secondFactorRequired) {
      scope = 'enrol';
    }
    await this.backoff.reset(subjects);
    const token = newToken();
    const expires = new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000);
    await this.operators.openSession(operator.id, tokenDigest(token), expires, scope);
    return { token, scope };
  }

  private async checkPassword(hash: string | undefined, password: string): Promise<boolean> {
    this.passwordChecksRun += 1;
    return verifyPasswordOrDecoy(hash, password);
  }
}
