import type { Queryable } from '../../db/database';

/** How a login try on an existing account ended. */
export type LoginResultKind = 'ok' | 'wrong password' | 'code required' | 'wrong code' | 'locked' | 'waiting';

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

  /** The user's tries since `since`, newest first, with the count of all of them. */
  list(userId: number, since: Date, limit: number, offset: number) {
    return this.db.query<LoginHistoryRow & { total: number }>(
      `select at, ip, user_agent, place, result, (count(*) over ())::int as total from login_history
        where user_id = $1 and at >= $2 order by at desc, id desc limit $3 offset $4`,
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
