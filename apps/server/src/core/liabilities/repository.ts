import type { Queryable } from '../../db/database';
import type { CoreTable } from '../kind';
import type { LiabilitySnapshot } from './state';

export interface LiabilitiesRows {
  lastId: number;
  /** the day of the last daily snapshot */
  lastDay: string | null;
}

export async function loadLiabilities(db: Queryable): Promise<LiabilitiesRows> {
  const [row] = await db.query<{ id: string; day: string | null }>(
    `select coalesce(max(id), 0)::text as id, max(day)::text as day from liability_snapshots`,
  );
  return { lastId: Number(row?.id ?? 0), lastDay: row?.day ?? null };
}

/**
 * The snapshot's row. The snapshot runs alone in its batch, and a batch is one statement that
 * sees the database as the batches before it left it: `max(id)` of the ledger here is the last
 * entry the snapshot's balances include (the audit sums the ledger up to it).
 */
export const LIABILITY_SNAPSHOTS: CoreTable<LiabilitySnapshot> = {
  name: 'liability_snapshots',
  key: (snapshot) => snapshot.id,
  statement(source, snapshots) {
    const rows = snapshots.map((s) => ({ id: s.id, t: s.takenAt.toISOString(), c: s.cause, r: s.requestedBy, d: s.day }));
    return `insert into liability_snapshots (id, taken_at, cause, requested_by, day, ledger_boundary)
      select id, t, c, r, d::date, (select coalesce(max(id), 0) from ledger_entries)
        from ${source(rows, 'id bigint, t timestamptz, c text, r int, d text')}`;
  },
  publish: (events, snapshots) => events.emit('liabilities', snapshots),
};

/**
 * Every published total per currency recomputed from the ledger: the users' (kind `user`)
 * entries up to the snapshot's last ledger entry. One pass over the ledger for all snapshots:
 * `width_bucket` puts each entry in the span between two snapshots' boundaries, and a snapshot
 * counts every span before its own boundary. A currency users held at the boundary but the
 * snapshot has no root for is reported too.
 */
export const LIABILITY_RECOMPUTE_CHECKS = [
  `select table_name, id, problem from (with snaps as (
     select id, ledger_boundary, row_number() over (order by ledger_boundary, id) as n
       from liability_snapshots where status = 'published'
   ),
   bounds as (select array_agg(ledger_boundary + 1 order by ledger_boundary, id) as b from snaps),
   spans as (
     select e.currency_id, width_bucket(e.id, (select b from bounds)) as span, sum(e.delta_available + e.delta_locked) as amount
       from ledger_entries e join users u on u.id = e.user_id
      where u.kind = 'user' and exists (select 1 from snaps)
      group by 1, 2
   ),
   at_snapshot as (
     select s.id as snapshot_id, x.currency_id, sum(x.amount) as amount
       from snaps s join spans x on x.span < s.n group by 1, 2
   )
   select 'liability_roots' as table_name, coalesce(r.snapshot_id, a.snapshot_id)::text || ':' || coalesce(r.currency_id, a.currency_id)::text as id,
          case when r.snapshot_id is null then 'users held ' || a.amount::text || ' at the snapshot and it has no root for the currency'
               when r.total <> coalesce(a.amount, 0)
               then 'published total ' || r.total::text || ' is not the users'' ledger at the snapshot ' || coalesce(a.amount, 0)::text
               else '' end as problem
     from liability_roots r
     full outer join (select * from at_snapshot where amount <> 0) a on a.snapshot_id = r.snapshot_id and a.currency_id = r.currency_id
    where r.snapshot_id is null or r.snapshot_id in (select id from snaps)) liabilities`,
];
