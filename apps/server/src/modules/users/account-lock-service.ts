import { refuse } from '../../core/refusal';
import { newReadableCode, recoveryCodeDigest as lockCodeDigest } from '../../lib/recovery-codes';
import type { Clock } from '../../lib/time';
import type { SessionRepository } from '../auth/session-repository';
import type { LockTokenRepository } from './lock-token-repository';
import type { UserRepository } from './repository';

/** A lock code stays usable this long after its message was sent. */
export const LOCK_CODE_DAYS = 30;
/** The page of the web app where a lock code is typed (the links of security messages open it). */
export const LOCK_PAGE_PATH = '/lockAccount';
/** Until when an owner's lock lasts: until an operator lifts it. */
const UNTIL_LIFTED = new Date('9999-12-31T00:00:00Z');

/**
 * The "this was not me" button of every security message: a code (and a link carrying it) that
 * locks the account at once and ends every session. The lock lasts until an operator lifts it,
 * after the owner proved who they are to support. A code works once, for LOCK_CODE_DAYS.
 */
export class AccountLockService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: LockTokenRepository,
    private readonly clock: Clock,
  ) {}

  /** A new code for a message to the user. */
  async issue(userId: number): Promise<string> {
    const now = this.clock();
    // `xxxx-xxxx-xxxx-xxxx-xxxx`: about 99 random bits, typed by hand if the link does not open
    const code = newReadableCode(5, 4);
    await this.tokens.add(userId, lockCodeDigest(code), now, new Date(now.getTime() + LOCK_CODE_DAYS * 86_400_000));
    return code;
  }

  /** user/lock_account: locks the code's account and ends its sessions; public, the code is the proof. */
  async lock(code: string | undefined): Promise<void> {
    if (!code?.trim()) refuse('lock code not valid');
    const now = this.clock();
    const userId = await this.tokens.use(lockCodeDigest(code), now);
    if (userId === undefined) refuse('lock code not valid');
    await this.users.lock(userId, UNTIL_LIFTED, 'locked by its owner from a security message');
    await this.sessions.revokeAllOf(userId, now);
    await this.tokens.prune(now);
  }
}
