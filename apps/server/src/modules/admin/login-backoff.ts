import type { LoginFailureRepository, LoginFailureRow } from './login-failure-repository';
import { FAILURES_FORGOTTEN_AFTER_HOURS, waitAfterFailures } from './login-policy';

/** Something failed logins are counted against: an account (by e-mail) or a client address. */
export interface BackoffSubject {
  key: string;
  freeFailures: number;
}

/**
 * Failed logins in a row per subject, and the wait they impose: after the free failures each
 * further try waits twice as long as the one before. Callers serialize tries per subject, so each
 * try reads the count the one before it left.
 */
export class LoginBackoff {
  constructor(private readonly failures: LoginFailureRepository) {}

  /** The time until which a try is refused, if any of the subjects must still wait. */
  async waitUntil(subjects: BackoffSubject[], now: Date): Promise<Date | undefined> {
    let until: Date | undefined;
    for (const row of await this.counted(subjects, now)) {
      if (row.blocked_until && row.blocked_until > now && (!until || row.blocked_until > until)) until = row.blocked_until;
    }
    return until;
  }

  async recordFailure(subjects: BackoffSubject[], now: Date): Promise<void> {
    const rows = new Map((await this.counted(subjects, now)).map((row) => [row.subject, row]));
    for (const subject of subjects) {
      const failures = (rows.get(subject.key)?.failures ?? 0) + 1;
      const waitSeconds = waitAfterFailures(failures, subject.freeFailures);
      const blockedUntil = waitSeconds > 0 ? new Date(now.getTime() + waitSeconds * 1000) : null;
      await this.failures.save(subject.key, failures, blockedUntil, now);
    }
    await this.failures.forgetQuietSince(forgottenBefore(now));
  }

  async reset(subjects: BackoffSubject[]): Promise<void> {
    await this.failures.clear(subjects.map((subject) => subject.key));
  }

  /** The subjects' rows, without those quiet for long enough to be forgotten. */
  private async counted(subjects: BackoffSubject[], now: Date): Promise<LoginFailureRow[]> {
    const before = forgottenBefore(now);
    const rows = await this.failures.find(subjects.map((subject) => subject.key));
    return rows.filter((row) => row.last_failure_at >= before);
  }
}

function forgottenBefore(now: Date): Date {
  return new Date(now.getTime() - FAILURES_FORGOTTEN_AFTER_HOURS * 3_600_000);
}
