import type { Turns } from '../../db/turns';
import { verifyPasswordOrDecoy } from '../../lib/password';
import type { Clock } from '../../lib/time';
import { clientAddressKey } from './client-address';
import type { FailureScope, LoginFailureRepository } from './login-failure-repository';
import { forgottenBefore, waitSeconds, type BackoffPolicy } from '../../lib/backoff-policy';
import { ACCOUNT_BACKOFF, ADDRESS_BACKOFF, LOGIN_HOME_DAYS } from './policy';

type UserScope = Extract<FailureScope, 'account' | 'address'>;

const POLICY: Record<UserScope, BackoffPolicy> = { account: ACCOUNT_BACKOFF, address: ADDRESS_BACKOFF };

export interface PasswordAttempt {
  /** the account as the client typed it: counted whether or not it exists */
  account: string;
  /** the account's user, when it exists and may log in with a password */
  user?: { id: number; password_hash: string } | undefined;
  password: string;
  ip: string;
}

/** `ok`: the password is right; `wrong`: it is not (or there is no such account); `wait`: not checked. */
export type AttemptOutcome = 'ok' | 'wrong' | 'wait';

/**
 * Checks login passwords under backoff instead of a lock. Wrong passwords are counted per typed
 * account and per client address (ADDRESS_BACKOFF, ACCOUNT_BACKOFF); while either count says
 * wait, a try is answered `wait` without its password being checked. The account's wait does not
 * hold up an address the account logged in from within LOGIN_HOME_DAYS, so a guesser elsewhere
 * cannot keep the owner out. A right password clears the account's count; the address's count
 * only fades with time, or a guesser with an account of their own could clear it between guesses.
 * An account that does not exist goes the same way: a decoy hash is verified and its failures
 * counted, so no answer tells whether an account exists.
 */
export class LoginBackoff {
  private prunedAt = 0;

  constructor(
    private readonly failures: LoginFailureRepository,
    private readonly loggedInFrom: (userId: number, ip: string, since: Date) => Promise<boolean>,
    private readonly clock: Clock,
    /** tries one at a time per address and per account in every process, each seeing the count the one before left */
    private readonly tries: Turns,
  ) {}

  async attempt(input: PasswordAttempt): Promise<AttemptOutcome> {
    return (await this.attemptUntil(input)).outcome;
  }

  /** As `attempt`; a `wait` comes with the time the wait ends (the later of the two counts' ends). */
  attemptUntil(input: PasswordAttempt): Promise<{ outcome: AttemptOutcome; waitUntil?: Date }> {
    const account = input.account.toLowerCase();
    const address = clientAddressKey(input.ip);
    return this.tries.run(`login-address:${address}`, () => this.tries.run(`login-account:${account}`, () => this.check(input, account, address)));
  }

  /** The account's owner proved themselves another way (a new password set with a code). */
  async forgive(account: string): Promise<void> {
    await this.failures.clear('account', account.toLowerCase());
  }

  private async check(input: PasswordAttempt, account: string, address: string): Promise<{ outcome: AttemptOutcome; waitUntil?: Date }> {
    const now = this.clock();
    const addressWait = await this.waiting('address', address, now);
    const accountWait = await this.waiting('account', account, now);
    const accountHolds = accountWait !== undefined && !(await this.isHome(input.user?.id, input.ip, now));
    if (addressWait !== undefined || accountHolds) {
      const ends = [addressWait, accountHolds ? accountWait : undefined].filter((end): end is Date => end !== undefined);
      return { outcome: 'wait', waitUntil: new Date(Math.max(...ends.map((end) => end.getTime()))) };
    }
    const right = await verifyPasswordOrDecoy(input.user?.password_hash, input.password);
    if (right && input.user) {
      await this.failures.clear('account', account);
      return { outcome: 'ok' };
    }
    await this.count('account', account, now);
    await this.count('address', address, now);
    await this.pruneNowAndThen(now);
    return { outcome: 'wrong' };
  }

  /** When the count of `key` makes tries wait, the time the wait ends; undefined when it does not. */
  private async waiting(scope: UserScope, key: string, now: Date): Promise<Date | undefined> {
    const count = await this.failures.find(scope, key);
    if (!count || count.last_failure_at < forgetBefore(scope, now)) return undefined;
    const end = count.last_failure_at.getTime() + waitSeconds(POLICY[scope], count.failures) * 1000;
    return now.getTime() < end ? new Date(end) : undefined;
  }

  private async isHome(userId: number | undefined, ip: string, now: Date): Promise<boolean> {
    // asked for unknown accounts too (no user matches 0), so both paths cost the same
    return this.loggedInFrom(userId ?? 0, ip, new Date(now.getTime() - LOGIN_HOME_DAYS * 86_400_000));
  }

  private count(scope: UserScope, key: string, now: Date): Promise<void> {
    return this.failures.add(scope, key, now, forgetBefore(scope, now));
  }

  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.prunedAt < 3_600_000) return;
    this.prunedAt = now.getTime();
    const longest = Math.max(ACCOUNT_BACKOFF.forgetAfterHours, ADDRESS_BACKOFF.forgetAfterHours);
    await this.failures.prune(new Date(now.getTime() - longest * 3_600_000));
  }
}

function forgetBefore(scope: UserScope, now: Date): Date {
  return forgottenBefore(POLICY[scope], now);
}
