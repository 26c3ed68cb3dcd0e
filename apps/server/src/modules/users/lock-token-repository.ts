import type { Queryable } from '../../db/database';

/** The lock codes of security messages, by digest: each locks its user's account once. */
export class LockTokenRepository {
  constructor(private readonly db: Queryable) {}

  async add(userId: number, digest: string, now: Date, expiresAt: Date): Promise<void> {
    await this.db.query('insert into account_lock_tokens (token_hash, user_id, created_at, expires_at) values ($1, $2, $3, $4)', [digest, userId, now, expiresAt]);
  }

  /** Spends a live code in one conditional update: answers its user, or undefined (unknown, used or expired). */
  async use(digest: string, now: Date): Promise<number | undefined> {
    const rows = await this.db.query<{ user_id: number }>(
      'update account_lock_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning user_id',
      [digest, now],
    );
    return rows[0]?.user_id;
  }

  /** Drops codes that expired before `before`: they lock nothing any more. */
  async prune(before: Date): Promise<void> {
    await this.db.query('delete from account_lock_tokens where expires_at < $1', [before]);
  }
}
