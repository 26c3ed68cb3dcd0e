import { accountLockedMessage } from '@tessera/protocol';
import { Refusal, refuse } from '../../http/refusal';
import type { Clock } from '../../lib/time';
import { newToken, tokenDigest } from '../../lib/tokens';
import type { UserRepository, UserRow } from '../users/repository';
import type { LoginBackoff } from './login-backoff';
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

export class AuthService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly backoff: LoginBackoff,
    private readonly clock: Clock,
    private readonly sessionTtlHours: number,
    /** run at each guest login before the session opens (development: the demo funds' top-up) */
    private readonly onGuestLogin?: (guestId: number) => Promise<unknown>,
  ) {}

  /**
   * A password login. Unknown accounts, guests and system accounts take the same path as a wrong
   * password, so no answer tells whether an account exists; an operator's lock is told only to
   * someone who knows the password.
   */
  async login(account: string | undefined, password: string | undefined, client: ClientInfo): Promise<LoginResult> {
    if (!account) refuse('enter account');
    if (!password) refuse('enter password');
    if (password.length < 6 || password.length > 16) refuse('password must be 6 to 16 letters or digits');

    const found = await this.users.findByAccount(account);
    const user = found && !found.is_vistor && found.kind === 'user' ? found : undefined;
    const outcome = await this.backoff.attempt({ account, user, password, ip: client.ip });
    if (outcome === 'wait') refuse('too many login attempts, try again later');
    if (outcome === 'wrong' || !user) refuse('wrong account or password');
    if (user.locked_until && user.locked_until > this.clock()) {
      throw new Refusal(accountLockedMessage(user.locked_until) as `account locked, ${string}`);
    }
    return { token: await this.openSession(user.id, client), user };
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
    await this.sessions.create({ userId, digest: tokenDigest(token), createdAt: this.clock(), expiresAt, ...client });
    return token;
  }
}
