import type { Queryable } from '../../db/database';

export interface ActiveSession {
  user_id: number;
  is_vistor: boolean;
  expires_at: Date;
}

export interface SessionLookup {
  session?: ActiveSession;
  /** true when the token was known but has expired or was revoked */
  stale: boolean;
}

/** What a revocation ended: one session (by its token's digest), or every session of a user but `keep`. */
export type Revocation = { kind: 'session'; digest: string } | { kind: 'user'; userId: number; keep: string };

/**
 * Sessions are stored by the digest of their token; the token itself is never kept. Every
 * revocation is announced after it is written, so what holds a session open (a socket) can end
 * it at once.
 */
export class SessionRepository {
  private readonly revocationListeners = new Set<(revocation: Revocation) => void>();

  constructor(private readonly db: Queryable) {}

  /** Calls `listener` after each revocation; answers a function that stops it. */
  onRevoked(listener: (revocation: Revocation) => void): () => void {
    this.revocationListeners.add(listener);
    return () => this.revocationListeners.delete(listener);
  }

  async create(input: { userId: number; digest: string; createdAt: Date; expiresAt: Date; ip: string; userAgent: string }) {
    await this.db.query(
      `insert into sessions (user_id, token_hash, created_at, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5, $6)`,
      [input.userId, input.digest, input.createdAt, input.expiresAt, input.ip, input.userAgent.slice(0, 300)],
    );
  }

  /** Whether the user opened a session from this client address since `since`. */
  async openedFrom(userId: number, ip: string, since: Date): Promise<boolean> {
    const rows = await this.db.query('select 1 from sessions where user_id = $1 and ip = $2 and created_at >= $3 limit 1', [userId, ip, since]);
    return rows.length > 0;
  }

  async lookup(digest: string, now: Date): Promise<SessionLookup> {
    const rows = await this.db.query<ActiveSession & { live: boolean }>(
      `select s.user_id, u.is_vistor, s.expires_at, (s.revoked_at is null and s.expires_at > $2) as live
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1`,
      [digest, now],
    );
    const row = rows[0];
    if (!row) return { stale: false };
    if (!row.live) return { stale: true };
    return { session: { user_id: row.user_id, is_vistor: row.is_vistor, expires_at: row.expires_at }, stale: false };
  }

  async revoke(digest: string, now: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update sessions set revoked_at = $2 where token_hash = $1 and revoked_at is null returning id`,
      [digest, now],
    );
    this.announce({ kind: 'session', digest });
    return rows.length > 0;
  }

  /** Revokes every session of a user, but the one whose digest is `keep` (the caller's own). */
  async revokeAllOf(userId: number, now: Date, keep = ''): Promise<void> {
    await this.db.query(
      `update sessions set revoked_at = $2 where user_id = $1 and revoked_at is null and token_hash <> $3`,
      [userId, now, keep],
    );
    this.announce({ kind: 'user', userId, keep });
  }

  private announce(revocation: Revocation): void {
    for (const listener of this.revocationListeners) listener(revocation);
  }
}

/** How long a looked-up session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 30_000;

/**
 * Sessions with the live ones remembered for a short while: a private call then costs no query
 * for its token. Every revocation goes through this object and forgets what it revokes, so in one
 * process a logout or a lock takes effect at once; other processes see it within SESSION_CACHE_MS.
 */
export class CachedSessionRepository extends SessionRepository {
  private readonly cache = new Map<string, { session: ActiveSession; until: number }>();

  override async lookup(digest: string, now: Date): Promise<SessionLookup> {
    const cached = this.cache.get(digest);
    if (cached && now.getTime() < cached.until && now < cached.session.expires_at) return { session: cached.session, stale: false };
    const found = await super.lookup(digest, now);
    if (found.session) {
      if (this.cache.size > 100_000) this.cache.clear();
      this.cache.set(digest, { session: found.session, until: now.getTime() + SESSION_CACHE_MS });
    } else {
      this.cache.delete(digest);
    }
    return found;
  }

  override async revoke(digest: string, now: Date): Promise<boolean> {
    this.cache.delete(digest);
    return super.revoke(digest, now);
  }

  override async revokeAllOf(userId: number, now: Date, keep = ''): Promise<void> {
    for (const [digest, entry] of this.cache) {
      if (entry.session.user_id === userId && digest !== keep) this.cache.delete(digest);
    }
    await super.revokeAllOf(userId, now, keep);
  }
}
