import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import type { TapeTrade } from '../spot/trade-tape';
import { LAST_ROUND_OF_PAIR, ROUND_OF_TICK, tickOfRound } from '../index-prices/repository';
import { INDEX_STALE_MS } from '../index-prices/rules';
import { type MicroContract, type MicroDirection, type MicroResult, type MicroStatus } from './state';

export interface MicroRows {
  running: MicroContract[];
  /** the end tick of each instant (`<pair>:<expiry ms>`) of running contracts already past at the load (null: none recorded) */
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
  open_tick: string | null;
  opened_at: Date;
  expires_at: Date;
  status: number;
  end_price: string | null;
  end_tick: string | null;
  result: MicroResult | null;
  fact_profits: string | null;
  settled_at: Date | null;
}

const COLUMNS = `id::text, user_id, pair_id, currency_id, type, seconds, number::text, fee::text, profit_ratio::text, reserve::text,
  open_price::text, open_tick::text, opened_at, expires_at`;

/** A contract whose instant has no settlement yet runs. */
const UNSETTLED = 'not exists (select 1 from micro_settlements s where s.pair_id = o.pair_id and s.expires_at = o.expires_at)';

/**
 * The running contracts, the last id and the house account; for each instant (pair and expiry)
 * already past (the server was down at the expiry) its end tick, looked up in `index_rounds` once here.
 */
export async function loadMicro(db: Queryable, now: Date): Promise<MicroRows> {
  const rows = await db.query<MicroRow>(
    `select ${COLUMNS}, 1 as status, null as end_price, null as end_tick, null as result, null as fact_profits, null as settled_at
       from micro_orders o where ${UNSETTLED} order by id`,
  );
  const overdue = await db.query<{ pair_id: number; expires_at: Date; trade_id: string | null; price: string | null; created_at: Date | null }>(
    `select o.pair_id, o.expires_at, t.id as trade_id, t.value as price, t.at as created_at
       from (select distinct pair_id, expires_at from micro_orders o where ${UNSETTLED} and expires_at < $1) o
       left join lateral ${LAST_ROUND_OF_PAIR('o.pair_id', 'o.expires_at')} r on true
       left join lateral (select ${tickOfRound('r', 'array_position(r.pair_ids, o.pair_id)')}) t on true`,
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
    // contracts opened before the index (migration 023) name no tick: 0
    openTickId: row.open_tick === null ? 0 : Number(row.open_tick),
    openedAt: new Date(row.opened_at),
    expiresAt: new Date(row.expires_at),
    status: row.status as MicroStatus,
    endPrice: amount(row.end_price),
    endTickId: row.end_tick === null ? null : Number(row.end_tick),
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
      ot: x.openTickId,
      oat: x.openedAt.toISOString(),
      eat: x.expiresAt.toISOString(),
    }));
    return `insert into micro_orders (id, user_id, pair_id, currency_id, type, seconds, number, fee, profit_ratio, reserve, open_price, open_tick,
          opened_at, expires_at)
        select id, u, p, c, t, s, n, f, r, rs, op, ot, oat, eat
          from ${source(rows, 'id bigint, u int, p int, c int, t smallint, s int, n numeric, f numeric, r numeric, rs numeric, op numeric, ot bigint, oat timestamptz, eat timestamptz')}`;
  },
  publish: (events, contracts) => events.emit('micro', contracts),
};

/** One pair's instant, settled: its end tick (none: void), and its contracts as they closed (published, not written). */
export interface MicroSettlement {
  pairId: number;
  expiresAt: Date;
  /** null when void: no fresh index at the expiry */
  endPrice: Atoms | null;
  /** the tick at or before the expiry, fresh or not (null: the pair had none) */
  endTickId: number | null;
  void: boolean;
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
      ep: x.void || x.endPrice === null ? null : formatAmount(x.endPrice),
      ek: x.endTickId,
      vd: x.void,
      sat: x.settledAt.toISOString(),
      ref: x.reference,
    }));
    return `insert into micro_settlements (pair_id, expires_at, end_price, end_tick, void, settled_at, reference)
        select p, eat, ep, ek, vd, sat, ref from ${source(rows, 'p int, eat timestamptz, ep numeric, ek bigint, vd boolean, sat timestamptz, ref text')}`;
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

/** An index tick older than this at the expiry (or the opening) is stale: interval text for the checks. */
const STALE = `interval '${INDEX_STALE_MS} milliseconds'`;

/**
 * Every settlement and contract recomputed from what was recorded.
 * - Each settled instant: its end tick is the pair's last index tick at or before the expiry
 *   (from `index_rounds`); it is void exactly when there is none or it is older than the staleness
 *   limit, and otherwise its end price is that tick's index. Instants settled before the index
 *   (migration 023) name a trade: the pair's last trade at or before the expiry (`spot_trades`).
 * - Each contract: its open price is the index of the tick it names, a tick of its pair that was
 *   fresh at the opening and the newest one before it (before the index: the mark of its recorded
 *   book inputs), its reserve is number × profit_ratio ÷ 100, and its owner's entries under
 *   `micro:<id>` (stake and fee) sum to minus the fee; for an instant settled before settlements
 *   had a row, to what it made minus the fee.
 * - Each settlement's money: for every owner and currency, its `micro_settle` entries release the
 *   stakes (locked) and pay the stake and reserve of a win, the stake of a tie, the stake and fee
 *   of a void contract (available); for the house, release the reserves and take the stake and
 *   reserve of a loss, the reserve of a tie or a void contract; the fee account returns the fees of
 *   void contracts. The outcomes come from the contracts' open prices and their instant's end price.
 */
export const MICRO_RECOMPUTE_CHECKS = [
  `select 'micro_settlements' as table_name, s.pair_id || ':' || (extract(epoch from s.expires_at) * 1000)::bigint as id,
          case when s.end_tick is null and s.end_trade_id is not null then
            concat_ws(', ',
              case when t.id is distinct from s.end_trade_id or t.price is distinct from s.end_price
                   then 'end price ' || s.end_price::text || ' is not the last trade at or before the expiry ' || coalesce(t.price::text, 'none') end)
          else
            concat_ws(', ',
              case when s.end_tick is distinct from k.id
                   then 'end tick ' || coalesce(s.end_tick::text, 'none') || ' is not the last index tick at or before the expiry ' || coalesce(k.id::text, 'none') end,
              case when s.void and not v.void then 'settled void though the index was fresh at the expiry'
                   when v.void and not s.void then 'settled at a missing or stale index' end,
              case when not s.void and not v.void and s.end_price is distinct from k.value
                   then 'end price ' || coalesce(s.end_price::text, 'none') || ' is not the index at the expiry ' || k.value::text end)
          end as problem
     from micro_settlements s
     left join lateral (select t.id, t.price from spot_trades t
                         where s.end_tick is null and s.end_trade_id is not null and t.pair_id = s.pair_id and t.created_at <= s.expires_at
                         order by t.created_at desc, t.id desc limit 1) t on true
     left join lateral ${LAST_ROUND_OF_PAIR('s.pair_id', 's.expires_at')} kr on true
     left join lateral (select ${tickOfRound('kr', 'array_position(kr.pair_ids, s.pair_id)')}) kt on true
     cross join lateral (select kt.id::bigint as id, kt.value::numeric as value, kt.at) k
     cross join lateral (select k.id is null or s.expires_at - k.at > ${STALE} as void) v`,
  `select 'micro_orders' as table_name, o.id::text as id,
          concat_ws(', ',
            case when o.open_tick is null and o.open_price <> m.mark then 'open price ' || o.open_price::text || ' is not the mark ' || m.mark::text end,
            case when o.open_tick is not null and o.open_price is distinct from k.value
                 then 'open price ' || o.open_price::text || ' is not the index of tick ' || o.open_tick::text || ' ' || coalesce(k.value::text, 'none') end,
            case when o.open_tick is not null and (k.at > o.opened_at or o.opened_at - k.at > ${STALE})
                 then 'opened at an index tick that was stale or later' end,
            case when o.open_tick is not null and exists (select 1 from index_rounds n where n.id > o.open_tick and n.at < o.opened_at and o.pair_id = any(n.pair_ids))
                 then 'opened at an index tick older than the newest' end,
            case when o.reserve <> trunc(o.number * o.profit_ratio / 100, 18) then 'reserve is not number × profit_ratio ÷ 100' end,
            case when coalesce(l.total, 0) <> e.expected
                 then 'ledger entries of the owner sum to ' || coalesce(l.total, 0)::text || ', not ' || e.expected::text end
          ) as problem
     from micro_contracts o
     left join lateral ${ROUND_OF_TICK('o.open_tick')} kr on true
     left join lateral (select ${tickOfRound('kr', '(o.open_tick - kr.id + 1)::int')}) kt on kt.pair_id = o.pair_id
     cross join lateral (select kt.value::numeric as value, kt.at) k
     cross join lateral (select case when o.open_bid is not null and least(o.open_last, coalesce(o.open_ask, o.open_last)) < o.open_bid
                                     then o.open_bid else least(o.open_last, coalesce(o.open_ask, o.open_last)) end as mark) m
     cross join lateral (select case when o.status = 3 and o.settlement_reference is null then o.fact_profits - o.fee else -o.fee end as expected) e
     left join lateral (select sum(x.delta_available + x.delta_locked) as total from ledger_entries x
                         where x.reference = 'micro:' || o.id and x.user_id = o.user_id) l on true`,
  `select table_name, id, problem from (with expected as (
     select c.settlement_reference as reference, c.user_id, c.currency_id,
            sum(case c.result when 'win' then c.number + c.reserve when 'tie' then c.number when 'void' then c.number + c.fee else 0 end) as available,
            -sum(c.number) as locked
       from micro_contracts c where c.settlement_reference is not null
      group by c.settlement_reference, c.user_id, c.currency_id
     union all
     select c.settlement_reference, h.id, c.currency_id,
            sum(case c.result when 'loss' then c.reserve + c.number when 'tie' then c.reserve when 'void' then c.reserve else 0 end), -sum(c.reserve)
       from micro_contracts c cross join (select id from users where kind = 'house' order by id limit 1) h
      where c.settlement_reference is not null
      group by c.settlement_reference, h.id, c.currency_id
     union all
     select c.settlement_reference, f.id, c.currency_id, -sum(case when c.result = 'void' then c.fee else 0 end), 0
       from micro_contracts c cross join (select id from users where kind = 'fee' order by id limit 1) f
      where c.settlement_reference is not null
      group by c.settlement_reference, f.id, c.currency_id
     having bool_or(c.result = 'void' and c.fee > 0)
   ), recorded as (
     select reference, user_id, currency_id, sum(delta_available) as available, sum(delta_locked) as locked
       from ledger_entries x
      where reason = 'micro_settle' and exists (select 1 from micro_settlements s where s.reference = x.reference)
      group by reference, user_id, currency_id
   ), netted as (
     -- an account that is both an owner and the house or the fee account is compared on its sum
     select reference, user_id, currency_id, sum(available) as available, sum(locked) as locked from expected group by reference, user_id, currency_id
   )
   select 'micro_settlements' as table_name, coalesce(e.reference, r.reference) || ' user ' || coalesce(e.user_id, r.user_id) as id,
          case when coalesce(e.available, 0) <> coalesce(r.available, 0) or coalesce(e.locked, 0) <> coalesce(r.locked, 0)
               then 'ledger moved ' || coalesce(r.available, 0)::text || ' available and ' || coalesce(r.locked, 0)::text
                    || ' locked; its contracts make ' || coalesce(e.available, 0)::text || ' and ' || coalesce(e.locked, 0)::text
               else '' end as problem
     from netted e
     full join recorded r on r.reference = e.reference and r.user_id = e.user_id and r.currency_id = e.currency_id) settled_money`,
];
