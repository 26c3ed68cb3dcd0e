import { accountLockedMessage } from '@tessera/protocol';
import { Refusal, refuse } from '../../http/refusal';
import { KeyedSerializer } from '../../lib/keyed-serializer';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Clock } from '../../lib/time';
import { newToken, tokenDigest } from '../../lib/tokens';
import type { UserRepository, UserRow } from '../users/repository';
import { LOGIN_LOCK_MINUTES, MAX_FAILED_LOGINS } from './policy';
import type { Revocation, SessionRepository } from './session-repository';

export interface AuthenticatedUser {
  id: number;
  isVistor: boolean;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface LoginResult {
  token: string;
  user: UserRow;
}

/** A hash to verify against when the account does not exist, so both paths cost the same. */
const decoyHash = hashPassword('decoy-password-never-matches');

export class AuthService {
  private readonly tries = new KeyedSerializer();

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly sessionTtlHours: number,
    /** run at each guest login before the session opens (development: the demo funds' top-up) */
    private readonly onGuestLogin?: (guestId: number) => Promise<unknown>,
  ) {}

  async login(account: string | undefined, password: string | undefined, client: ClientInfo): Promise<LoginResult> {
    if (!account) refuse('enter account');
    if (!password) refuse('enter password');
    if (password.length < 6 || password.length > 16) refuse('password must be 6 to 16 letters or digits');

    const found = await this.users.findByAccount(account);
    if (!found || found.is_vistor || found.kind !== 'user') {
      await verifyPassword(await decoyHash, password);
      refuse('wrong account or password');
    }
    // one try at a time per account, each reading the count the one before it left: logins sent in
    // parallel get no more guesses than the limit
    return this.tries.run(String(found.id), async () => {
      const user = (await this.users.findById(found.id)) ?? found;
      const now = this.clock();
      if (user.locked_until && user.locked_until > now) {
        throw new Refusal(accountLockedMessage(user.locked_until) as `account locked, ${string}`);
      }
      if (!(await verifyPassword(user.password_hash, password))) {
        const reachesLimit = user.failed_logins + 1 >= MAX_FAILED_LOGINS;
        const lockUntil = reachesLimit ? new Date(now.getTime() + LOGIN_LOCK_MINUTES * 60_000) : null;
        await this.users.recordFailedLogin(user.id, lockUntil);
        if (lockUntil) throw new Refusal(accountLockedMessage(lockUntil) as `account locked, ${string}`);
        refuse('wrong account or password');
      }
      await this.users.clearFailedLogins(user.id);
      return { token: await this.openSession(user.id, client), user };
    });
  }

  /** Guests share one seeded demo account (spec: "a fixed demo account"). */
  async guestLogin(client: ClientInfo): Promise<LoginResult> {
    const user = await this.users.findGuestAccount();
    if (!user) refuse('system config error');
    await this.onGuestLogin?.(user.id);
    return { token: await this.openSession(user.id, client), user };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(tokenDigest(token), this.clock());
  }

  /** Calls `listener` after each session revocation (logout, password change, operator lock). */
  onRevoked(listener: (revocation: Revocation) => void): () => void {
    return this.sessions.onRevoked(listener);
  }

  /** The user behind a token, or why there is none. */
  authenticate(token: string): Promise<AuthenticatedUser | 'unknown' | 'stale'> {
    return this.authenticateSession(tokenDigest(token));
  }

  /** The same, for a session known by its token's digest. */
  async authenticateSession(digest: string): Promise<AuthenticatedUser | 'unknown' | 'stale'> {
    const found = await this.sessions.lookup(digest, this.clock());
    if (found.session) return { id: found.session.user_id, isVistor: found.session.is_vistor };
    return found.stale ? 'stale' : 'unknown';
  }

  private async openSession(userId: number, client: ClientInfo): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(this.clock().getTime() + this.sessionTtlHours * 3_600_000);
    await this.sessions.create({ userId, digest: tokenDigest(token), expiresAt, ...client });
    return token;
  }
}
