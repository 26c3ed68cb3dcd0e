-- Index prices and the guarded mark (decision 0013). Every index tick the core applies is one row:
-- the pair, the core's time, the index (the lower median of the sources used), every source's
-- reading, the book's impact prices at that moment, the premium sample they make, the smoothed
-- premium and the mark. Lever positions and second contracts name the tick they were priced at;
-- the audit recomputes each from these rows alone. No foreign key (decision 0007): an orphan check.
create table index_ticks (
  id bigint primary key,
  pair_id integer not null,
  at timestamptz not null,
  value numeric(38, 18) not null,
  -- [{name, value, at (epoch ms), used, dropped?}], amounts as decimal text
  sources jsonb not null,
  impact_bid numeric(38, 18),
  impact_ask numeric(38, 18),
  premium_sample numeric(38, 18) not null,
  premium numeric(38, 18) not null,
  mark numeric(38, 18) not null
);
-- "the tick at or before T" (second contracts settle at it) and "the newest ticks of a pair"
create index index_ticks_pair_at on index_ticks (pair_id, at, id);
create index index_ticks_pair_id on index_ticks (pair_id, id);

-- Lever: each mark recorded names its tick and its index; the book inputs of decision 0009 stay
-- on the rows made before, for the audit.
alter table lever_trades add column open_tick bigint, add column open_index numeric(38, 18),
  add column close_tick bigint, add column close_index numeric(38, 18);
alter table lever_overnight_charges add column tick_id bigint, add column index_price numeric(38, 18);

-- Second contracts open at the index (the tick is named) and settle at the pair's index tick at or
-- before the expiry; an instant whose tick is missing or stale is void: stakes and fees returned.
alter table micro_orders alter column open_last drop not null;
alter table micro_orders add column open_tick bigint;
alter table micro_settlements alter column end_price drop not null;
alter table micro_settlements alter column end_trade_id drop not null;
alter table micro_settlements add column end_tick bigint, add column void boolean not null default false;

-- The view shows a void contract as closed with result 'void', what it made 0, and its open price
-- as its end price (old clients read a number there); its fee comes back with its stake.
drop view micro_contracts;
create view micro_contracts as
select o.*,
       (case when s.pair_id is null then 1 else 3 end)::smallint as status,
       case when s.void then o.open_price else s.end_price end as end_price,
       s.end_trade_id,
       r.result,
       case r.result when 'win' then o.reserve when 'loss' then -o.number when 'tie' then 0 when 'void' then 0 end::numeric(38, 18) as fact_profits,
       s.settled_at,
       s.reference as settlement_reference,
       s.end_tick
  from micro_orders o
  left join micro_settlements s on s.pair_id = o.pair_id and s.expires_at = o.expires_at
  cross join lateral (
    select case when s.pair_id is null then null
                when s.void then 'void'
                when s.end_price = o.open_price then 'tie'
                when (s.end_price > o.open_price) = (o.type = 1) then 'win'
                else 'loss' end as result
  ) r;
