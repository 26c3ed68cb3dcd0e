import type { Queryable } from '../../db/database';
import { formatAmount, parseAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';
import type { IndexRound, IndexSourceReading, IndexTick } from './state';
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

/**
 * A reading as the `sources` column stores it: [its name's place in the round's `source_names`,
 * its amount as decimal text, its time less the round's (ms), used, dropped?].
 */
type CompactReading = [number, string, number, boolean] | [number, string, number, boolean, 'stale' | 'outlier'];

/** A reading as readers get it (`index_readings` rebuilds it from the stored one): amounts as decimal text. */
interface StoredReading {
  name: string;
  value: string;
  at: number;
  used: boolean;
  dropped?: 'stale' | 'outlier';
}

const amount = (text: string | null) => (text === null ? null : parseAmount(text));

/**
 * The columns of one tick read out of its round, as `index_ticks` names them: `round` is an
 * `index_rounds` alias, `n` an expression of the tick's place in it (1-based). A round holds its
 * ticks in the order of `pair_ids`, and the tick at place n has the id `round.id + n - 1`.
 */
export function tickOfRound(round: string, n: string): string {
  return `(${round}.id + ${n} - 1)::text as id, ${round}.pair_ids[${n}] as pair_id, ${round}.at, ${round}.value[${n}]::text as value,
    index_readings(${round}.source_names, ${round}.at, ${round}.sources -> (${n} - 1)::int) as sources, ${round}.impact_bid[${n}]::text as impact_bid, ${round}.impact_ask[${n}]::text as impact_ask,
    ${round}.premium_sample[${n}]::text as premium_sample, ${round}.premium[${n}]::text as premium, ${round}.mark[${n}]::text as mark`;
}

/**
 * The round holding the tick `tick` (an SQL expression of a tick id), for a lateral join: the
 * newest round whose first id is not above it (its place in it is `tick - round.id + 1`, to be
 * checked against the round's length).
 */
export const ROUND_OF_TICK = (tick: string) => `(select r.* from index_rounds r where r.id <= ${tick} order by r.id desc limit 1)`;

/**
 * The round of the pair's last tick at or before `moment` (SQL expressions), for a lateral join:
 * rounds walked back from `moment` through `index_rounds_at` until one holds the pair, none from
 * before the pair's first round, none at all for a pair that never ticked. A pair is in a round at
 * most once; its tick there is at `array_position(round.pair_ids, pair)`.
 */
export const LAST_ROUND_OF_PAIR = (pair: string, moment: string) =>
  `(select r.* from index_pairs f join index_rounds r on r.id >= f.first_round and r.at <= ${moment} and ${pair} = any(r.pair_ids)
     where f.pair_id = ${pair} order by r.at desc, r.id desc limit 1)`;

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

/**
 * Each pair's newest ticks (as many as the premium window): for each pair that ever ticked, its
 * rounds walked back by id from the newest, no further than its first.
 */
export async function loadIndex(db: Queryable): Promise<IndexRows> {
  const rows = await db.query<TickRow>(
    `select ${tickOfRound('r', 'n.n')} from index_pairs f
       join currency_pairs p on p.id = f.pair_id
       cross join lateral (select r.* from index_rounds r where r.id >= f.first_round and f.pair_id = any(r.pair_ids)
                            order by r.id desc limit ${PREMIUM_WINDOW}) r
       cross join lateral (select array_position(r.pair_ids, f.pair_id) as n) n`,
  );
  const recent = new Map<number, IndexTick[]>();
  for (const tick of rows.map(tickFromRow).sort((a, b) => a.id - b.id)) {
    let ticks = recent.get(tick.pairId);
    if (!ticks) recent.set(tick.pairId, (ticks = []));
    ticks.push(tick);
  }
  // the newest round's last tick (read through the primary key, not a scan)
  const [last] = await db.query<{ last: string }>('select (r.id + cardinality(r.pair_ids) - 1)::text as last from index_rounds r order by r.id desc limit 1');
  return { recent, lastId: Number(last?.last ?? 0) };
}

/**
 * Amounts as decimal text, each distinct amount formatted once per statement: a round's index is
 * one of its readings, its mark is usually its index, its premiums are usually zero.
 */
function amountTexts(): (atoms: Atoms) => string {
  const texts = new Map<Atoms, string>();
  return (atoms) => {
    let text = texts.get(atoms);
    if (text === undefined) texts.set(atoms, (text = formatAmount(atoms)));
    return text;
  };
}

/**
 * Every round of ticks, appended in the order the core applied them: one row a round (one
 * `index_tick` command), each of its fields an array in the order of the round's pairs.
 */
export const INDEX_ROUNDS: CoreTable<IndexRound> = {
  name: 'index_rounds',
  statement(source, rounds) {
    const text = amountTexts();
    const rows = rounds.map(({ ticks }) => {
      const count = ticks.length;
      const p = new Array<number>(count);
      const v = new Array<string>(count);
      const s = new Array<CompactReading[]>(count);
      const ib = new Array<string | null>(count);
      const ia = new Array<string | null>(count);
      const ps = new Array<string>(count);
      const pm = new Array<string>(count);
      const m = new Array<string>(count);
      const names: string[] = [];
      const places = new Map<string, number>();
      const roundMs = ticks[0]?.at.getTime() ?? 0;
      for (let n = 0; n < count; n += 1) {
        const tick = ticks[n] as IndexTick;
        p[n] = tick.pairId;
        v[n] = text(tick.value);
        const readings = new Array<CompactReading>(tick.sources.length);
        for (let r = 0; r < tick.sources.length; r += 1) {
          const reading = tick.sources[r] as IndexSourceReading;
          let place = places.get(reading.name);
          if (place === undefined) places.set(reading.name, (place = names.push(reading.name) - 1));
          readings[r] = reading.dropped
            ? [place, text(reading.value), reading.at - roundMs, reading.used, reading.dropped]
            : [place, text(reading.value), reading.at - roundMs, reading.used];
        }
        // nested in the batch's JSON as they are, not as a string of JSON escaped a second time
        s[n] = readings;
        ib[n] = tick.impactBid === null ? null : text(tick.impactBid);
        ia[n] = tick.impactAsk === null ? null : text(tick.impactAsk);
        ps[n] = text(tick.premiumSample);
        pm[n] = text(tick.premium);
        m[n] = text(tick.mark);
      }
      return { id: ticks[0]?.id, at: ticks[0]?.at.toISOString(), p, v, n: names, s, ib, ia, ps, pm, m };
    });
    return `insert into index_rounds (id, at, pair_ids, value, source_names, sources, impact_bid, impact_ask, premium_sample, premium, mark)
        select id, at, p, v, n, s, ib, ia, ps, pm, m from ${source(
          rows,
          'id bigint, at timestamptz, p int[], v numeric[], n text[], s jsonb, ib numeric[], ia numeric[], ps numeric[], pm numeric[], m numeric[]',
        )}`;
  },
  publish: (events, rounds) => events.emit('indexTicks', rounds.flatMap((round) => round.ticks)),
};

/** A pair's first tick: the round that holds it, written once with it. */
export interface IndexPairStart {
  pairId: number;
  round: number;
}

export const INDEX_PAIRS: CoreTable<IndexPairStart> = {
  name: 'index_pairs',
  statement(source, starts) {
    const rows = starts.map((x) => ({ p: x.pairId, r: x.round }));
    return `insert into index_pairs (pair_id, first_round)
        select p, r from ${source(rows, 'p int, r bigint')} on conflict (pair_id) do nothing`;
  },
};

/** Ticks naming a pair that does not exist (the table carries no foreign key: decision 0007). */
export const INDEX_ORPHAN_CHECKS = [
  `select 'index_rounds' as table_name, count(*)::int as rows from index_rounds r
    where exists (select 1 from unnest(r.pair_ids) x(pair_id) where not exists (select 1 from currency_pairs p where p.id = x.pair_id))`,
  `select 'index_pairs' as table_name, count(*)::int as rows from index_pairs f
    where not exists (select 1 from currency_pairs p where p.id = f.pair_id)`,
];
