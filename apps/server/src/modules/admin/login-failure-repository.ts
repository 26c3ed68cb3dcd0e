import type { Queryable } from '../../db/database';

export interface LoginFailureRow {
  subject: string;
  failures: number;
  blocked_until: Date | null;
  last_failure_at: Date;
}

function placeholders(values: unknown[]): string {
  return values.map((_, index) => `$${index + 1}`).join(', ');
}

/** Failed operator logins in a row, per subject (`account:<e-mail>` or `address:<address>`). */
export class LoginFailureRepository {
  constructor(private readonly db: Queryable) {}

  async find(subjects: string[]): Promise<LoginFailureRow[]> {
    return this.db.query<LoginFailureRow>(
      `select subject, failures, blocked_until, last_failure_at from operator_login_failures where subject in (${placeholders(subjects)})`,
      subjects,
    );
  }

  async save(subject: string, failures: number, blockedUntil: Date | null, now: Date): Promise<void> {
    await this.db.query(
      `insert into operator_login_failures (subject, failures, blocked_until, last_failure_at) values ($1, $2, $3, $4)
       on conflict (subject) do update set failures = excluded.failures, blocked_until = excluded.blocked_until,
         last_failure_at = excluded.last_failure_at`,
      [subject, failures, blockedUntil, now],
    );
  }

  async clear(subjects: string[]): Promise<void> {
    await this.db.query(`delete from operator_login_failures where subject in (${placeholders(subjects)})`, subjects);
  }

  /** Drops the rows of subjects quiet since `before` (their count has been forgotten). */
  async forgetQuietSince(before: Date): Promise<void> {
    await this.db.query('delete from operator_login_failures where last_failure_at < $1', [before]);
  }
}
