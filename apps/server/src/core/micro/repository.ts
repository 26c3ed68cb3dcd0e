import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount } from '../amount';
import type { CoreTable } from '../kind';
import type { TapeTrade } from '../spot/trade-tape';
import { MICRO_CLOSED, MICRO_RUNNING, type MicroContract, type MicroDirection, type MicroResult, type MicroStatus } from './state';

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
  open_price::text, open_bid::text, open_ask::text, open_last::text, opened_at, expires_at, status, end_price::text,
  end_trade_id::text, result, fact_profits::text, settled_at`;

/**
 * The running contracts, the last id and the house account; for each instant (pair and expiry)
 * already past (the server was down at the expiry) its end trade, looked up in `spot_trades` once here.
 */
export async function loadMicro(db: Queryable, now: Date): Promise<MicroRows> {
  const rows = await db.query<MicroRow>(`select ${COLUMNS} from micro_orders where status = 1 order by id`);
  const overdue = await db.query<{ pair_id: number; expires_at: Date; trade_id: string | null; price: string | null; created_at: Date | null }>(
    `select o.pair_id, o.expires_at, t.id::text as trade_id, t.price::text as price, t.created_at
       from (select distinct pair_id, expires_at from micro_orders where status = 1 and expires_at < $1) o
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

/** Contracts a batch opened, whole (a contract settles in a later batch than the one that opened it: its deadline is scheduled once the opening is durable). */
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
      st: x.status,
      ep: text(x.endPrice),
      et: x.endTradeId,
      res: x.result,
      fp: text(x.factProfits),
      sat: x.settledAt?.toISOString() ?? null,
    }));
    return `insert into micro_orders (id, user_id, pair_id, currency_id, type, seconds, number, fee, profit_ratio, reserve, open_price, open_bid,
          open_ask, open_last, opened_at, expires_at, status, end_price, end_trade_id, result, fact_profits, settled_at)
        select id, u, p, c, t, s, n, f, r, rs, op, ob, oa, ol, oat, eat, st, ep, et, res, fp, sat
          from ${source(rows, 'id bigint, u int, p int, c int, t smallint, s int, n numeric, f numeric, r numeric, rs numeric, op numeric, ob numeric, oa numeric, ol numeric, oat timestamptz, eat timestamptz, st smallint, ep numeric, et bigint, res text, fp numeric, sat timestamptz')}
        on conflict (id) do update set status = excluded.status, end_price = excluded.end_price, end_trade_id = excluded.end_trade_id,
          result = excluded.result, fact_profits = excluded.fact_profits, settled_at = excluded.settled_at`;
  },
  publish: (events, contracts) => events.emit('micro', contracts),
};

/**
 * Contracts a batch settled: only what the settlement decides (a narrow update, one row per
 * contract). Published whole, for the pushes.
 */
export const MICRO_SETTLEMENTS: CoreTable<MicroContract> = {
  name: 'micro_orders (settled)',
  key: (contract) => contract.id,
  statement(source, contracts) {
    const rows = contracts.map((x) => ({
      id: x.id,
      ep: x.endPrice === null ? null : formatAmount(x.endPrice),
      et: x.endTradeId,
      res: x.result,
      fp: x.factProfits === null ? null : formatAmount(x.factProfits),
      sat: x.settledAt?.toISOString() ?? null,
    }));
    return `update micro_orders o set status = ${MICRO_CLOSED}, end_price = t.ep, end_trade_id = t.et, result = t.res, fact_profits = t.fp, settled_at = t.sat
        from ${source(rows, 'id bigint, ep numeric, et bigint, res text, fp numeric, sat timestamptz')}
       where o.id = t.id and o.status = ${MICRO_RUNNING}`;
  },
  publish: (events, contracts) => events.emit('micro', contracts),
};

/** Contracts name users, currencies and pairs that must exist (no foreign keys: decision 0007). */
export const MICRO_ORPHAN_CHECKS = [
  `select 'micro_orders' as table_name, count(*)::int as rows from micro_orders o
    where not exists (select 1 from users u where u.id = o.user_id)
       or not exists (select 1 from currencies c where c.id = o.currency_id)
       or not exists (select 1 from currency_pairs p where p.id = o.pair_id)`,
];

/**
 * Every closed contract recomputed from what was recorded: the open price from its recorded mark
 * inputs (the last trade held within the spread), the end price as the pair's last trade at or
 * before the expiry (from `spot_trades`), the result from the two prices, the profit from the
 * stake and ratio, and the owner's ledger entries of the contract (the result less the fee).
 */
export const MICRO_RECOMPUTE_CHECKS = [
  `select 'micro_orders' as table_name, o.id::text as id,
          concat_ws(', ',
            case when o.open_price <> m.mark then 'open price ' || o.open_price::text || ' is not the mark ' || m.mark::text end,
            case when t.id is distinct from o.end_trade_id or t.price is distinct from o.end_price
                 then 'end price ' || coalesce(o.end_price::text, 'none') || ' is not the last trade at or before the expiry ' || coalesce(t.price::text, 'none') end,
            case when o.result is distinct from e.result then 'result ' || coalesce(o.result, 'none') || ' should be ' || coalesce(e.result, 'none') end,
            case when o.reserve <> trunc(o.number * o.profit_ratio / 100, 18) then 'reserve is not number × profit_ratio ÷ 100' end,
            case when o.fact_profits is distinct from e.profits then 'fact_profits ' || coalesce(o.fact_profits::text, 'none') || ' should be ' || coalesce(e.profits::text, 'none') end,
            case when coalesce(l.total, 0) <> coalesce(e.profits, 0) - o.fee then 'ledger entries of the owner sum to ' || coalesce(l.total, 0)::text end
          ) as problem
     from micro_orders o
     cross join lateral (select case when o.open_bid is not null and least(o.open_last, coalesce(o.open_ask, o.open_last)) < o.open_bid
                                     then o.open_bid else least(o.open_last, coalesce(o.open_ask, o.open_last)) end as mark) m
     left join lateral (select t.id, t.price from spot_trades t where t.pair_id = o.pair_id and t.created_at <= o.expires_at
                         order by t.created_at desc, t.id desc limit 1) t on true
     cross join lateral (select r.result, case r.result when 'win' then trunc(o.number * o.profit_ratio / 100, 18) when 'loss' then -o.number
                                                        when 'tie' then 0 end as profits
                           from (select case when t.price is null then null when t.price = o.open_price then 'tie'
                                             when (t.price > o.open_price) = (o.type = 1) then 'win' else 'loss' end as result) r) e
     left join lateral (select sum(x.delta_available + x.delta_locked) as total from ledger_entries x
                         where x.reference = 'micro:' || o.id and x.user_id = o.user_id) l on true
    where o.status = 3`,
];
