import { accountLockedMessage, type Lang } from '@tessera/protocol';
import { Refusal, refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import { newToken, tokenDigest } from '../../lib/tokens';
import type { UserRepository, UserRow } from '../users/repository';
import type { SecondFactorService } from '../users/second-factor-service';
import type { SecurityNotify } from '../users/security-notices';
import type { AccountNames } from './account-address';
import type { LoginBackoff } from './login-backoff';
import type { LoginHistoryRepository, LoginResultKind } from './login-history-repository';
import type { Revocation, SessionRepository } from './session-repository';

export interface AuthenticatedUser {
  id: number;
  isVistor: boolean;
  /** when the session it proved ends */
  sessionExpiresAt?: Date;
}

export interface ClientInfo {
  ip: string;
  userAgent: string;
  /** a country code a trusted proxy told, else '' */
  place?: string;
  /** the language security messages to the user are written in */
  lang?: Lang;
}

/** What guards a password login besides the password: the authenticator, the history, the new-device message. */
export interface LoginProtection {
  secondFactor: Pick<SecondFactorService, 'require'>;
  history: Pick<LoginHistoryRepository, 'add'>;
  notify: SecurityNotify;
}

/** How a refusal of the second step is recorded in the login history. */
const SECOND_STEP_RESULT: Partial<Record<string, LoginResultKind>> = {
  'google code required': 'code required',
  'too many wrong google codes, try again later': 'waiting',
};

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
    private readonly names: AccountNames,
    private readonly protection: LoginProtection,
    /**
     * Guest login: open only where demo data is (never in production); `onLogin` runs at each
     * guest login before the session opens (development: the demo funds' top-up).
     */
    private readonly guests: { open: boolean; onLogin?: ((guestId: number) => Promise<unknown>) | undefined } = { open: false },
  ) {}

  /**
   * A password login. Unknown accounts, guests and system accounts take the same path as a wrong
   * password, so no answer tells whether an account exists; an operator's lock is told only to
   * someone who knows the password. `areaCode`: the dialling code of a national phone number;
   * absent, the platform's default. A user with an authenticator is asked for its code after the
   * password (`googleCode`; without it `google code required`, which old clients show as text).
   * Every try on an existing account goes into its login history; a login from a device or an
   * address the account never logged in from sends its owner a security message.
   */
  async login(account: string | undefined, password: string | undefined, client: ClientInfo, areaCode?: string, googleCode?: string): Promise<LoginResult> {
    if (!account) refuse('enter account');
    if (!password) refuse('enter password');
    if (password.length < 6 || password.length > 16) refuse('password must be 6 to 16 letters or digits');

    const found = await this.findAccount(account, areaCode);
    const user = found && !found.is_vistor && found.kind === 'user' ? found : undefined;
    // counted under the account's stored name when it exists, so every spelling of one phone
    // number shares one count (and a password reset clears it)
    const { outcome, waitUntil } = await this.backoff.attemptUntil({ account: user?.account ?? account, user, password, ip: client.ip });
    if (outcome === 'wait') {
      if (user) await this.record(user.id, client, 'waiting');
      // the lock form old clients localise with the time the wait ends; the same for unknown accounts
      throw new Refusal(accountLockedMessage(waitUntil ?? this.clock()) as `account locked, ${string}`);
    }
    if (outcome === 'wrong' || !user) {
      if (user) await this.record(user.id, client, 'wrong password');
      refuse('wrong account or password');
    }
    if (user.locked_until && user.locked_until > this.clock()) {
      await this.record(user.id, client, 'locked');
      throw new Refusal(accountLockedMessage(user.locked_until) as `account locked, ${string}`);
    }
    try {
      await this.protection.secondFactor.require(user.id, googleCode);
    } catch (error) {
      if (error instanceof Refusal) await this.record(user.id, client, SECOND_STEP_RESULT[error.key] ?? 'wrong code');
      throw error;
    }
    const seen = await this.sessions.seenBefore(user.id, client.ip, client.userAgent);
    const token = await this.openSession(user.id, client);
    await this.record(user.id, client, 'ok');
    if (seen.anySession && !(seen.address && seen.device)) await this.protection.notify(user.id, 'new_device', client);
    return { token, user };
  }

  private async record(userId: number, client: ClientInfo, result: LoginResultKind): Promise<void> {
    await this.protection.history.add(userId, { at: this.clock(), ip: client.ip, user_agent: client.userAgent, place: client.place ?? '', result });
  }

  /** The account a login names: an e-mail, an E.164 number, or a name kept as it was. */
  private async findAccount(account: string, areaCode: string | undefined): Promise<UserRow | undefined> {
    for (const name of await this.names.loginNames(account, areaCode)) {
      const user = await this.users.findByAccount(name);
      if (user) return user;
    }
    return undefined;
  }

  /** Guests share one seeded demo account: trying the platform creates no account. */
  async guestLogin(client: ClientInfo): Promise<LoginResult> {
    if (!this.guests.open) refuse('guest login is not available');
    const user = await this.users.findGuestAccount();
    if (!user) refuse('guest login is not available');
    await this.guests.onLogin?.(user.id);
    return { token: await this.openSession(user.id, client), user };
  }

  async logout(token: string): Promise<void> {
    await this.sessions.revoke(tokenDigest(token), this.clock());
  }

  /** Calls `listener` after each session revocation (logout, password change, operator lock). */
  onRevoked(listener: (revocation: Revocation) => void): () => void {
    return this.sessions.onRevoked(listener);
  }

  /** Another process revoked sessions: this process forgets them at once (its cache would trust them a while). */
  forgetRevoked(revocation: Revocation): void {
    this.sessions.evict(revocation);
  }

  /** The user behind a token, or why there is none. */
  authenticate(token: string): Promise<AuthenticatedUser | 'unknown' | 'stale'> {
    return this.authenticateSession(tokenDigest(token));
  }

  /** The same, for a session known by its token's digest. */
  async authenticateSession(digest: string): Promise<AuthenticatedUser | 'unknown' | 'stale'> {
    const found = await this.sessions.lookup(digest, this.clock());
    if (found.session) return { id: found.session.user_id, isVistor: found.session.is_vistor, sessionExpiresAt: new Date(found.session.expires_at) };
    return found.stale ? 'stale' : 'unknown';
  }

  private async openSession(userId: number, client: ClientInfo): Promise<string> {
    const token = newToken();
    const expiresAt = new Date(this.clock().getTime() + this.sessionTtlHours * 3_600_000);
    const opened = await this.sessions.create({ userId, digest: tokenDigest(token), createdAt: this.clock(), expiresAt, ip: client.ip, userAgent: client.userAgent, place: client.place ?? '' });
    if (!opened) {
      // locked while the password was checked: the lock wins
      const locked = (await this.users.findById(userId))?.locked_until;
      throw new Refusal(accountLockedMessage(locked ?? this.clock()) as `account locked, ${string}`);
    }
    return token;
  }
}
