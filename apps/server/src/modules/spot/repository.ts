import type { Queryable } from '../../db/database';
import type { SpotOrderType } from '../../core/spot/state';

export interface OpenOrderRow {
  id: string;
  created_at: Date;
  pair_id: number;
  side: 'buy' | 'sell';
  type: SpotOrderType;
  price: string | null;
  quantity: string;
  filled: string;
  stop_price: string | null;
  triggered: boolean;
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
      `select id::text, created_at, pair_id, side, type, price::text, quantity::text, filled::text, stop_price::text,
              triggered_at is not null as triggered, (count(*) over ())::int as total
         from spot_orders
        where user_id = $1 and side = $2 and status = 'open' and ($3::int[] is null or pair_id = any($3::int[]))
        order by id desc limit $4 offset $5`,
      [userId, side, pairIds, limit, offset],
    );
  }

  /** The id of the user's order of this client order id, if any. */
  async orderIdByClientId(userId: number, clientOrderId: string): Promise<number | undefined> {
    const [row] = await this.db.query<{ id: string }>('select id::text from spot_orders where user_id = $1 and client_order_id = $2', [userId, clientOrderId]);
    return row === undefined ? undefined : Number(row.id);
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
