import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount } from '../amount';
import type { CoreTable } from '../kind';
import type { C2cBookRows } from './book';
import { shanghaiDayStart, type AdState, type OrderState, type OrderStatus, type PaymentWay } from './state';

interface AdRow {
  id: string;
  user_id: number;
  type: AdState['type'];
  currency_id: number;
  price: string;
  total: string;
  remaining: string;
  min_number: string;
  max_number: string;
  ways: string;
  status: AdState['status'];
  created_at: Date;
  updated_at: Date;
}

interface OrderRow {
  id: string;
  ad_id: string;
  type: OrderState['type'];
  publisher_id: number;
  taker_id: number;
  buyer_id: number;
  seller_id: number;
  currency_id: number;
  price: string;
  number: string;
  deal_money: string;
  status: number;
  cancel_reason: OrderState['cancelReason'];
  created_at: Date;
  pay_by: Date;
  paid_at: Date | null;
  finished_at: Date | null;
  appeal_by: number | null;
  appeal_message: string;
  appeal_image: string;
  appealed_at: Date | null;
  resolution: OrderState['resolution'];
  resolved_by: number | null;
  updated_at: Date;
}

const AD_COLUMNS = `id::text, user_id, type, currency_id, price::text, total::text, remaining::text, min_number::text, max_number::text, ways, status, created_at, updated_at`;
const ORDER_COLUMNS = `id::text, ad_id::text, type, publisher_id, taker_id, buyer_id, seller_id, currency_id, price::text, number::text, deal_money::text,
  status, cancel_reason, created_at, pay_by, paid_at, finished_at, appeal_by, appeal_message, appeal_image, appealed_at, resolution, resolved_by, updated_at`;

/** Unfinished orders, the ads that are open or still have one, today's cancellations per buyer, the last ids. */
export async function loadC2c(db: Queryable, now: Date): Promise<C2cBookRows> {
  const unfinished = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from c2c_orders where status in (0, 3) order by id`);
  const ads = await db.query<AdRow>(
    `select ${AD_COLUMNS} from c2c_ads a
      where a.status = 'open' or exists (select 1 from c2c_orders o where o.ad_id = a.id and o.status in (0, 3)) order by id`,
  );
  const cancels = await db.query<{ buyer_id: number; count: number }>(
    `select buyer_id, count(*)::int as count from c2c_orders
      where status = 2 and cancel_reason in ('buyer', 'timeout') and finished_at >= $1 group by buyer_id`,
    [shanghaiDayStart(now).toISOString()],
  );
  const [last] = await db.query<{ ad: string; orders: string }>(
    `select (select coalesce(max(id), 0) from c2c_ads)::text as ad, (select coalesce(max(id), 0) from c2c_orders)::text as orders`,
  );
  return {
    ads: ads.map(adFromRow),
    unfinished: unfinished.map(orderFromRow),
    cancelsToday: cancels.map((row) => ({ userId: row.buyer_id, count: row.count })),
    lastAdId: Number(last?.ad ?? 0),
    lastOrderId: Number(last?.orders ?? 0),
  };
}

export function adFromRow(row: AdRow): AdState {
  return {
    id: Number(row.id),
    userId: row.user_id,
    type: row.type,
    currencyId: row.currency_id,
    price: parseAmount(row.price),
    total: parseAmount(row.total),
    remaining: parseAmount(row.remaining),
    minNumber: parseAmount(row.min_number),
    maxNumber: parseAmount(row.max_number),
    ways: row.ways.split(',').filter(Boolean) as PaymentWay[],
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function orderFromRow(row: OrderRow): OrderState {
  return {
    id: Number(row.id),
    adId: Number(row.ad_id),
    type: row.type,
    publisherId: row.publisher_id,
    takerId: row.taker_id,
    buyerId: row.buyer_id,
    sellerId: row.seller_id,
    currencyId: row.currency_id,
    price: parseAmount(row.price),
    number: parseAmount(row.number),
    dealMoney: parseAmount(row.deal_money),
    status: row.status as OrderStatus,
    cancelReason: row.cancel_reason,
    createdAt: row.created_at,
    payBy: row.pay_by,
    paidAt: row.paid_at,
    finishedAt: row.finished_at,
    appealBy: row.appeal_by,
    appealMessage: row.appeal_message,
    appealImage: row.appeal_image,
    appealedAt: row.appealed_at,
    resolution: row.resolution,
    resolvedBy: row.resolved_by,
    updatedAt: row.updated_at,
  };
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** Ads a batch published or changed, each once in its final state. */
export const C2C_ADS: CoreTable<AdState> = {
  name: 'c2c_ads',
  key: (ad) => ad.id,
  statement(source, ads) {
    const rows = ads.map((x) => ({
      id: x.id,
      u: x.userId,
      t: x.type,
      c: x.currencyId,
      p: formatAmount(x.price),
      tot: formatAmount(x.total),
      r: formatAmount(x.remaining),
      mi: formatAmount(x.minNumber),
      ma: formatAmount(x.maxNumber),
      w: x.ways.join(','),
      s: x.status,
      ca: x.createdAt.toISOString(),
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into c2c_ads (id, user_id, type, currency_id, price, total, remaining, min_number, max_number, ways, status, created_at, updated_at)
        select id, u, t, c, p, tot, r, mi, ma, w, s, ca, ua
          from ${source(rows, 'id bigint, u int, t text, c int, p numeric, tot numeric, r numeric, mi numeric, ma numeric, w text, s text, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set remaining = excluded.remaining, status = excluded.status, updated_at = excluded.updated_at`;
  },
};

/** Orders a batch opened or moved on, each once in its final state; published to their two parties. */
export const C2C_ORDERS: CoreTable<OrderState> = {
  name: 'c2c_orders',
  key: (order) => order.id,
  statement(source, orders) {
    const rows = orders.map((x) => ({
      id: x.id,
      ad: x.adId,
      t: x.type,
      pu: x.publisherId,
      ta: x.takerId,
      b: x.buyerId,
      se: x.sellerId,
      c: x.currencyId,
      p: formatAmount(x.price),
      n: formatAmount(x.number),
      m: formatAmount(x.dealMoney),
      s: x.status,
      cr: x.cancelReason,
      ca: x.createdAt.toISOString(),
      pb: x.payBy.toISOString(),
      pa: iso(x.paidAt),
      fa: iso(x.finishedAt),
      ab: x.appealBy,
      am: x.appealMessage,
      ai: x.appealImage,
      aa: iso(x.appealedAt),
      re: x.resolution,
      rb: x.resolvedBy,
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into c2c_orders (id, ad_id, type, publisher_id, taker_id, buyer_id, seller_id, currency_id, price, number, deal_money, status,
          cancel_reason, created_at, pay_by, paid_at, finished_at, appeal_by, appeal_message, appeal_image, appealed_at, resolution, resolved_by, updated_at)
        select id, ad, t, pu, ta, b, se, c, p, n, m, s, cr, ca, pb, pa, fa, ab, am, ai, aa, re, rb, ua
          from ${source(
            rows,
            'id bigint, ad bigint, t text, pu int, ta int, b int, se int, c int, p numeric, n numeric, m numeric, s smallint, cr text, ca timestamptz, pb timestamptz, pa timestamptz, fa timestamptz, ab int, am text, ai text, aa timestamptz, re text, rb int, ua timestamptz',
          )}
        on conflict (id) do update set status = excluded.status, cancel_reason = excluded.cancel_reason, paid_at = excluded.paid_at,
          finished_at = excluded.finished_at, appeal_by = excluded.appeal_by, appeal_message = excluded.appeal_message,
          appeal_image = excluded.appeal_image, appealed_at = excluded.appealed_at, resolution = excluded.resolution,
          resolved_by = excluded.resolved_by, updated_at = excluded.updated_at`;
  },
  publish: (events, orders) => events.emit('c2cOrders', orders),
};

/** c2c rows naming a user or currency that does not exist (the tables carry no foreign keys). */
export const C2C_ORPHAN_CHECKS = [
  `select 'c2c_ads' as table_name, count(*)::int as rows from c2c_ads a
    where not exists (select 1 from users u where u.id = a.user_id)
       or not exists (select 1 from currencies c where c.id = a.currency_id)`,
  `select 'c2c_orders' as table_name, count(*)::int as rows from c2c_orders o
    where not exists (select 1 from users u where u.id = o.buyer_id)
       or not exists (select 1 from users u where u.id = o.seller_id)
       or not exists (select 1 from c2c_ads a where a.id = o.ad_id)`,
];

/** Ledger reasons of c2c escrow: coins locked for ads and orders, released, or paid out to a buyer. */
export const C2C_ESCROW_REASONS = ['c2c_escrow', 'c2c_escrow_release', 'c2c_deal'] as const;

/**
 * Escrow reconciles: per user and currency, the legal-wallet coins locked under c2c's reasons equal
 * what their open sell ads have left plus what their unfinished orders (as seller) hold.
 */
export const C2C_ESCROW_CHECKS = [
  `with held as (
     select user_id, currency_id, sum(delta_locked) as amount from ledger_entries
      where wallet = 'legal' and reason in (${C2C_ESCROW_REASONS.map((reason) => `'${reason}'`).join(', ')})
      group by user_id, currency_id
   ), expected as (
     select user_id, currency_id, sum(amount) as amount from (
       select user_id, currency_id, remaining as amount from c2c_ads where type = 'sell' and status = 'open'
       union all
       select seller_id, currency_id, number from c2c_orders where status in (0, 3)
     ) escrowed group by user_id, currency_id
   )
   select coalesce(h.user_id, e.user_id) as user_id, coalesce(h.currency_id, e.currency_id) as currency_id, 'legal' as wallet,
          coalesce(h.amount, 0)::text as held, coalesce(e.amount, 0)::text as expected
     from held h full outer join expected e on e.user_id = h.user_id and e.currency_id = h.currency_id
    where coalesce(h.amount, 0) <> coalesce(e.amount, 0)`,
];
