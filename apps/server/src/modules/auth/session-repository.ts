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

/** A live session as its user's session list shows it. */
export interface LiveSessionRow {
  id: number;
  token_hash: string;
  created_at: Date;
  last_seen_at: Date | null;
  ip: string;
  user_agent: string;
  place: string;
}

/** Whether a user logged in before, and from this address and this device (user agent). */
export interface SeenBefore {
  anySession: boolean;
  address: boolean;
  device: boolean;
}

/** How often a session's last-seen time is written at the most. */
export const LAST_SEEN_STEP_MS = 60_000;

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

  /**
   * Opens a session unless the user is locked at `createdAt`: a conditional insert, so a login
   * whose password check was still running when the account was locked opens nothing. False when
   * the user was locked.
   */
  async create(input: { userId: number; digest: string; createdAt: Date; expiresAt: Date; ip: string; userAgent: string; place?: string }): Promise<boolean> {
    const rows = await this.db.query(
      `insert into sessions (user_id, token_hash, created_at, expires_at, ip, user_agent, place, last_seen_at)
       select $1, $2, $3, $4, $5, $6, $7, $3 from users u where u.id = $1 and (u.locked_until is null or u.locked_until <= $3)
       returning id`,
      [input.userId, input.digest, input.createdAt, input.expiresAt, input.ip, input.userAgent.slice(0, 300), input.place ?? ''],
    );
    return rows.length > 0;
  }

  /** The user's live sessions, the most recently used first. */
  listLive(userId: number, now: Date): Promise<LiveSessionRow[]> {
    return this.db.query<LiveSessionRow>(
      `select id, token_hash, created_at, last_seen_at, ip, user_agent, place from sessions
        where user_id = $1 and revoked_at is null and expires_at > $2 order by coalesce(last_seen_at, created_at) desc, id desc limit 100`,
      [userId, now],
    );
  }

  /** Whether the user opened any session before, one from this address, one from this device. */
  async seenBefore(userId: number, ip: string, userAgent: string): Promise<SeenBefore> {
    const rows = await this.db.query<SeenBefore>(
      `select count(*) > 0 as "anySession", coalesce(bool_or(ip = $2), false) as address, coalesce(bool_or(user_agent = $3), false) as device
         from sessions where user_id = $1`,
      [userId, ip, userAgent.slice(0, 300)],
    );
    return rows[0] ?? { anySession: false, address: false, device: false };
  }

  /** Notes that the session was used now: written at most once a LAST_SEEN_STEP_MS. */
  async touch(digest: string, now: Date): Promise<void> {
    await this.db.query('update sessions set last_seen_at = $2 where token_hash = $1 and (last_seen_at is null or last_seen_at < $3)', [
      digest,
      now,
      new Date(now.getTime() - LAST_SEEN_STEP_MS),
    ]);
  }

  /** Whether the user opened a session from this client address since `since`. */
  async openedFrom(userId: number, ip: string, since: Date): Promise<boolean> {
    const rows = await this.db.query('select 1 from sessions where user_id = $1 and ip = $2 and created_at >= $3 limit 1', [userId, ip, since]);
    return rows.length > 0;
  }

  async lookup(digest: string, now: Date): Promise<SessionLookup> {
    const rows = await this.db.query<ActiveSession & { live: boolean }>(
      // a locked user's session is not live, whoever locked it and however it was opened
      `select s.user_id, u.is_vistor, s.expires_at,
              (s.revoked_at is null and s.expires_at > $2 and (u.locked_until is null or u.locked_until <= $2)) as live
         from sessions s join users u on u.id = s.user_id
        where s.token_hash = $1`,
      [digest, now],
    );
    const row = rows[0];
    if (!row) return { stale: false };
    if (!row.live) return { stale: true };
    await this.touch(digest, now);
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

  /** Revokes one live session of the user by its id; false when the user holds no such session. */
  async revokeOne(userId: number, sessionId: number, now: Date): Promise<boolean> {
    const rows = await this.db.query<{ token_hash: string }>(
      'update sessions set revoked_at = $3 where id = $1 and user_id = $2 and revoked_at is null and expires_at > $3 returning token_hash',
      [sessionId, userId, now],
    );
    const digest = rows[0]?.token_hash;
    if (digest === undefined) return false;
    this.forget(digest);
    this.announce({ kind: 'session', digest });
    return true;
  }

  /** Forgets what this process remembers of a session (the cached repository's memory). */
  protected forget(_digest: string): void {}

  /**
   * Another process revoked sessions (its revocation arrived through the socket adapter): drop
   * what this process remembers of them, so they stop working here at once too.
   */
  evict(_revocation: Revocation): void {}

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
 * process a logout or a lock takes effect at once. Other processes hear of it through the socket
 * adapter (`evict`) at once too; should that message be lost, within SESSION_CACHE_MS.
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

  protected override forget(digest: string): void {
    this.cache.delete(digest);
  }

  override evict(revocation: Revocation): void {
    if (revocation.kind === 'session') {
      this.cache.delete(revocation.digest);
      return;
    }
    this.forgetUser(revocation.userId, revocation.keep);
  }

  private forgetUser(userId: number, keep: string): void {
    for (const [digest, entry] of this.cache) {
      if (entry.session.user_id === userId && digest !== keep) this.cache.delete(digest);
    }
  }

  override async revokeAllOf(userId: number, now: Date, keep = ''): Promise<void> {
    this.forgetUser(userId, keep);
    await super.revokeAllOf(userId, now, keep);
  }
}
