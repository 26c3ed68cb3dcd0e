import type { Queryable } from '../../db/database';
import { containsPattern, startsWithPattern } from '../../lib/sql-like';

/** A page of rows with the total of the whole filtered set (`count(*) over ()`). */
export type Counted<Row> = Row & { total: number };

export interface UserSearchRow {
  id: number;
  account: string;
  email: string;
  phone: string;
  kind: string;
  review_status: number;
  is_seller: boolean;
  is_region_agent: boolean;
  locked_until: Date | null;
  created_at: Date;
}

export interface QueueCounts {
  identity: number;
  deposits: number;
  withdrawals: number;
  adjustments: number;
}

/** The read side of the back office: searches and summaries over users, queues, trades and the log. */
export class BackOfficeRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Users whose id, e-mail, phone or account matches `query` (all without), newest first. A short
   * number (up to 6 digits) is an id: every phone number holds such digits somewhere.
   */
  searchUsers(query: string, limit: number, offset: number) {
    const text = query.trim().toLowerCase();
    const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const onlyId = /^\d{1,6}$/.test(text);
    return this.db.query<Counted<UserSearchRow>>(
      `select id, account, email, phone, kind, review_status, is_seller, is_region_agent, locked_until, created_at,
              (count(*) over ())::int as total
         from users
        where $1 = '' or id = $2 or (not $6 and (lower(email) like $3 or phone like $3 or lower(account) like $3))
        order by id desc limit $4 offset $5`,
      [text, id, containsPattern(text), limit, offset, onlyId],
    );
  }

  balances(userId: number) {
    return this.db.query<{ currency_id: number; currency: string; wallet: string; available: string; locked: string }>(
      `select b.currency_id, c.name as currency, b.wallet, b.available::text as available, b.locked::text as locked
         from balances b join currencies c on c.id = b.currency_id
        where b.user_id = $1 and (b.available <> 0 or b.locked <> 0) order by c.sort, c.id, b.wallet`,
      [userId],
    );
  }

  ledgerEntries(userId: number, limit: number, offset: number) {
    return this.db.query<Counted<{ id: string; currency: string; wallet: string; delta_available: string; delta_locked: string; reason: string; reference: string; created_at: Date }>>(
      `select e.id::text as id, c.name as currency, e.wallet, e.delta_available::text as delta_available, e.delta_locked::text as delta_locked,
              e.reason, e.reference, e.created_at, (count(*) over ())::int as total
         from ledger_entries e join currencies c on c.id = e.currency_id
        where e.user_id = $1 order by e.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }

  orders(userId: number, limit: number, offset: number) {
    return this.db.query<Counted<{ id: string; pair: string; side: string; type: string; price: string | null; quantity: string; filled: string; status: string; created_at: Date }>>(
      `select o.id::text as id, b.name || '/' || q.name as pair, o.side, o.type, o.price::text as price, o.quantity::text as quantity,
              o.filled::text as filled, o.status, o.created_at, (count(*) over ())::int as total
         from spot_orders o join currency_pairs p on p.id = o.pair_id
         join currencies b on b.id = p.currency_id join currencies q on q.id = p.legal_id
        where o.user_id = $1 order by o.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }

  /** Lever orders and positions: 0 a limit order waiting, 1 open, 3 closed, 4 cancelled. */
  positions(userId: number, limit: number, offset: number) {
    return this.db.query<
      Counted<{ id: string; pair: string; type: number; status: number; multiple: number; share_num: string; price: string; margin: string; fee: string; overnight: string; take_profit: string | null; stop_loss: string | null; close_price: string | null; close_reason: string | null; profits: string | null; created_at: Date; closed_at: Date | null }>
    >(
      `select t.id::text as id, b.name || '/' || q.name as pair, t.type, t.status, t.multiple, t.share_num::text as share_num, t.price::text as price,
              t.margin::text as margin, t.fee::text as fee, t.overnight::text as overnight, t.take_profit::text as take_profit, t.stop_loss::text as stop_loss,
              t.close_price::text as close_price, t.close_reason, t.profits::text as profits, t.created_at, t.closed_at, (count(*) over ())::int as total
         from lever_trades t join currency_pairs p on p.id = t.pair_id
         join currencies b on b.id = p.currency_id join currencies q on q.id = p.legal_id
        where t.user_id = $1 order by t.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }

  /** Second contracts with their outcome (1 running, 3 closed). */
  contracts(userId: number, limit: number, offset: number) {
    return this.db.query<
      Counted<{ id: string; pair: string; currency: string; type: number; status: number; seconds: number; number: string; fee: string; open_price: string; end_price: string | null; result: string | null; fact_profits: string | null; opened_at: Date; expires_at: Date }>
    >(
      `select m.id::text as id, b.name || '/' || q.name as pair, c.name as currency, m.type, m.status, m.seconds, m.number::text as number, m.fee::text as fee,
              m.open_price::text as open_price, m.end_price::text as end_price, m.result, m.fact_profits::text as fact_profits, m.opened_at, m.expires_at,
              (count(*) over ())::int as total
         from micro_contracts m join currency_pairs p on p.id = m.pair_id
         join currencies b on b.id = p.currency_id join currencies q on q.id = p.legal_id join currencies c on c.id = m.currency_id
        where m.user_id = $1 order by m.id desc limit $2 offset $3`,
      [userId, limit, offset],
    );
  }

  /** Login sessions: each names the address and the browser (the device) it came from, its place and last use. */
  sessions(userId: number, limit: number) {
    return this.db.query<{ id: number; ip: string; user_agent: string; place: string; created_at: Date; last_seen_at: Date | null; expires_at: Date; revoked_at: Date | null }>(
      `select id, ip, user_agent, place, created_at, last_seen_at, expires_at, revoked_at from sessions where user_id = $1 order by id desc limit $2`,
      [userId, limit],
    );
  }

  async queueCounts(): Promise<QueueCounts> {
    const rows = await this.db.query<QueueCounts>(
      `select (select count(*) from identity_submissions where status = 1)::int as identity,
              (select count(*) from deposit_requests where status = 0)::int as deposits,
              (select count(*) from withdrawals where status in ('applying', 'approved'))::int as withdrawals,
              (select count(*) from operator_adjustments where status = 'pending')::int as adjustments`,
    );
    return rows[0] ?? { identity: 0, deposits: 0, withdrawals: 0, adjustments: 0 };
  }

  /**
   * Per pair since `since`: trades, base and quote volume, and the fees (buyers pay in base, sellers in
   * quote). Each trade's price × quantity has 36 decimals: cut to the 18 of an amount, as the
   * core books it.
   */
  pairVolumes(since: Date) {
    return this.db.query<{ pair_id: number; pair: string; trades: number; base_volume: string; quote_volume: string; base_fees: string; quote_fees: string }>(
      `select p.id as pair_id, b.name || '/' || q.name as pair, count(t.id)::int as trades,
              coalesce(sum(t.quantity), 0)::text as base_volume, coalesce(sum(trunc(t.price * t.quantity, 18)), 0)::text as quote_volume,
              coalesce(sum(t.buyer_fee), 0)::text as base_fees, coalesce(sum(t.seller_fee), 0)::text as quote_fees
         from currency_pairs p join currencies b on b.id = p.currency_id join currencies q on q.id = p.legal_id
         left join spot_trades t on t.pair_id = p.id and t.created_at >= $1
        group by p.id, b.name, q.name, p.sort order by p.sort, p.id`,
      [since],
    );
  }

  /** Balances of the platform's own accounts (house, fee, and any other system kind). */
  systemBalances() {
    return this.db.query<{ account: string; kind: string; currency: string; wallet: string; available: string; locked: string }>(
      `select u.account, u.kind, c.name as currency, b.wallet, b.available::text as available, b.locked::text as locked
         from users u join balances b on b.user_id = u.id join currencies c on c.id = b.currency_id
        where u.kind not in ('user', 'maker') and (b.available <> 0 or b.locked <> 0)
        order by u.kind, c.sort, c.id, b.wallet`,
    );
  }

  operatorLog(filter: { operatorId?: number; action?: string; target?: string; userId?: number }, limit: number, offset: number) {
    return this.db.query<Counted<{ id: string; operator_id: number; operator_email: string; action: string; target: string | null; before: unknown; after: unknown; created_at: Date }>>(
      `select l.id::text as id, l.operator_id, o.email as operator_email, l.action, l.target, l.before, l.after, l.created_at,
              (count(*) over ())::int as total
         from operator_log l join operators o on o.id = l.operator_id
        where ($1::int is null or l.operator_id = $1) and ($2::text is null or l.action like $7)
          and ($3::text is null or l.target = $3) and ($4::int is null or l.user_id = $4)
        order by l.id desc limit $5 offset $6`,
      [filter.operatorId ?? null, filter.action ?? null, filter.target ?? null, filter.userId ?? null, limit, offset, startsWithPattern(filter.action ?? '')],
    );
  }
}
