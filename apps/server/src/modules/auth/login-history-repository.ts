import type { Queryable } from '../../db/database';

/** How a login try on an existing account ended. */
export type LoginResultKind = 'ok' | 'wrong password' | 'code required' | 'wrong code' | 'locked' | 'waiting';

/** A row of the history as read: a login try, or a day's use of one of the user's API keys from one address. */
export interface LoginHistoryEntry {
  at: Date;
  ip: string;
  user_agent: string;
  place: string;
  result: LoginResultKind | 'api key';
  /** an API key's use: its public key and label, and the requests admitted and refused that day */
  api_key: string | null;
  api_key_label: string | null;
  requests: number;
  refused: number;
}

/** Login history is kept this many days. */
export const LOGIN_HISTORY_DAYS = 90;

export interface LoginHistoryRow {
  at: Date;
  ip: string;
  user_agent: string;
  place: string;
  result: LoginResultKind;
}

/** Every login try on an existing account, for its owner (and operators) to read for 90 days. */
export class LoginHistoryRepository {
  private prunedAt = 0;

  constructor(private readonly db: Queryable) {}

  async add(userId: number, entry: LoginHistoryRow): Promise<void> {
    await this.db.query('insert into login_history (user_id, at, ip, user_agent, place, result) values ($1, $2, $3, $4, $5, $6)', [
      userId,
      entry.at,
      entry.ip,
      entry.user_agent.slice(0, 300),
      entry.place,
      entry.result,
    ]);
    await this.pruneNowAndThen(entry.at);
  }

  /**
   * The user's login tries since `since` and the uses of the user's API keys (deleted keys too: one
   * row per key, address and day, at its last request), newest first, with the count of all of
   * them. A key signs in on every request, so its uses belong to the same history.
   */
  list(userId: number, since: Date, limit: number, offset: number) {
    return this.db.query<LoginHistoryEntry & { total: number }>(
      `select h.*, (count(*) over ())::int as total from (
         select at, ip, user_agent, place, result, null::text as api_key, null::text as api_key_label,
                0 as requests, 0 as refused, id as tie
           from login_history where user_id = $1 and at >= $2
         union all
         select u.last_at, u.ip, '', '', 'api key', k.key, k.label, u.requests, u.refused, 0
           from api_key_uses u join api_keys k on k.id = u.key_id
          where k.user_id = $1 and u.last_at >= $2
       ) h order by at desc, tie desc limit $3 offset $4`,
      [userId, since, limit, offset],
    );
  }

  /** Rows older than the history keeps are deleted, at most once an hour per process. */
  private async pruneNowAndThen(now: Date): Promise<void> {
    if (now.getTime() - this.prunedAt < 3_600_000) return;
    this.prunedAt = now.getTime();
    await this.db.query('delete from login_history where at < $1', [new Date(now.getTime() - LOGIN_HISTORY_DAYS * 86_400_000)]);
  }
}
