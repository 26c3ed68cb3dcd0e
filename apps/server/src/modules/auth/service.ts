import { accountLockedMessage } from '@tessera/protocol';
import { Refusal, refuse } from '../../http/refusal';
import { KeyedSerializer } from '../../lib/keyed-serializer';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Clock } from '../../lib/time';
import { newToken, tokenDigest } from '../../lib/tokens';
import type { UserRepository, UserRow } from '../users/repository';
import type { AccountNames } from './account-address';
import { LOGIN_LOCK_MINUTES, MAX_FAILED_LOGINS } from './policy';
import type { SessionRepository } from './session-repository';

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
  /** told the digest of each session a logout ends (the socket gateway closes its sockets) */
  private readonly logoutListeners: ((digest: string) => void)[] = [];

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
    private readonly sessionTtlHours: number,
    private readonly names: AccountNames,
    /**
     * Guest login: open only where demo data is (never in production); `onLogin` runs at each
     * guest login before the session opens (development: the demo funds' top-up).
     */
    private readonly guests: { open: boolean; onLogin?: ((guestId: number) => Promise<unknown>) | undefined } = { open: false },
  ) {}

  /** `areaCode`: the dialling code of a national phone number; absent, the platform's default. */
  async login(account: string | undefined, password: string | undefined, client: ClientInfo, areaCode?: string): Promise<LoginResult> {
    if (!account) refuse('enter account');
    if (!password) refuse('enter password');
    if (password.length < 6 || password.length > 16) refuse('password must be 6 to 16 letters or digits');

    const found = await this.findAccount(account, areaCode);
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

  /** The account a login names: an e-mail, an E.164 number, or a name kept as it was. */
  private async findAccount(account: string, areaCode: string | undefined): Promise<UserRow | undefined> {
    for (const name of await this.names.loginNames(account, areaCode)) {
      const user = await this.users.findByAccount(name);
      if (user) return user;
    }
    return undefined;
  }

  /** Guests share one seeded demo account (spec: "a fixed demo account"). */
  async guestLogin(client: ClientInfo): Promise<LoginResult> {
    if (!this.guests.open) refuse('guest login is not available');
    const user = await this.users.findGuestAccount();
    if (!user) refuse('guest login is not available');
    await this.guests.onLogin?.(user.id);
    return { token: await this.openSession(user.id, client), user };
  }

  async logout(token: string): Promise<void> {
    const digest = tokenDigest(token);
    await this.sessions.revoke(digest, this.clock());
    for (const listener of this.logoutListeners) listener(digest);
  }

  /** Calls `listener` with the token digest of every session a logout ends. */
  onLogout(listener: (digest: string) => void): void {
    this.logoutListeners.push(listener);
  }

  /** The user behind a token, or why there is none. */
  async authenticate(token: string): Promise<AuthenticatedUser | 'unknown' | 'stale'> {
    const found = await this.sessions.lookup(tokenDigest(token), this.clock());
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
