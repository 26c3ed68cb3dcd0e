import { forgottenBefore, waitSeconds, type BackoffPolicy } from '../../lib/backoff-policy';
import type { FailureScope, LoginFailureRepository } from '../auth/login-failure-repository';

/** Something failed logins are counted against (an operator account or a client address), and how. */
export interface BackoffSubject {
  scope: Extract<FailureScope, 'operator-account' | 'operator-address'>;
  key: string;
  policy: BackoffPolicy;
}

/**
 * Failed operator logins in a row per subject, and the wait they impose: after the free failures
 * each further try waits twice as long as the one before. The counts share the users' login
 * failure table under scopes of their own. Callers serialize tries per subject, so each try reads
 * the count the one before it left.
 */
export class OperatorLoginBackoff {
  constructor(private readonly failures: LoginFailureRepository) {}

  /** The time until which a try is refused, if any of the subjects must still wait. */
  async waitUntil(subjects: BackoffSubject[], now: Date): Promise<Date | undefined> {
    let until: Date | undefined;
    for (const subject of subjects) {
      const count = await this.failures.find(subject.scope, subject.key);
      if (!count || count.last_failure_at < forgottenBefore(subject.policy, now)) continue;
      const end = new Date(count.last_failure_at.getTime() + waitSeconds(subject.policy, count.failures) * 1000);
      if (end > now && (!until || end > until)) until = end;
    }
    return until;
  }

  async recordFailure(subjects: BackoffSubject[], now: Date): Promise<void> {
    for (const subject of subjects) await this.failures.add(subject.scope, subject.key, now, forgottenBefore(subject.policy, now));
  }

  async reset(subjects: BackoffSubject[]): Promise<void> {
    for (const subject of subjects) await this.failures.clear(subject.scope, subject.key);
  }
}
