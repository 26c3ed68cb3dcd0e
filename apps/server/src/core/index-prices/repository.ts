import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import type { IndexSourceReading, IndexTick } from './state';
import { PREMIUM_WINDOW } from './rules';

/** What the index kind loads: per pair its newest ticks (the premium window, newest last), and the last tick id. */
export interface IndexRows {
  recent: Map<number, IndexTick[]>;
  lastId: number;
}

interface TickRow {
  id: string;
  pair_id: number;
  at: Date;
  value: string;
  sources: StoredReading[] | string;
  impact_bid: string | null;
  impact_ask: string | null;
  premium_sample: string;
  premium: string;
  mark: string;
}

/** A reading as the `sources` column stores it: amounts as decimal text. */
interface StoredReading {
  name: string;
  value: string;
  at: number;
  used: boolean;
  dropped?: 'stale' | 'outlier';
}

const amount = (text: string | null) => (text === null ? null : parseAmount(text));

export const TICK_COLUMNS = `id::text, pair_id, at, value::text, sources, impact_bid::text, impact_ask::text, premium_sample::text, premium::text, mark::text`;

export function tickFromRow(row: TickRow): IndexTick {
  const sources = typeof row.sources === 'string' ? (JSON.parse(row.sources) as StoredReading[]) : row.sources;
  return {
    id: Number(row.id),
    pairId: row.pair_id,
    at: new Date(row.at),
    value: parseAmount(row.value),
    sources: sources.map((source) => ({ ...source, value: parseAmount(source.value) })),
    impactBid: amount(row.impact_bid),
    impactAsk: amount(row.impact_ask),
    premiumSample: parseAmount(row.premium_sample),
    premium: parseAmount(row.premium),
    mark: parseAmount(row.mark),
  };
}

/** Each pair's newest ticks (as many as the premium window), read through `index_ticks_pair_id`. */
export async function loadIndex(db: Queryable): Promise<IndexRows> {
  const rows = await db.query<TickRow>(
    `select t.* from currency_pairs p
       cross join lateral (select ${TICK_COLUMNS} from index_ticks t where t.pair_id = p.id order by t.id desc limit ${PREMIUM_WINDOW}) t`,
  );
  const recent = new Map<number, IndexTick[]>();
  for (const tick of rows.map(tickFromRow).sort((a, b) => a.id - b.id)) {
    let ticks = recent.get(tick.pairId);
    if (!ticks) recent.set(tick.pairId, (ticks = []));
    ticks.push(tick);
  }
  const [last] = await db.query<{ id: string }>('select coalesce(max(id), 0)::text as id from index_ticks');
  return { recent, lastId: Number(last?.id ?? 0) };
}

const storedReading = (reading: IndexSourceReading): StoredReading => ({
  name: reading.name,
  value: formatAmount(reading.value),
  at: reading.at,
  used: reading.used,
  ...(reading.dropped ? { dropped: reading.dropped } : {}),
});

const text = (atoms: Atoms | null) => (atoms === null ? null : formatAmount(atoms));

/** Every tick, appended in the order the core applied them. */
export const INDEX_TICKS: CoreTable<IndexTick> = {
  name: 'index_ticks',
  statement(source, ticks) {
    const rows = ticks.map((x) => ({
      id: x.id,
      p: x.pairId,
      at: x.at.toISOString(),
      v: formatAmount(x.value),
      // nested in the batch's JSON as it is, not as a string of JSON escaped a second time
      s: x.sources.map(storedReading),
      ib: text(x.impactBid),
      ia: text(x.impactAsk),
      ps: formatAmount(x.premiumSample),
      pm: formatAmount(x.premium),
      m: formatAmount(x.mark),
    }));
    return `insert into index_ticks (id, pair_id, at, value, sources, impact_bid, impact_ask, premium_sample, premium, mark)
        select id, p, at, v, s, ib, ia, ps, pm, m from ${source(
          rows,
          'id bigint, p int, at timestamptz, v numeric, s jsonb, ib numeric, ia numeric, ps numeric, pm numeric, m numeric',
        )}`;
  },
  publish: (events, ticks) => events.emit('indexTicks', ticks),
};

/** Ticks naming a pair that does not exist (the table carries no foreign key: decision 0007). */
export const INDEX_ORPHAN_CHECKS = [
  `select 'index_ticks' as table_name, count(*)::int as rows from index_ticks t
    where not exists (select 1 from currency_pairs p where p.id = t.pair_id)`,
];
