import { refuse } from '../../core/refusal';
import { paged, pageOf, type PageRequest } from '../../lib/paging';
import { formatTimestamp, type Clock } from '../../lib/time';
import { deviceOf } from '../../lib/user-agent';
import { memberOf } from '../users/member';
import type { UserRepository } from '../users/repository';
import { LOGIN_HISTORY_DAYS, type LoginHistoryRepository } from './login-history-repository';
import type { SessionRepository } from './session-repository';

/**
 * A user's own sessions and login history (the sessions screen): each live session by its
 * device, address, place and last use, ended one by one or all but the caller's; and every login
 * try of the last LOGIN_HISTORY_DAYS. Ending a session disconnects its sockets at once (the
 * revocation is announced like a logout's). The shared guest account sees none of it.
 */
export class SessionListService {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly history: LoginHistoryRepository,
    private readonly clock: Clock,
    /** writes the API key uses this process counted and has not written yet (they are written once a second) */
    private readonly flushKeyUses: () => Promise<void> = async () => {},
  ) {}

  /** `currentDigest`: the session of the request, marked `current`. */
  async list(userId: number, currentDigest: string) {
    await memberOf(this.users, userId);
    return (await this.sessions.listLive(userId, this.clock())).map((row) => ({
      id: row.id,
      device: deviceOf(row.user_agent),
      ip: row.ip,
      place: row.place,
      created_at: formatTimestamp(row.created_at),
      last_seen: formatTimestamp(row.last_seen_at ?? row.created_at),
      current: row.token_hash === currentDigest ? (1 as const) : (0 as const),
    }));
  }

  async end(userId: number, sessionId: number): Promise<void> {
    await memberOf(this.users, userId);
    if (!(await this.sessions.revokeOne(userId, sessionId, this.clock()))) refuse('session not found');
  }

  async endOthers(userId: number, currentDigest: string): Promise<void> {
    await memberOf(this.users, userId);
    await this.sessions.revokeAllOf(userId, this.clock(), currentDigest);
  }

  async loginHistory(userId: number, page: PageRequest) {
    await memberOf(this.users, userId);
    const since = new Date(this.clock().getTime() - LOGIN_HISTORY_DAYS * 86_400_000);
    await this.flushKeyUses();
    const { rows, total } = await pageOf(page, (limit, offset) => this.history.list(userId, since, limit, offset));
    return paged(
      rows.map((row) => ({
        time: formatTimestamp(row.at),
        ip: row.ip,
        device: row.api_key === null ? deviceOf(row.user_agent) : `API ${row.api_key_label ?? ''}`.trim(),
        place: row.place,
        result: row.result,
        ...(row.api_key === null ? {} : { api_key: row.api_key, requests: Number(row.requests), refused: Number(row.refused) }),
      })),
      total,
      page,
    );
  }
}
