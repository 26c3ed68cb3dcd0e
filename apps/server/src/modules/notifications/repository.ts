import type { Queryable } from '../../db/database';
import type { NoticeParams } from './kinds';

export interface NotificationRow {
  id: string;
  kind: string;
  params: NoticeParams;
  read_at: Date | null;
  created_at: Date;
  total: number;
}

/** The users' notifications: written when something happens to them, read and marked by them. */
export class NotificationRepository {
  constructor(private readonly db: Queryable) {}

  async insert(userId: number, kind: string, params: NoticeParams): Promise<number> {
    const [row] = await this.db.query<{ id: string }>('insert into notifications (user_id, kind, params) values ($1, $2, $3::jsonb) returning id::text', [
      userId,
      kind,
      JSON.stringify(params),
    ]);
    return Number(row?.id ?? 0);
  }

  listOfUser(userId: number, limit: number, offset: number): Promise<NotificationRow[]> {
    return this.db.query<NotificationRow>(
      `select id::text, kind, params, read_at, created_at, count(*) over ()::int as total
         from notifications where user_id = $1 order by id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }

  async unreadCount(userId: number): Promise<number> {
    const [row] = await this.db.query<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and read_at is null', [userId]);
    return row?.n ?? 0;
  }

  /** Marks one of the user's notifications read; false when the user has none with this id. */
  async markRead(userId: number, id: number, at: Date): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      'update notifications set read_at = coalesce(read_at, $3) where id = $1 and user_id = $2 returning id::text',
      [id, userId, at],
    );
    return rows.length > 0;
  }

  async markAllRead(userId: number, at: Date): Promise<void> {
    await this.db.query('update notifications set read_at = $2 where user_id = $1 and read_at is null', [userId, at]);
  }
}
