import type { Queryable } from '../../db/database';

export interface OpenOrderRow {
  id: string;
  created_at: Date;
  pair_id: number;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  price: string | null;
  quantity: string;
  filled: string;
}

export interface UserTradeRow {
  id: string;
  created_at: Date;
  pair_id: number;
  price: string;
  quantity: string;
  buyer_id: number;
  seller_id: number;
  taker_side: 'buy' | 'sell';
  buyer_fee: string;
  seller_fee: string;
}

/** Reads of spot history for the lists; the core writes these tables. */
export class SpotRepository {
  constructor(private readonly db: Queryable) {}

  async openOrders(userId: number, side: 'buy' | 'sell', pairIds: number[] | null, limit: number, offset: number) {
    return this.db.query<OpenOrderRow & { total: number }>(
      `select id::text, created_at, pair_id, side, type, price::text, quantity::text, filled::text, (count(*) over ())::int as total
         from spot_orders
        where user_id = $1 and side = $2 and status = 'open' and ($3::int[] is null or pair_id = any($3::int[]))
        order by id desc limit $4 offset $5`,
      [userId, side, pairIds, limit, offset],
    );
  }

  async userTrades(userId: number, pairIds: number[] | null, limit: number, offset: number) {
    return this.db.query<UserTradeRow & { total: number }>(
      `select id::text, created_at, pair_id, price::text, quantity::text, buyer_id, seller_id, taker_side,
              buyer_fee::text, seller_fee::text, (count(*) over ())::int as total
         from spot_trades
        where (buyer_id = $1 or seller_id = $1) and ($2::int[] is null or pair_id = any($2::int[]))
        order by id desc limit $3 offset $4`,
      [userId, pairIds, limit, offset],
    );
  }

}
