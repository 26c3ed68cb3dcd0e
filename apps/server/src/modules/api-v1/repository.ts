import type { Queryable } from '../../db/database';
import type { SpotOrderStatus, SpotOrderType, SpotSelfTradePrevention, SpotSide, SpotTimeInForce } from '../../core/spot/state';

export interface OrderRow {
  id: string;
  pair_id: number;
  side: SpotSide;
  type: SpotOrderType;
  price: string | null;
  quantity: string;
  filled: string;
  filled_quote: string;
  status: SpotOrderStatus;
  time_in_force: SpotTimeInForce;
  post_only: boolean;
  stp: SpotSelfTradePrevention;
  client_order_id: string | null;
  stop_price: string | null;
  trigger_price: string | null;
  triggered_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface MyTradeRow {
  id: string;
  pair_id: number;
  price: string;
  quantity: string;
  taker_side: SpotSide;
  buy_order_id: string;
  sell_order_id: string;
  buyer_id: number;
  seller_id: number;
  buyer_fee: string;
  seller_fee: string;
  created_at: Date;
}

const ORDER_COLUMNS = `id::text, pair_id, side, type, price::text, quantity::text, filled::text, filled_quote::text, status, time_in_force,
  post_only, stp, client_order_id, stop_price::text, trigger_price::text, triggered_at, created_at, updated_at`;

/** The signed API's reads of a user's orders and fills; the core writes these tables. */
export class ApiV1Repository {
  constructor(private readonly db: Queryable) {}

  async order(userId: number, by: { id: number } | { clientOrderId: string }): Promise<OrderRow | undefined> {
    const [row] =
      'id' in by
        ? await this.db.query<OrderRow>(`select ${ORDER_COLUMNS} from spot_orders where user_id = $1 and id = $2`, [userId, by.id])
        : await this.db.query<OrderRow>(`select ${ORDER_COLUMNS} from spot_orders where user_id = $1 and client_order_id = $2`, [userId, by.clientOrderId]);
    return row;
  }

  async openOrders(userId: number, pairId: number | null, limit: number): Promise<OrderRow[]> {
    return this.db.query<OrderRow>(
      `select ${ORDER_COLUMNS} from spot_orders where user_id = $1 and status = 'open' and ($2::int is null or pair_id = $2) order by id desc limit $3`,
      [userId, pairId, limit],
    );
  }

  /** The user's fills, newest first; with `fromId`, the ones from that trade id on, oldest first. */
  async myTrades(userId: number, pairId: number | null, limit: number, fromId: number | null): Promise<MyTradeRow[]> {
    const columns = `id::text, pair_id, price::text, quantity::text, taker_side, buy_order_id::text, sell_order_id::text, buyer_id, seller_id,
      buyer_fee::text, seller_fee::text, created_at`;
    const filter = `($2::int is null or pair_id = $2)`;
    if (fromId !== null) {
      return this.db.query<MyTradeRow>(
        `select * from (select ${columns} from spot_trades where buyer_id = $1 and id >= $4 and ${filter}
           union select ${columns} from spot_trades where seller_id = $1 and id >= $4 and ${filter}) t order by id limit $3`,
        [userId, pairId, limit, fromId],
      );
    }
    return this.db.query<MyTradeRow>(
      `select * from (select ${columns} from spot_trades where buyer_id = $1 and ${filter}
         union select ${columns} from spot_trades where seller_id = $1 and ${filter}) t order by id desc limit $3`,
      [userId, pairId, limit],
    );
  }

  /** The public trades of a pair, newest first. */
  async trades(pairId: number, limit: number): Promise<MyTradeRow[]> {
    return this.db.query<MyTradeRow>(
      `select id::text, pair_id, price::text, quantity::text, taker_side, buy_order_id::text, sell_order_id::text, buyer_id, seller_id,
              buyer_fee::text, seller_fee::text, created_at
         from spot_trades where pair_id = $1 order by id desc limit $2`,
      [pairId, limit],
    );
  }
}
