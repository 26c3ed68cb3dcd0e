import type { Queryable } from '../../db/database';
import { containsPattern } from '../../lib/sql-like';

export interface AdRow {
  id: string;
  user_id: number;
  type: 'buy' | 'sell';
  currency_id: number;
  price: string;
  total: string;
  remaining: string;
  min_number: string;
  max_number: string;
  ways: string;
  status: 'open' | 'withdrawn' | 'done';
  created_at: Date;
  account: string;
  total_rows: number;
}

export interface OrderRow {
  id: string;
  ad_id: string;
  type: 'buy' | 'sell';
  publisher_id: number;
  taker_id: number;
  buyer_id: number;
  seller_id: number;
  currency_id: number;
  price: string;
  number: string;
  deal_money: string;
  status: number;
  cancel_reason: '' | 'buyer' | 'timeout' | 'operator';
  created_at: Date;
  pay_by: Date;
  paid_at: Date | null;
  appeal_by: number | null;
  appeal_message: string;
  appeal_image: string;
  appealed_at: Date | null;
  resolution: '' | 'release' | 'return';
  resolved_by: number | null;
  ways: string;
  total_rows: number;
}

const AD_SELECT = `select a.id::text, a.user_id, a.type, a.currency_id, a.price::text, a.total::text, a.remaining::text, a.min_number::text,
  a.max_number::text, a.ways, a.status, a.created_at, u.account, (count(*) over ())::int as total_rows
  from c2c_ads a join users u on u.id = a.user_id`;

const ORDER_SELECT = `select o.id::text, o.ad_id::text, o.type, o.publisher_id, o.taker_id, o.buyer_id, o.seller_id, o.currency_id, o.price::text,
  o.number::text, o.deal_money::text, o.status, o.cancel_reason, o.created_at, o.pay_by, o.paid_at, o.appeal_by, o.appeal_message,
  o.appeal_image, o.appealed_at, o.resolution, o.resolved_by, a.ways, (count(*) over ())::int as total_rows
  from c2c_orders o join c2c_ads a on a.id = o.ad_id`;

/** Reads of what the core wrote: ads and orders for lists and details. */
export class C2cRepository {
  constructor(private readonly db: Queryable) {}

  /** Open ads with something left, oldest first (first come, first served). */
  market(type: 'buy' | 'sell', currencyId: number | undefined, limit: number, offset: number): Promise<AdRow[]> {
    return this.db.query<AdRow>(
      `${AD_SELECT} where a.status = 'open' and a.remaining > 0 and a.type = $1 and ($2::int is null or a.currency_id = $2)
        order by a.price ${type === 'sell' ? 'asc' : 'desc'}, a.id limit $3 offset $4`,
      [type, currencyId ?? null, limit, offset],
    );
  }

  /** The user's own ads, newest first. */
  ofPublisher(userId: number, type: 'buy' | 'sell' | undefined, currencyId: number | undefined, limit: number, offset: number): Promise<AdRow[]> {
    return this.db.query<AdRow>(
      `${AD_SELECT} where a.user_id = $1 and ($2::text is null or a.type = $2) and ($3::int is null or a.currency_id = $3)
        order by a.id desc limit $4 offset $5`,
      [userId, type ?? null, currencyId ?? null, limit, offset],
    );
  }

  async ad(id: number): Promise<AdRow | undefined> {
    const rows = await this.db.query<AdRow>(`${AD_SELECT} where a.id = $1`, [id]);
    return rows[0];
  }

  /** Orders the user took, newest first. */
  ofTaker(userId: number, limit: number, offset: number): Promise<OrderRow[]> {
    return this.db.query<OrderRow>(`${ORDER_SELECT} where o.taker_id = $1 order by o.id desc limit $2 offset $3`, [userId, limit, offset]);
  }

  /** Orders on one of the publisher's ads, newest first (none when the ad is someone else's). */
  ofAd(publisherId: number, adId: number, limit: number, offset: number): Promise<OrderRow[]> {
    return this.db.query<OrderRow>(`${ORDER_SELECT} where o.ad_id = $1 and o.publisher_id = $2 order by o.id desc limit $3 offset $4`, [
      adId,
      publisherId,
      limit,
      offset,
    ]);
  }

  async order(id: number): Promise<OrderRow | undefined> {
    const rows = await this.db.query<OrderRow>(`${ORDER_SELECT} where o.id = $1`, [id]);
    return rows[0];
  }

  /** Paid orders under appeal, oldest appeal first: what operators rule on. */
  appealed(limit: number, offset: number): Promise<OrderRow[]> {
    return this.db.query<OrderRow>(`${ORDER_SELECT} where o.status = 3 and o.appealed_at is not null order by o.appealed_at limit $1 offset $2`, [limit, offset]);
  }

  /** Every ad for operators, newest first; filtered by state, type and the publisher's account. */
  allAds(filter: { status?: string; type?: string; account?: string }, limit: number, offset: number): Promise<AdRow[]> {
    return this.db.query<AdRow>(
      `${AD_SELECT} where ($1::text is null or a.status = $1) and ($2::text is null or a.type = $2) and ($3::text is null or u.account ilike $6)
        order by a.id desc limit $4 offset $5`,
      [filter.status ?? null, filter.type ?? null, filter.account ?? null, limit, offset, containsPattern(filter.account ?? '')],
    );
  }

  /**
   * Every order for operators, newest first; filtered by state (`appealed`: paid and under appeal,
   * oldest appeal first) and by a party's id.
   */
  allOrders(filter: { status?: number; appealed?: boolean; userId?: number }, limit: number, offset: number): Promise<OrderRow[]> {
    const order = filter.appealed ? 'o.appealed_at, o.id' : 'o.id desc';
    return this.db.query<OrderRow>(
      `${ORDER_SELECT} where ($1::int is null or o.status = $1) and (not $2::boolean or (o.status = 3 and o.appealed_at is not null))
        and ($3::int is null or o.buyer_id = $3 or o.seller_id = $3) order by ${order} limit $4 offset $5`,
      [filter.status ?? null, filter.appealed ?? false, filter.userId ?? null, limit, offset],
    );
  }

  /** Accounts and phones of users, by id. */
  async people(userIds: number[]): Promise<Map<number, { account: string; phone: string }>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.query<{ id: number; account: string; phone: string }>('select id, account, phone from users where id = any($1::int[])', [userIds]);
    return new Map(rows.map((row) => [row.id, { account: row.account, phone: row.phone }]));
  }
}
