import type { Queryable } from '../../db/database';

export interface IdentityRow {
  id: number;
  user_id: number;
  name: string;
  card_id: string;
  front_pic: string;
  reverse_pic: string;
  hand_pic: string;
  status: number;
  reject_reason: string;
  created_at: Date;
  reviewed_at: Date | null;
}

export const IDENTITY_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

const COLUMNS = 'id, user_id, name, card_id, front_pic, reverse_pic, hand_pic, status, reject_reason, created_at, reviewed_at';

export class IdentityRepository {
  constructor(private readonly db: Queryable) {}

  async add(input: Pick<IdentityRow, 'user_id' | 'name' | 'card_id' | 'front_pic' | 'reverse_pic' | 'hand_pic'>) {
    await this.db.query(
      `insert into identity_submissions (user_id, name, card_id, front_pic, reverse_pic, hand_pic) values ($1, $2, $3, $4, $5, $6)`,
      [input.user_id, input.name, input.card_id, input.front_pic, input.reverse_pic, input.hand_pic],
    );
  }

  async latestOf(userId: number): Promise<IdentityRow | undefined> {
    const rows = await this.db.query<IdentityRow>(
      `select ${COLUMNS} from identity_submissions where user_id = $1 order by id desc limit 1`,
      [userId],
    );
    return rows[0];
  }

  async cardVerified(cardId: string): Promise<boolean> {
    const rows = await this.db.query('select 1 from identity_submissions where upper(card_id) = upper($1) and status = 2', [cardId]);
    return rows.length > 0;
  }

  listByStatus(status: number, limit: number): Promise<IdentityRow[]> {
    return this.db.query<IdentityRow>(`select ${COLUMNS} from identity_submissions where status = $1 order by id limit $2`, [
      status,
      limit,
    ]);
  }

  /** Decides a pending submission; false when there was none pending. */
  async decide(id: number, status: number, operatorId: number, reason: string, at: Date): Promise<boolean> {
    const rows = await this.db.query(
      `update identity_submissions set status = $2, reviewed_by = $3, reject_reason = $4, reviewed_at = $5
        where id = $1 and status = 1 returning id`,
      [id, status, operatorId, reason, at],
    );
    return rows.length > 0;
  }
}
