import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import type { TapeTrade } from '../spot/trade-tape';
import { type MicroContract, type MicroDirection, type MicroResult, type MicroStatus } from './state';

export interface MicroRows {
  running: MicroContract[];
  /** the end trade of each instant (`<pair>:<expiry ms>`) of running contracts already past at the load (null: none recorded) */
  resolved: Map<string, TapeTrade | null>;
  lastId: number;
  houseAccount: number;
}

interface MicroRow {
  id: string;
  user_id: number;
  pair_id: number;
  currency_id: number;
  type: number;
  seconds: number;
  number: string;
  fee: string;
  profit_ratio: string;
  reserve: string;
  open_price: string;
  open_bid: string | null;
  open_ask: string | null;
  open_last: string;
  opened_at: Date;
  expires_at: Date;
  status: number;
  end_price: string | null;
  end_trade_id: string | null;
  result: MicroResult | null;
  fact_profits: string | null;
  settled_at: Date | null;
}

const COLUMNS = `id::text, user_id, pair_id, currency_id, type, seconds, number::text, fee::text, profit_ratio::text, reserve::text,
  open_price::text, open_bid::text, open_ask::text, open_last::text, opened_at, expires_at`;

/** A contract whose instant has no settlement yet runs. */
const UNSETTLED = 'not exists (select 1 from micro_settlements s where s.pair_id = o.pair_id and s.expires_at = o.expires_at)';

/**
 * The running contracts, the last id and the house account; for each instant (pair and expiry)
 * already past (the server was down at the expiry) its end trade, looked up in `spot_trades` once here.
 */
export async function loadMicro(db: Queryable, now: Date): Promise<MicroRows> {
  const rows = await db.query<MicroRow>(
    `select ${COLUMNS}, 1 as status, null as end_price, null as end_trade_id, null as result, null as fact_profits, null as settled_at
       from micro_orders o where ${UNSETTLED} order by id`,
  );
  const overdue = await db.query<{ pair_id: number; expires_at: Date; trade_id: string | null; price: string | null; created_at: Date | null }>(
    `select o.pair_id, o.expires_at, t.id::text as trade_id, t.price::text as price, t.created_at
       from (select distinct pair_id, expires_at from micro_orders o where ${UNSETTLED} and expires_at < $1) o
       left join lateral (select t.id, t.price, t.created_at from spot_trades t
                           where t.pair_id = o.pair_id and t.created_at <= o.expires_at
                           order by t.created_at desc, t.id desc limit 1) t on true`,
    [now.toISOString()],
  );
  const [last] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from micro_orders');
  const [house] = await db.query<{ id: number }>(`select id from users where kind = 'house' order by id limit 1`);
  return {
    running: rows.map(contractFromRow),
    resolved: new Map(
      overdue.map((row) => [
        `${row.pair_id}:${new Date(row.expires_at).getTime()}`,
        row.trade_id === null || row.price === null || row.created_at === null
          ? null
          : { id: Number(row.trade_id), price: parseAmount(row.price), at: new Date(row.created_at).getTime() },
      ]),
    ),
    lastId: Number(last?.id ?? 0),
    houseAccount: house?.id ?? 0,
  };
}

export function contractFromRow(row: MicroRow): MicroContract {
  const amount = (text: string | null) => (text === null ? null : parseAmount(text));
  return {
    id: Number(row.id),
    userId: row.user_id,
    pairId: row.pair_id,
    currencyId: row.currency_id,
    type: row.type as MicroDirection,
    seconds: row.seconds,
    number: parseAmount(row.number),
    fee: parseAmount(row.fee),
    profitRatio: parseAmount(row.profit_ratio),
    reserve: parseAmount(row.reserve),
    openPrice: parseAmount(row.open_price),
    openBid: amount(row.open_bid),
    openAsk: amount(row.open_ask),
    openLast: parseAmount(row.open_last),
    openedAt: new Date(row.opened_at),
    expiresAt: new Date(row.expires_at),
    status: row.status as MicroStatus,
    endPrice: amount(row.end_price),
    endTradeId: row.end_trade_id === null ? null : Number(row.end_trade_id),
    result: row.result,
    factProfits: amount(row.fact_profits),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

/** Contracts a batch opened, whole: a contract row is written once (its outcome follows from its instant's settlement). */
export const MICRO_ORDERS: CoreTable<MicroContract> = {
  name: 'micro_orders',
  key: (contract) => contract.id,
  statement(source, contracts) {
    const text = (atoms: bigint | null) => (atoms === null ? null : formatAmount(atoms));
    const rows = contracts.map((x) => ({
      id: x.id,
      u: x.userId,
      p: x.pairId,
      c: x.currencyId,
      t: x.type,
      s: x.seconds,
      n: formatAmount(x.number),
      f: formatAmount(x.fee),
      r: formatAmount(x.profitRatio),
      rs: formatAmount(x.reserve),
      op: formatAmount(x.openPrice),
      ob: text(x.openBid),
      oa: text(x.openAsk),
      ol: formatAmount(x.openLast),
      oat: x.openedAt.toISOString(),
      eat: x.expiresAt.toISOString(),
    }));
    return `insert into micro_orders (id, user_id, pair_id, currency_id, type, seconds, number, fee, profit_ratio, reserve, open_price, open_bid,
          open_ask, open_last, opened_at, expires_at)
        select id, u, p, c, t, s, n, f, r, rs, op, ob, oa, ol, oat, eat
          from ${source(rows, 'id bigint, u int, p int, c int, t smallint, s int, n numeric, f numeric, r numeric, rs numeric, op numeric, ob numeric, oa numeric, ol numeric, oat timestamptz, eat timestamptz')}`;
  },
  publish: (events, contracts) => events.emit('micro', contracts),
};

/** One pair's instant, settled: its end trade, and its contracts as they closed (published, not written). */
export interface MicroSettlement {
  pairId: number;
  expiresAt: Date;
  endPrice: Atoms;
  endTradeId: number;
  settledAt: Date;
  /** the reference of the ledger entries that paid it */
  reference: string;
  contracts: MicroContract[];
}

/**
 * Instants a batch settled: one narrow row each, whatever the number of contracts. Published as
 * the contracts they closed, for the pushes.
 */
export const MICRO_SETTLEMENTS: CoreTable<MicroSettlement> = {
  name: 'micro_settlements',
  key: (settlement) => `${settlement.pairId}:${settlement.expiresAt.getTime()}`,
  statement(source, settlements) {
    const rows = settlements.map((x) => ({
      p: x.pairId,
      eat: x.expiresAt.toISOString(),
      ep: formatAmount(x.endPrice),
      et: x.endTradeId,
      sat: x.settledAt.toISOString(),
      ref: x.reference,
    }));
    return `insert into micro_settlements (pair_id, expires_at, end_price, end_trade_id, settled_at, reference)
        select p, eat, ep, et, sat, ref from ${source(rows, 'p int, eat timestamptz, ep numeric, et bigint, sat timestamptz, ref text')}`;
  },
  publish: (events, settlements) => events.emit('micro', settlements.flatMap((settlement) => settlement.contracts)),
};

/** Contracts name users, currencies and pairs that must exist (no foreign keys: decision 0007). */
export const MICRO_ORPHAN_CHECKS = [
  `select 'micro_orders' as table_name, count(*)::int as rows from micro_orders o
    where not exists (select 1 from users u where u.id = o.user_id)
       or not exists (select 1 from currencies c where c.id = o.currency_id)
       or not exists (select 1 from currency_pairs p where p.id = o.pair_id)`,
];

/**
 * Every settlement and contract recomputed from what was recorded.
 * - Each settled instant: its end price is the pair's last trade at or before the expiry (from `spot_trades`).
 * - Each contract: its open price is the mark of its recorded inputs (the last trade held within
 *   the spread), its reserve is number × profit_ratio ÷ 100, and its owner's entries under
 *   `micro:<id>` (stake and fee) sum to minus the fee; for an instant settled before settlements
 *   had a row, to what it made minus the fee.
 * - Each settlement's money: for every owner and currency, its `micro_settle` entries release the
 *   stakes (locked) and pay the stake and reserve of a win, the stake of a tie (available); for
 *   the house, release the reserves and take the stake and reserve of a loss, the reserve of a
 *   tie. The outcomes come from the contracts' open prices and their instant's end price.
 */
export const MICRO_RECOMPUTE_CHECKS = [
  `select 'micro_settlements' as table_name, s.pair_id || ':' || (extract(epoch from s.expires_at) * 1000)::bigint as id,
          concat_ws(', ',
            case when t.id is distinct from s.end_trade_id or t.price is distinct from s.end_price
                 then 'end price ' || s.end_price::text || ' is not the last trade at or before the expiry ' || coalesce(t.price::text, 'none') end
          ) as problem
     from micro_settlements s
     left join lateral (select t.id, t.price from spot_trades t where t.pair_id = s.pair_id and t.created_at <= s.expires_at
                         order by t.created_at desc, t.id desc limit 1) t on true`,
  `select 'micro_orders' as table_name, o.id::text as id,
          concat_ws(', ',
            case when o.open_price <> m.mark then 'open price ' || o.open_price::text || ' is not the mark ' || m.mark::text end,
            case when o.reserve <> trunc(o.number * o.profit_ratio / 100, 18) then 'reserve is not number × profit_ratio ÷ 100' end,
            case when coalesce(l.total, 0) <> e.expected
                 then 'ledger entries of the owner sum to ' || coalesce(l.total, 0)::text || ', not ' || e.expected::text end
          ) as problem
     from micro_contracts o
     cross join lateral (select case when o.open_bid is not null and least(o.open_last, coalesce(o.open_ask, o.open_last)) < o.open_bid
                                     then o.open_bid else least(o.open_last, coalesce(o.open_ask, o.open_last)) end as mark) m
     cross join lateral (select case when o.status = 3 and o.settlement_reference is null then o.fact_profits - o.fee else -o.fee end as expected) e
     left join lateral (select sum(x.delta_available + x.delta_locked) as total from ledger_entries x
                         where x.reference = 'micro:' || o.id and x.user_id = o.user_id) l on true`,
  `select table_name, id, problem from (with expected as (
     select c.settlement_reference as reference, c.user_id, c.currency_id,
            sum(case c.result when 'win' then c.number + c.reserve when 'tie' then c.number else 0 end) as available,
            -sum(c.number) as locked
       from micro_contracts c where c.settlement_reference is not null
      group by c.settlement_reference, c.user_id, c.currency_id
     union all
     select c.settlement_reference, h.id, c.currency_id,
            sum(case c.result when 'loss' then c.reserve + c.number when 'tie' then c.reserve else 0 end), -sum(c.reserve)
       from micro_contracts c cross join (select id from users where kind = 'house' order by id limit 1) h
      where c.settlement_reference is not null
      group by c.settlement_reference, h.id, c.currency_id
   ), recorded as (
     select reference, user_id, currency_id, sum(delta_available) as available, sum(delta_locked) as locked
       from ledger_entries x
      where reason = 'micro_settle' and exists (select 1 from micro_settlements s where s.reference = x.reference)
      group by reference, user_id, currency_id
   )
   select 'micro_settlements' as table_name, coalesce(e.reference, r.reference) || ' user ' || coalesce(e.user_id, r.user_id) as id,
          case when coalesce(e.available, 0) <> coalesce(r.available, 0) or coalesce(e.locked, 0) <> coalesce(r.locked, 0)
               then 'ledger moved ' || coalesce(r.available, 0)::text || ' available and ' || coalesce(r.locked, 0)::text
                    || ' locked; its contracts make ' || coalesce(e.available, 0)::text || ' and ' || coalesce(e.locked, 0)::text
               else '' end as problem
     from expected e
     full join recorded r on r.reference = e.reference and r.user_id = e.user_id and r.currency_id = e.currency_id) settled_money`,
];
