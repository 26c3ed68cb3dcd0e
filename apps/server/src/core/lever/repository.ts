import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable, MarkInputs } from '../kind';
import type { RiskLevel } from './risk';
import { dayFromText, dayText, type LeverGlobalSettings, type LeverPairSettings } from './settings';
import type { CloseReason, LeverSide, LeverStatus, LeverTrade, MarkRecord } from './state';

/** What the lever kind loads: settings, live trades, armed risk levels, the last charged day. */
export interface LeverRows {
  global: LeverGlobalSettings;
  pairs: LeverPairSettings[];
  live: LeverTrade[];
  watches: RiskWatch[];
  lastTradeId: number;
  lastLiquidationId: number;
  lastChargedDay: number | null;
  house: number;
  insurance: number;
}

/** The armed risk levels of one user and quote currency. */
export interface RiskWatch {
  userId: number;
  legalId: number;
  version: number;
  levels: RiskLevel[];
}

export interface OvernightDay {
  day: number;
  chargedAt: Date;
  positions: number;
}

export interface OvernightCharge {
  tradeId: number;
  day: number;
  userId: number;
  rate: Atoms;
  mark: MarkRecord;
  value: Atoms;
  amount: Atoms;
  fromAvailable: Atoms;
  fromMargin: Atoms;
  chargedAt: Date;
}

export interface Liquidation {
  id: number;
  userId: number;
  legalId: number;
  available: Atoms;
  margin: Atoms;
  unrealised: Atoms;
  liquidationRate: Atoms;
  /** every pair's mark the rate was computed at, with the index tick it was made at */
  marks: { pairId: number; mark: string; tickId: number | null; index: string | null }[];
  tradeIds: number[];
  at: Date;
}

const text = (atoms: Atoms | null | undefined) => (atoms === null || atoms === undefined ? null : formatAmount(atoms));
const amount = (value: string | null) => (value === null ? null : parseAmount(value));
const list = (value: string) =>
  value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

interface TradeRow {
  id: string;
  user_id: number;
  pair_id: number;
  legal_id: number;
  currency_id: number;
  type: number;
  status: number;
  multiple: number;
  hands: number;
  share_num: string;
  price: string;
  target_price: string | null;
  spread: string;
  fee_rate: string;
  margin: string;
  origin_margin: string;
  fee: string;
  overnight: string;
  take_profit: string | null;
  stop_loss: string | null;
  stop_version: number;
  open_mark: string | null;
  open_bid: string | null;
  open_ask: string | null;
  open_last: string | null;
  open_tick: string | null;
  open_index: string | null;
  close_price: string | null;
  close_mark: string | null;
  close_bid: string | null;
  close_ask: string | null;
  close_last: string | null;
  close_tick: string | null;
  close_index: string | null;
  close_reason: string | null;
  profits: string | null;
  uncovered: string;
  created_at: Date;
  opened_at: Date | null;
  closed_at: Date | null;
}

/** Every column of lever_trades as text, for loading and for reading modules. */
export const TRADE_COLUMNS = `id::text, user_id, pair_id, legal_id, currency_id, type, status, multiple, hands, share_num::text, price::text,
  target_price::text, spread::text, fee_rate::text, margin::text, origin_margin::text, fee::text, overnight::text, take_profit::text,
  stop_loss::text, stop_version, open_mark::text, open_bid::text, open_ask::text, open_last::text, open_tick::text, open_index::text,
  close_price::text, close_mark::text, close_bid::text, close_ask::text, close_last::text, close_tick::text, close_index::text, close_reason, profits::text, uncovered::text, created_at, opened_at, closed_at`;

function markOf(mark: string | null, tick: string | null, index: string | null): MarkRecord | null {
  if (mark === null) return null;
  return { mark: parseAmount(mark), tickId: tick === null ? null : Number(tick), index: amount(index) };
}

export function tradeFromRow(row: TradeRow): LeverTrade {
  return {
    id: Number(row.id),
    userId: row.user_id,
    pairId: row.pair_id,
    legalId: row.legal_id,
    currencyId: row.currency_id,
    type: row.type as LeverSide,
    status: row.status as LeverStatus,
    multiple: row.multiple,
    hands: row.hands,
    shareNum: parseAmount(row.share_num),
    price: parseAmount(row.price),
    targetPrice: amount(row.target_price),
    spread: parseAmount(row.spread),
    feeRate: parseAmount(row.fee_rate),
    margin: parseAmount(row.margin),
    originMargin: parseAmount(row.origin_margin),
    fee: parseAmount(row.fee),
    overnight: parseAmount(row.overnight),
    takeProfit: amount(row.take_profit),
    stopLoss: amount(row.stop_loss),
    stopVersion: row.stop_version,
    openMark: markOf(row.open_mark, row.open_tick, row.open_index),
    closePrice: amount(row.close_price),
    closeMark: markOf(row.close_mark, row.close_tick, row.close_index),
    closeReason: row.close_reason as CloseReason | null,
    profits: amount(row.profits),
    uncovered: parseAmount(row.uncovered),
    createdAt: row.created_at,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
  };
}

export async function loadLever(db: Queryable): Promise<LeverRows> {
  const [global] = await db.query<{ liquidation_rate: string; overnight_time: string; overnight_from: Date; overnight_version: number }>(
    'select liquidation_rate::text, overnight_time, overnight_from, overnight_version from lever_settings where id = 1',
  );
  const pairs = await db.query<{
    id: number;
    legal_id: number;
    currency_id: number;
    symbol: string;
    enabled: boolean;
    lever_share_num: string;
    spread: string;
    lever_trade_fee: string;
    multiples: string | null;
    shares: string | null;
    hands_min: number | null;
    hands_max: number | null;
    overnight_rate: string | null;
    max_positions: number | null;
    max_pending: number | null;
  }>(
    `select p.id, p.legal_id, p.currency_id, c.name || '/' || l.name as symbol, p.open_lever as enabled,
            p.lever_share_num::text, p.spread::text, p.lever_trade_fee::text, s.multiples, s.shares, s.hands_min, s.hands_max,
            s.overnight_rate::text, s.max_positions, s.max_pending
       from currency_pairs p join currencies c on c.id = p.currency_id join currencies l on l.id = p.legal_id
       left join lever_pair_settings s on s.pair_id = p.id order by p.id`,
  );
  const live = await db.query<TradeRow>(`select ${TRADE_COLUMNS} from lever_trades where status in (0, 1) order by id`);
  const watches = await db.query<{ user_id: number; legal_id: number; version: number; levels: { pairId: number; direction: 'rise' | 'fall'; level: string }[] | string }>(
    'select user_id, legal_id, version, levels from lever_risk_watch',
  );
  const [last] = await db.query<{ trade: string; liquidation: string; day: string | null }>(
    `select (select coalesce(max(id), 0) from lever_trades)::text as trade, (select coalesce(max(id), 0) from lever_liquidations)::text as liquidation,
            (select max(day)::text from lever_overnight_days) as day`,
  );
  const accounts = await db.query<{ id: number; kind: string }>(`select id, kind from users where kind in ('house', 'insurance') order by id`);
  return {
    global: {
      liquidationRate: parseAmount(global?.liquidation_rate ?? '110'),
      overnightTime: global?.overnight_time ?? '00:00',
      overnightFrom: global?.overnight_from ?? new Date(0),
      overnightVersion: global?.overnight_version ?? 0,
    },
    pairs: pairs.map((row) => ({
      pairId: row.id,
      legalId: row.legal_id,
      currencyId: row.currency_id,
      symbol: row.symbol,
      enabled: row.enabled,
      shareNum: parseAmount(row.lever_share_num),
      spread: parseAmount(row.spread),
      feeRate: parseAmount(row.lever_trade_fee),
      multiples: list(row.multiples ?? '5,10,20,50,100'),
      shares: list(row.shares ?? '1,5,10,20,50'),
      handsMin: row.hands_min ?? 1,
      handsMax: row.hands_max ?? 1000,
      overnightRate: parseAmount(row.overnight_rate ?? '0.05'),
      maxPositions: row.max_positions ?? 50,
      maxPending: row.max_pending ?? 20,
    })),
    live: live.map(tradeFromRow),
    watches: watches.map((row) => {
      const levels = typeof row.levels === 'string' ? (JSON.parse(row.levels) as { pairId: number; direction: 'rise' | 'fall'; level: string }[]) : row.levels;
      return { userId: row.user_id, legalId: row.legal_id, version: row.version, levels: levels.map((level) => ({ ...level, level: parseAmount(level.level) })) };
    }),
    lastTradeId: Number(last?.trade ?? 0),
    lastLiquidationId: Number(last?.liquidation ?? 0),
    lastChargedDay: last?.day ? dayFromText(last.day) : null,
    house: accounts.find((account) => account.kind === 'house')?.id ?? 0,
    insurance: accounts.find((account) => account.kind === 'insurance')?.id ?? 0,
  };
}

const markColumns = (mark: MarkRecord | null) => ({
  m: text(mark?.mark),
  k: mark?.tickId ?? null,
  i: text(mark?.index),
});

/** Lever trades a batch placed or changed, each once in its final state. */
export const LEVER_TRADES: CoreTable<LeverTrade> = {
  name: 'lever_trades',
  key: (trade) => trade.id,
  statement(source, trades) {
    const rows = trades.map((x) => {
      const open = markColumns(x.openMark);
      const close = markColumns(x.closeMark);
      return {
        id: x.id,
        u: x.userId,
        p: x.pairId,
        lg: x.legalId,
        c: x.currencyId,
        t: x.type,
        s: x.status,
        mu: x.multiple,
        h: x.hands,
        sn: formatAmount(x.shareNum),
        pr: formatAmount(x.price),
        tp0: text(x.targetPrice),
        sp: formatAmount(x.spread),
        fr: formatAmount(x.feeRate),
        mg: formatAmount(x.margin),
        omg: formatAmount(x.originMargin),
        fe: formatAmount(x.fee),
        ov: formatAmount(x.overnight),
        tp: text(x.takeProfit),
        sl: text(x.stopLoss),
        sv: x.stopVersion,
        om: open.m,
        ok: open.k,
        oi: open.i,
        cp: text(x.closePrice),
        cm: close.m,
        ck: close.k,
        ci: close.i,
        cr: x.closeReason,
        pf: text(x.profits),
        un: formatAmount(x.uncovered),
        at: x.createdAt.toISOString(),
        oat: x.openedAt?.toISOString() ?? null,
        cat: x.closedAt?.toISOString() ?? null,
      };
    });
    return `insert into lever_trades (id, user_id, pair_id, legal_id, currency_id, type, status, multiple, hands, share_num, price, target_price,
          spread, fee_rate, margin, origin_margin, fee, overnight, take_profit, stop_loss, stop_version, open_mark, open_tick, open_index,
          close_price, close_mark, close_tick, close_index, close_reason, profits, uncovered, created_at, opened_at, closed_at)
        select id, u, p, lg, c, t, s, mu, h, sn, pr, tp0, sp, fr, mg, omg, fe, ov, tp, sl, sv, om, ok, oi, cp, cm, ck, ci, cr, pf, un, at, oat, cat
          from ${source(
            rows,
            `id bigint, u int, p int, lg int, c int, t smallint, s smallint, mu int, h int, sn numeric, pr numeric, tp0 numeric, sp numeric,
             fr numeric, mg numeric, omg numeric, fe numeric, ov numeric, tp numeric, sl numeric, sv int, om numeric, ok bigint, oi numeric,
             cp numeric, cm numeric, ck bigint, ci numeric, cr text, pf numeric, un numeric, at timestamptz,
             oat timestamptz, cat timestamptz`,
          )}
        on conflict (id) do update set status = excluded.status, price = excluded.price, margin = excluded.margin, fee = excluded.fee,
          overnight = excluded.overnight, take_profit = excluded.take_profit, stop_loss = excluded.stop_loss, stop_version = excluded.stop_version,
          open_mark = excluded.open_mark, open_tick = excluded.open_tick, open_index = excluded.open_index,
          close_price = excluded.close_price, close_mark = excluded.close_mark, close_tick = excluded.close_tick, close_index = excluded.close_index,
          close_reason = excluded.close_reason, profits = excluded.profits, uncovered = excluded.uncovered,
          opened_at = excluded.opened_at, closed_at = excluded.closed_at`;
  },
  publish: (events, trades) => events.emit('lever', trades),
};

export const LEVER_RISK_WATCH: CoreTable<RiskWatch> = {
  name: 'lever_risk_watch',
  key: (watch) => `${watch.userId}:${watch.legalId}`,
  statement(source, watches) {
    const rows = watches.map((x) => ({
      u: x.userId,
      lg: x.legalId,
      v: x.version,
      lv: JSON.stringify(x.levels.map((level) => ({ pairId: level.pairId, direction: level.direction, level: formatAmount(level.level) }))),
    }));
    return `insert into lever_risk_watch (user_id, legal_id, version, levels) select u, lg, v, lv::jsonb from ${source(rows, 'u int, lg int, v int, lv text')}
        on conflict (user_id, legal_id) do update set version = excluded.version, levels = excluded.levels`;
  },
};

export const LEVER_OVERNIGHT_DAYS: CoreTable<OvernightDay> = {
  name: 'lever_overnight_days',
  key: (day) => day.day,
  statement: (source, days) =>
    `insert into lever_overnight_days (day, charged_at, positions)
       select d, at, n from ${source(days.map((x) => ({ d: dayText(x.day), at: x.chargedAt.toISOString(), n: x.positions })), 'd date, at timestamptz, n int')}`,
};

export const LEVER_OVERNIGHT_CHARGES: CoreTable<OvernightCharge> = {
  name: 'lever_overnight_charges',
  statement(source, charges) {
    const rows = charges.map((x) => ({
      t: x.tradeId,
      d: dayText(x.day),
      u: x.userId,
      r: formatAmount(x.rate),
      ...markColumns(x.mark),
      v: formatAmount(x.value),
      am: formatAmount(x.amount),
      fa: formatAmount(x.fromAvailable),
      fm: formatAmount(x.fromMargin),
      at: x.chargedAt.toISOString(),
    }));
    return `insert into lever_overnight_charges (trade_id, day, user_id, rate, mark, tick_id, index_price, value, amount, from_available, from_margin, charged_at)
        select t, d, u, r, m, k, i, v, am, fa, fm, at from ${source(
          rows,
          't bigint, d date, u int, r numeric, m numeric, k bigint, i numeric, v numeric, am numeric, fa numeric, fm numeric, at timestamptz',
        )}`;
  },
};

export const LEVER_LIQUIDATIONS: CoreTable<Liquidation> = {
  name: 'lever_liquidations',
  statement(source, liquidations) {
    const rows = liquidations.map((x) => ({
      id: x.id,
      u: x.userId,
      lg: x.legalId,
      av: formatAmount(x.available),
      mg: formatAmount(x.margin),
      ur: formatAmount(x.unrealised),
      lr: formatAmount(x.liquidationRate),
      mk: JSON.stringify(x.marks),
      tr: JSON.stringify(x.tradeIds),
      at: x.at.toISOString(),
    }));
    return `insert into lever_liquidations (id, user_id, legal_id, available, margin, unrealised, liquidation_rate, marks, trade_ids, liquidated_at)
        select id, u, lg, av, mg, ur, lr, mk::jsonb, tr::jsonb, at from ${source(
          rows,
          'id bigint, u int, lg int, av numeric, mg numeric, ur numeric, lr numeric, mk text, tr text, at timestamptz',
        )}`;
  },
};

/** Operator settings of a pair the core applied: lever_pair_settings. */
export const LEVER_PAIR_SETTINGS: CoreTable<LeverPairSettings> = {
  name: 'lever_pair_settings',
  key: (pair) => pair.pairId,
  statement(source, pairs) {
    const rows = pairs.map((x) => ({
      p: x.pairId,
      mu: x.multiples.join(','),
      sh: x.shares.join(','),
      hn: x.handsMin,
      hx: x.handsMax,
      orate: formatAmount(x.overnightRate),
      mp: x.maxPositions,
      mpe: x.maxPending,
    }));
    return `insert into lever_pair_settings (pair_id, multiples, shares, hands_min, hands_max, overnight_rate, max_positions, max_pending)
        select p, mu, sh, hn, hx, orate, mp, mpe from ${source(rows, 'p int, mu text, sh text, hn int, hx int, orate numeric, mp int, mpe int')}
        on conflict (pair_id) do update set multiples = excluded.multiples, shares = excluded.shares, hands_min = excluded.hands_min,
          hands_max = excluded.hands_max, overnight_rate = excluded.overnight_rate, max_positions = excluded.max_positions, max_pending = excluded.max_pending`;
  },
  publish: (events, pairs) => events.emit('leverSettings', pairs),
};

export const LEVER_GLOBAL_SETTINGS: CoreTable<LeverGlobalSettings> = {
  name: 'lever_settings',
  key: () => 1,
  statement: (source, settings) =>
    `update lever_settings set liquidation_rate = t.lr, overnight_time = t.ot, overnight_from = t.ofr, overnight_version = t.ov
       from ${source(
         settings.map((x) => ({ lr: formatAmount(x.liquidationRate), ot: x.overnightTime, ofr: x.overnightFrom.toISOString(), ov: x.overnightVersion })),
         'lr numeric, ot text, ofr timestamptz, ov int',
       )} where lever_settings.id = 1`,
};

/** Lever rows naming a user, currency or pair that does not exist. */
export const LEVER_ORPHAN_CHECKS = [
  `select 'lever_trades' as table_name, count(*)::int as rows from lever_trades t
    where not exists (select 1 from users u where u.id = t.user_id)
       or not exists (select 1 from currency_pairs p where p.id = t.pair_id)
       or not exists (select 1 from currencies c where c.id = t.legal_id)`,
];

export type { MarkInputs };
