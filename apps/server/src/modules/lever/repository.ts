import type { Queryable } from '../../db/database';
import { TRADE_COLUMNS, tradeFromRow } from '../../core/lever/repository';
import type { LeverTrade } from '../../core/lever/state';

/** Reads of lever history for the lists; the core writes these tables. */
export class LeverRepository {
  constructor(private readonly db: Queryable) {}

  /** One page of a user's lever trades of some statuses, newest first, with the total. */
  async trades(userId: number, statuses: number[], pairIds: number[] | null, limit: number, offset: number): Promise<{ rows: LeverTrade[]; total: number }> {
    const rows = await this.db.query<Parameters<typeof tradeFromRow>[0] & { total: number }>(
      `select ${TRADE_COLUMNS}, (count(*) over ())::int as total from lever_trades
        where user_id = $1 and status = any($2::int[]) and ($3::int[] is null or pair_id = any($3::int[]))
        order by id desc limit $4 offset $5`,
      [userId, statuses, pairIds, limit, offset],
    );
    let total = rows[0]?.total;
    if (total === undefined) {
      const [counted] = await this.db.query<{ n: number }>(
        `select count(*)::int as n from lever_trades where user_id = $1 and status = any($2::int[]) and ($3::int[] is null or pair_id = any($3::int[]))`,
        [userId, statuses, pairIds],
      );
      total = counted?.n ?? 0;
    }
    return { rows: rows.map(tradeFromRow), total };
  }

  /** The owner and status of a lever trade, or undefined. */
  async ownerOf(tradeId: number): Promise<{ userId: number; status: number } | undefined> {
    const [row] = await this.db.query<{ user_id: number; status: number }>('select user_id, status from lever_trades where id = $1', [tradeId]);
    return row && { userId: row.user_id, status: row.status };
  }
}
