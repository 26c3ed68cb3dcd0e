import type { Queryable } from '../../db/database';

/** A deposit request or a withdrawal, as one row of the combined record list. */
export interface ChainRecordRow {
  kind: 'deposit' | 'withdrawal';
  id: string;
  currency_id: number;
  network: string;
  /** what was credited (deposits: the credited amount once confirmed) or sent, fee included */
  amount: string;
  fee: string;
  /** deposits: 0 pending, 1 confirmed, 2 rejected; withdrawals: the state's name */
  status: string;
  address: string;
  tx_hash: string;
  created_at: Date;
  total: number;
}

/** Reads a user's deposits and withdrawals together, newest first (charge_mention/log). */
export class ChainRecordRepository {
  constructor(private readonly db: Queryable) {}

  listOfUser(userId: number, limit: number, offset: number): Promise<ChainRecordRow[]> {
    return this.db.query<ChainRecordRow>(
      `select kind, id, currency_id, network, amount, fee, status, address, tx_hash, created_at, (count(*) over ())::int as total
         from (
           select 'deposit' as kind, id::text as id, id as sort_id, currency_id, network,
                  coalesce(credited_amount, amount)::text as amount, '0' as fee, status::text as status,
                  '' as address, tx_hash, created_at
             from deposit_requests where user_id = $1
           union all
           select 'withdrawal', id::text, id, currency_id, network, amount::text, fee::text, status, address, tx_hash, created_at
             from withdrawals where user_id = $1
         ) records
        order by created_at desc, kind, sort_id desc
        limit $2 offset $3`,
      [userId, limit, offset],
    );
  }
}
