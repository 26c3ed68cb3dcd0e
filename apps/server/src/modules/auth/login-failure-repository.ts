import type { Queryable } from '../../db/database';
import type { BackoffPolicy } from '../../lib/backoff-policy';

/**
 * What a count is kept for: a user login's typed account or client address, or an operator's; or
 * a user's wrong authenticator codes (`second-factor`, keyed by the user's id).
 */
export type FailureScope = 'account' | 'address' | 'operator-account' | 'operator-address' | 'second-factor';

export interface FailureCount {
  failures: number;
  last_failure_at: Date;
}

/** The wrong-password counts of login backoff (users' and operators'), per scope and key. */
export class LoginFailureRepository {
  constructor(private readonly db: Queryable) {}

  async find(scope: FailureScope, key: string): Promise<FailureCount | undefined> {
    const rows = await this.db.query<FailureCount>('select failures, last_failure_at from login_failures where scope = $1 and key = $2', [
      scope,
      key,
    ]);
    return rows[0];
  }

  /** Adds one failure in one statement; a count whose last failure is before `forgetBefore` starts again. */
  async add(scope: FailureScope, key: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db.query(
      `insert into login_failures as f (scope, key, failures, last_failure_at) values ($1, $2, 1, $3)
       on conflict (scope, key) do update
         set failures = case when f.last_failure_at < $4 then 1 else f.failures + 1 end, last_failure_at = $3`,
      [scope, key, at, forgetBefore],
    );
  }

  /**
   * Takes one try under `policy` in one conditional statement, counted as a failure until
   * `clear` says it was right: answers false, counting nothing, while the count says wait. Tries
   * sent at once, from any number of processes, each see the count the one before left (the row
   * is locked by the update), so parallel guesses get no more tries than guesses one by one.
   */
  async takeTry(scope: FailureScope, key: string, at: Date, policy: BackoffPolicy): Promise<boolean> {
    const forgetBefore = new Date(at.getTime() - policy.forgetAfterHours * 3_600_000);
    const rows = await this.db.query(
      `insert into login_failures as f (scope, key, failures, last_failure_at) values ($1, $2, 1, $3)
       on conflict (scope, key) do update
         set failures = case when f.last_failure_at < $4 then 1 else f.failures + 1 end, last_failure_at = $3
         where f.last_failure_at < $4
            or f.failures < $5
            or f.last_failure_at + make_interval(secs => least($6 * power(2, least(f.failures - $5, 30)), $7)) <= $3
       returning failures`,
      [scope, key, at, forgetBefore, policy.freeFailures, policy.firstWaitSeconds, policy.longestWaitSeconds],
    );
    return rows.length === 1;
  }

  async clear(scope: FailureScope, key: string): Promise<void> {
    await this.db.query('delete from login_failures where scope = $1 and key = $2', [scope, key]);
  }

  /** Drops counts with no failure since `before`: they count as zero anyway. */
  async prune(before: Date): Promise<void> {
    await this.db.query('delete from login_failures where last_failure_at < $1', [before]);
  }
}
