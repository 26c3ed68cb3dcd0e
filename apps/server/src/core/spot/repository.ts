import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import { pairFromRow, type SpotPair } from './pair';
import type { TapeTrade } from './trade-tape';
import type { SpotOrderState, SpotOrderStatus, SpotOrderType, SpotSelfTradePrevention, SpotSide, SpotTimeInForce, SpotTradeRecord } from './state';

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
  type: SpotOrderType;
  price: string | null;
  quantity: string;
  filled: string;
  filled_quote: string;
  locked: string;
  status: SpotOrderStatus;
  time_in_force: SpotTimeInForce;
  post_only: boolean;
  stp: SpotSelfTradePrevention;
  client_order_id: string | null;
  stop_price: string | null;
  trigger_price: string | null;
  trigger_trade_id: string | null;
  triggered_at: Date | null;
  queue_priority: string | null;
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
            locked::text, status, time_in_force, post_only, stp, client_order_id, stop_price::text, trigger_price::text,
            trigger_trade_id::text, triggered_at, queue_priority::text, created_at, updated_at
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
      timeInForce: row.time_in_force,
      postOnly: row.post_only,
      stp: row.stp,
      clientOrderId: row.client_order_id,
      stopPrice: row.stop_price === null ? null : parseAmount(row.stop_price),
      firing:
        row.trigger_price === null || row.trigger_trade_id === null || row.triggered_at === null
          ? null
          : { price: parseAmount(row.trigger_price), tradeId: Number(row.trigger_trade_id), at: row.triggered_at },
      queuePriority: Number(row.queue_priority ?? row.id),
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
      // the order controls are written only when they differ from the defaults: most orders are plain
      tif: x.timeInForce === 'GTC' ? null : x.timeInForce,
      po: x.postOnly || null,
      stp: x.stp === 'cancel_taker' ? null : x.stp,
      co: x.clientOrderId,
      sp: x.stopPrice === null ? null : formatAmount(x.stopPrice),
      tp: x.firing === null ? null : formatAmount(x.firing.price),
      tt: x.firing?.tradeId ?? null,
      ta: x.firing?.at.toISOString() ?? null,
      qp: x.queuePriority === x.id ? null : x.queuePriority,
      ca: x.createdAt.toISOString(),
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into spot_orders (id, user_id, pair_id, side, type, price, quantity, filled, filled_quote, locked, status,
          time_in_force, post_only, stp, client_order_id, stop_price, trigger_price, trigger_trade_id, triggered_at, queue_priority, created_at, updated_at)
        select id, u, p, side, type, price, q, f, fq, l, s, coalesce(tif, 'GTC'), coalesce(po, false), coalesce(stp, 'cancel_taker'), co, sp, tp, tt, ta, qp, ca, ua
          from ${source(rows, 'id bigint, u int, p int, side text, type text, price numeric, q numeric, f numeric, fq numeric, l numeric, s text, tif text, po boolean, stp text, co text, sp numeric, tp numeric, tt bigint, ta timestamptz, qp bigint, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set filled = excluded.filled, filled_quote = excluded.filled_quote, locked = excluded.locked,
          status = excluded.status, trigger_price = excluded.trigger_price, trigger_trade_id = excluded.trigger_trade_id,
          triggered_at = excluded.triggered_at, queue_priority = excluded.queue_priority, updated_at = excluded.updated_at`;
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
