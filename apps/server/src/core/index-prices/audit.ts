import type { Queryable } from '../../db/database';
import type { SettlementMismatch } from '../kind';
import { MARK_BAND_BP, PREMIUM_WINDOW } from './rules';

/**
 * Every index tick recomputed from what it recorded: the index is the lower median of the sources
 * it used (`percentile_disc(0.5)` is the lower median), the premium sample follows from the
 * impact prices and the index, and the mark is the index plus the lower median of the window's
 * samples (the pair's samples of this tick and the ones before it, by tick id), held within the
 * band. Every tick is read out of its round (`index_ticks`, the view of `index_rounds`) in one
 * pass. Only ticks that differ come back.
 */
export async function recomputeIndex(db: Queryable): Promise<SettlementMismatch[]> {
  const rows = await db.query<{ id: string; problem: string }>(
    `select id, problem from (
       select t.id::text as id,
              concat_ws(', ',
                case when t.value is distinct from s.median
                     then 'index ' || t.value::text || ' is not the median of its sources ' || coalesce(s.median::text, 'none') end,
                case when t.premium_sample <> p.sample
                     then 'premium sample ' || t.premium_sample::text || ' is not ' || p.sample::text || ' from the impact prices' end,
                case when t.premium is distinct from w.premium
                     then 'premium ' || t.premium::text || ' is not the median of the window ' || coalesce(w.premium::text, 'none') end,
                case when t.mark <> t.value + least(greatest(coalesce(w.premium, 0), -b.band), b.band)
                     then 'mark ' || t.mark::text || ' is not ' || (t.value + least(greatest(coalesce(w.premium, 0), -b.band), b.band))::text end
              ) as problem
         from (select t.*, array_agg(t.premium_sample) over (partition by t.pair_id order by t.id rows ${PREMIUM_WINDOW - 1} preceding) as window_samples
                 from index_ticks t) t
         cross join lateral (select percentile_disc(0.5) within group (order by (x->>'value')::numeric) as median
                               from jsonb_array_elements(t.sources) x where (x->>'used')::boolean) s
         cross join lateral (select (case when t.impact_bid > t.value then t.impact_bid - t.value else 0 end)
                                  - (case when t.impact_ask < t.value then t.value - t.impact_ask else 0 end) as sample) p
         cross join lateral (select trunc(t.value * ${MARK_BAND_BP} / 10000, 18) as band) b
         cross join lateral (select percentile_disc(0.5) within group (order by x) as premium from unnest(t.window_samples) x) w
     ) checked where problem <> ''`,
  );
  return rows.map((row) => ({ table_name: 'index_ticks', id: row.id, field: row.problem, recorded: null, recomputed: null }));
}
