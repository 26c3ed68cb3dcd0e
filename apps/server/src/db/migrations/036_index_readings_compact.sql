-- A round's readings stored compactly (issue 23): each reading is an array
-- [source, value, at, used] or [source, value, at, used, dropped], where source is the reading's
-- place (from 0) in the round's source_names, value its amount as shortest decimal text, and at
-- its epoch ms less the round's. Writing a round costs the embedded database per byte of its
-- parameter, and the readings were most of it, with each name, the keys and the times repeated in
-- every reading.
alter table index_rounds add column source_names text[];

-- Rounds recorded before: their readings are objects {name, value, at (epoch ms), used, dropped?},
-- rewritten with the round's names in the order they first appear.
update index_rounds r
   set source_names = n.names,
       sources = (select coalesce(jsonb_agg(
                           (select coalesce(jsonb_agg(
                                     jsonb_build_array(array_position(n.names, x ->> 'name') - 1, x -> 'value',
                                                       to_jsonb((x ->> 'at')::numeric - trunc(extract(epoch from r.at) * 1000)), x -> 'used')
                                     || case when x ? 'dropped' then jsonb_build_array(x -> 'dropped') else '[]'::jsonb end
                                     order by k), '[]'::jsonb)
                              from jsonb_array_elements(p.readings) with ordinality as y(x, k))
                           order by p.n), '[]'::jsonb)
                    from jsonb_array_elements(r.sources) with ordinality as p(readings, n))
  from (select q.id, coalesce(array_agg(q.name order by q.first), '{}') as names
          from (select r2.id, x ->> 'name' as name, min(p.n * 1000000 + y.k) as first
                  from index_rounds r2
                  cross join lateral jsonb_array_elements(r2.sources) with ordinality as p(readings, n)
                  cross join lateral jsonb_array_elements(p.readings) with ordinality as y(x, k)
                 group by r2.id, x ->> 'name') q
         group by q.id) n
 where n.id = r.id;
update index_rounds set source_names = '{}' where source_names is null;
alter table index_rounds alter column source_names set not null;

-- One pair's readings of a round as objects {name, value, at (epoch ms), used, dropped?}, as they
-- were submitted: for the audit and every reader of a tick.
create function index_readings(names text[], round_at timestamptz, readings jsonb) returns jsonb
language sql immutable as $$
  select coalesce(jsonb_agg(
           jsonb_build_object('name', names[(x ->> 0)::int + 1], 'value', x -> 1,
                              'at', to_jsonb(trunc(extract(epoch from round_at) * 1000) + (x ->> 2)::numeric), 'used', x -> 3)
           || case when jsonb_array_length(x) > 4 then jsonb_build_object('dropped', x -> 4) else '{}'::jsonb end
           order by k), '[]'::jsonb)
    from jsonb_array_elements(readings) with ordinality as y(x, k)
$$;

create or replace view index_ticks as
select r.id + t.n - 1 as id, t.pair_id, r.at, t.value, index_readings(r.source_names, r.at, r.sources -> (t.n - 1)::int) as sources,
       t.impact_bid, t.impact_ask, t.premium_sample, t.premium, t.mark
  from index_rounds r
  cross join lateral unnest(r.pair_ids, r.value, r.impact_bid, r.impact_ask, r.premium_sample, r.premium, r.mark)
       with ordinality as t(pair_id, value, impact_bid, impact_ask, premium_sample, premium, mark, n);
