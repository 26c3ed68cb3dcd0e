import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import { pairFromRow, type SpotPair } from './pair';
import type { TapeTrade } from './trade-tape';
import type { SpotOrderState, SpotOrderStatus, SpotSide, SpotTradeRecord } from './state';

export interface SpotStateRows {
  pairs: SpotPair[];
  openOrders: SpotOrderState[];
  lastOrderId: number;
  lastTradeId: number;
  /** each pair's last trade price, for its mark price: the book alone forgets it at a restart */
  lastTrades: Map<number, Atoms>;
  /** each pair's last trade with its id and time (null when it never traded): the start of its trade tape */
  lastTradeRecords: Map<number, TapeTrade | null>;
}

interface OrderRow {
  id: string;
  user_id: number;
  pair_id: number;
  side: SpotSide;
  type: 'limit' | 'market';
  price: string | null;
  quantity: string;
  filled: string;
  filled_quote: string;
  locked: string;
  status: SpotOrderStatus;
  created_at: Date;
  updated_at: Date;
}

/** The pairs, the open orders, the last ids and each pair's last trade price. */
export async function loadSpotState(db: Queryable): Promise<SpotStateRows> {
  const pairs = await db.query<Parameters<typeof pairFromRow>[0]>(
    `select p.id, p.currency_id, p.legal_id, c.name || '/' || l.name as symbol, p.price_precision, p.quantity_precision,
            p.maker_fee::text, p.taker_fee::text, p.is_display
       from currency_pairs p join currencies c on c.id = p.currency_id join currencies l on l.id = p.legal_id`,
  );
  const orders = await db.query<OrderRow>(
    `select id::text, user_id, pair_id, side, type, price::text, quantity::text, filled::text, filled_quote::text,
            locked::text, status, created_at, updated_at
       from spot_orders where status = 'open' order by id`,
  );
  const [ids] = await db.query<{ order_id: string; trade_id: string }>(
    `select (select coalesce(max(id), 0) from spot_orders)::text as order_id, (select coalesce(max(id), 0) from spot_trades)::text as trade_id`,
  );
  // one index probe per pair (spot_trades_pair), whatever the number of trades
  const lastTrades = await db.query<{ id: number; trade_id: string | null; price: string | null; created_at: Date | null }>(
    `select p.id, t.id::text as trade_id, t.price::text as price, t.created_at from currency_pairs p
       left join lateral (select id, price, created_at from spot_trades t where t.pair_id = p.id order by t.id desc limit 1) t on true`,
  );
  return {
    pairs: pairs.map(pairFromRow),
    openOrders: orders.map((row) => ({
      id: Number(row.id),
      userId: row.user_id,
      pairId: row.pair_id,
      side: row.side,
      type: row.type,
      price: row.price === null ? null : parseAmount(row.price),
      quantity: parseAmount(row.quantity),
      filled: parseAmount(row.filled),
      filledQuote: parseAmount(row.filled_quote),
      locked: parseAmount(row.locked),
      status: row.status,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    })),
    lastOrderId: Number(ids?.order_id ?? 0),
    lastTradeId: Number(ids?.trade_id ?? 0),
    lastTrades: new Map(lastTrades.filter((row) => row.price !== null).map((row) => [row.id, parseAmount(row.price as string)])),
    lastTradeRecords: new Map(
      lastTrades.map((row) => [
        row.id,
        row.trade_id === null || row.price === null || row.created_at === null
          ? null
          : { id: Number(row.trade_id), at: new Date(row.created_at).getTime(), price: parseAmount(row.price) },
      ]),
    ),
  };
}

/** Spot orders a batch created or changed, each once in its final state. */
export const SPOT_ORDERS: CoreTable<SpotOrderState> = {
  name: 'spot_orders',
  key: (order) => order.id,
  // the book goes on changing the order in place after the batch: write and publish a copy
  snapshot: (order) => ({ ...order }),
  statement(source, orders) {
    const rows = orders.map((x) => ({
      id: x.id,
      u: x.userId,
      p: x.pairId,
      side: x.side,
      type: x.type,
      price: x.price === null ? null : formatAmount(x.price),
      q: formatAmount(x.quantity),
      f: formatAmount(x.filled),
      fq: formatAmount(x.filledQuote),
      l: formatAmount(x.locked),
      s: x.status,
      ca: x.createdAt.toISOString(),
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into spot_orders (id, user_id, pair_id, side, type, price, quantity, filled, filled_quote, locked, status, created_at, updated_at)
        select id, u, p, side, type, price, q, f, fq, l, s, ca, ua
          from ${source(rows, 'id bigint, u int, p int, side text, type text, price numeric, q numeric, f numeric, fq numeric, l numeric, s text, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote, locked = excluded.locked,
          status = excluded.status, updated_at = excluded.updated_at`;
  },
  publish: (events, orders) => events.emit('orders', orders),
};

/** The trades of a batch, in order. */
export const SPOT_TRADES: CoreTable<SpotTradeRecord> = {
  name: 'spot_trades',
  statement(source, trades) {
    const rows = trades.map((x) => ({
      id: x.id,
      p: x.pairId,
      price: formatAmount(x.price),
      q: formatAmount(x.quantity),
      side: x.takerSide,
      bo: x.buyOrderId,
      so: x.sellOrderId,
      b: x.buyerId,
      s: x.sellerId,
      bf: formatAmount(x.buyerFee),
      sf: formatAmount(x.sellerFee),
      ca: x.createdAt.toISOString(),
    }));
    return `insert into spot_trades (id, pair_id, price, quantity, taker_side, buy_order_id, sell_order_id, buyer_id, seller_id, buyer_fee, seller_fee, created_at)
        select id, p, price, q, side, bo, so, b, s, bf, sf, ca
          from ${source(rows, 'id bigint, p int, price numeric, q numeric, side text, bo bigint, so bigint, b int, s int, bf numeric, sf numeric, ca timestamptz')}`;
  },
  publish: (events, trades) => events.emit('trades', trades),
};

/** Orders and trades name users and pairs that must exist (no foreign keys: decision 0007). */
export const SPOT_ORPHAN_CHECKS = [
  `select 'spot_orders' as table_name, count(*)::int as rows from spot_orders o
    where not exists (select 1 from users u where u.id = o.user_id)
       or not exists (select 1 from currency_pairs p where p.id = o.pair_id)`,
  `select 'spot_trades' as table_name, count(*)::int as rows from spot_trades t
    where not exists (select 1 from users u where u.id = t.buyer_id)
       or not exists (select 1 from users u where u.id = t.seller_id)
       or not exists (select 1 from currency_pairs p where p.id = t.pair_id)`,
];
