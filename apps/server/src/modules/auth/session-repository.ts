import type { Queryable } from '../../db/database';

export interface ActiveSession {
  user_id: number;
  is_vistor: boolean;
}

export interface SessionLookup {
  session?: ActiveSession;
  /** true when the token was known but has expired or was revoked */
  stale: boolean;
}

/** Sessions are stored by the digest of their token; the token itself is never kept. */
export class SessionRepository {
  constructor(private readonly db: Queryable) {}

  async create(input: { userId: number; digest: string; expiresAt: Date; ip: string; userAgent: string }) {
    await this.db.query(
      `insert into sessions (user_id, token_hash, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5)`,
      [input.userId, input.digest, input.expiresAt, input.ip, input.userAgent.slice(0, 300)],
    );
  }

  async lookup(digest: string, now: Date): Promise<SessionLookup> {
    const rows = await this.db.query<ActiveSession & { live: boolean }>(
      `select s.user_id, u.is_vistor, (s.revoked_at is null and s.expires_at > $2) as live
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1`,
      [digest, now],
    );
    const row = rows[0];
    if (!row) return { stale: false };
    if (!row.live) return { stale: true };
    return { session: { user_id: row.user_id, is_vistor: row.is_vistor }, stale: false };
  }

  async revoke(digest: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null returning id`,
      [digest, now],
    );
    return rows.length > 0;
  }

  /** Revokes every session of a user, but the one whose digest is `keep` (the caller's own). */
  async revokeAllOf(userId: number, now: Date, keep = ''): Promise<void> {
    await this.db.query(
      `update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and token_hash <> $3`,
      [userId, now, keep],
    );
  }
}
