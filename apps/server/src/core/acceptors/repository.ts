import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount } from '../amount';
import type { CoreTable } from '../kind';
import type { AcceptorDealState, DealStatus, DealType, PaymentWay } from './state';

export interface AcceptorDealRows {
  open: AcceptorDealState[];
  lastId: number;
}

interface DealRow {
  id: string;
  user_id: number;
  acceptor_id: number;
  currency_id: number;
  type: DealType;
  way: PaymentWay;
  mobile: string;
  deal_account: string;
  money: string;
  rate: string;
  fee: string;
  is_sure: number;
  paid_at: Date | null;
  objected_at: Date | null;
  ruling: '' | 'release' | 'return';
  ruled_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export async function loadAcceptorDeals(db: Queryable): Promise<AcceptorDealRows> {
  const open = await db.query<DealRow>(
    `select id::text, user_id, acceptor_id, currency_id, type, way, mobile, deal_account, money::text, rate::text, fee::text,
            is_sure, paid_at, objected_at, ruling, ruled_by, created_at, updated_at
       from acceptor_deals where is_sure in (0, 3) order by id`,
  );
  const [last] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from acceptor_deals');
  return { open: open.map(dealFromRow), lastId: Number(last?.id ?? 0) };
}

function dealFromRow(row: DealRow): AcceptorDealState {
  return {
    id: Number(row.id),
    userId: row.user_id,
    acceptorId: row.acceptor_id,
    currencyId: row.currency_id,
    type: row.type,
    way: row.way,
    mobile: row.mobile,
    dealAccount: row.deal_account,
    money: parseAmount(row.money),
    rate: parseAmount(row.rate),
    fee: parseAmount(row.fee),
    isSure: row.is_sure as DealStatus,
    paidAt: row.paid_at,
    objectedAt: row.objected_at,
    ruling: row.ruling,
    ruledBy: row.ruled_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Deals a batch opened or moved on, each once in its final state. */
export const ACCEPTOR_DEALS: CoreTable<AcceptorDealState> = {
  name: 'acceptor_deals',
  key: (deal) => deal.id,
  statement(source, deals) {
    const rows = deals.map((x) => ({
      id: x.id,
      u: x.userId,
      ac: x.acceptorId,
      c: x.currencyId,
      t: x.type,
      w: x.way,
      mo: x.mobile,
      da: x.dealAccount,
      m: formatAmount(x.money),
      r: formatAmount(x.rate),
      f: formatAmount(x.fee),
      s: x.isSure,
      pa: x.paidAt?.toISOString() ?? null,
      oa: x.objectedAt?.toISOString() ?? null,
      rl: x.ruling,
      rb: x.ruledBy,
      ca: x.createdAt.toISOString(),
      ua: x.updatedAt.toISOString(),
    }));
    return `insert into acceptor_deals (id, user_id, acceptor_id, currency_id, type, way, mobile, deal_account, money, rate, fee, is_sure, paid_at, objected_at, ruling, ruled_by, created_at, updated_at)
        select id, u, ac, c, t, w, mo, da, m, r, f, s, pa, oa, rl, rb, ca, ua
          from ${source(rows, 'id bigint, u int, ac int, c int, t text, w text, mo text, da text, m numeric, r numeric, f numeric, s smallint, pa timestamptz, oa timestamptz, rl text, rb int, ca timestamptz, ua timestamptz')}
        on conflict (id) do update set is_sure = excluded.is_sure, paid_at = excluded.paid_at, objected_at = excluded.objected_at,
          ruling = excluded.ruling, ruled_by = excluded.ruled_by, updated_at = excluded.updated_at`;
  },
  publish: (events, deals) => events.emit('acceptorDeals', deals),
};

/** Deals naming a user, acceptor or currency that does not exist. */
export const ACCEPTOR_DEAL_ORPHANS = `select 'acceptor_deals' as table_name, count(*)::int as rows from acceptor_deals d
  where not exists (select 1 from users u where u.id = d.user_id)
     or not exists (select 1 from users u where u.id = d.acceptor_id)
     or not exists (select 1 from currencies c where c.id = d.currency_id)`;

/**
 * Deals whose fee is not their rate's: `fee` must be `money × rate %` floored to the coin's
 * precision, that is `fee × 100 ≤ money × rate < (fee + one step) × 100`.
 */
export const ACCEPTOR_DEAL_RECOMPUTED = `select 'acceptor_deals' as table_name, d.id::text as id,
    case when d.fee * 100 > d.money * d.rate or (d.fee + ('1e-' || c.decimals)::numeric) * 100 <= d.money * d.rate
         then 'fee ' || d.fee::text || ' is not money ' || d.money::text || ' × rate ' || d.rate::text || ' %, floored' else '' end as problem
  from acceptor_deals d join currencies c on c.id = d.currency_id`;
