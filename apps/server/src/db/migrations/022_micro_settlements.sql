-- Second contracts settle by instant. Every contract of a pair expiring at the same millisecond
-- ends at the same price (the pair's last trade at or before that instant), so a settlement is
-- one row per pair and instant, written once, and a contract's outcome follows from its own row
-- (direction, open price, stake, reserve) and its instant's end price. Contract rows are written
-- once, at the opening, and never updated.
create table micro_settlements (
  pair_id integer not null,
  expires_at timestamptz not null,
  -- the last spot trade of the pair at or before expires_at: its price and id
  end_price numeric(38, 18) not null,
  end_trade_id bigint not null,
  settled_at timestamptz not null,
  -- the reference of the ledger entries that paid this instant's contracts (one per owner and
  -- currency, and one for the house); null for instants settled before settlements had a row,
  -- whose contracts each have their own entries under 'micro:<id>'
  reference text,
  primary key (pair_id, expires_at)
);
create index micro_settlements_reference on micro_settlements (reference);

-- the instants settled before this table existed: their contracts all ended at the same trade
insert into micro_settlements (pair_id, expires_at, end_price, end_trade_id, settled_at, reference)
select pair_id, expires_at, min(end_price), min(end_trade_id), max(settled_at), null
  from micro_orders
 where status = 3
 group by pair_id, expires_at;

drop index if exists micro_orders_user;
drop index if exists micro_orders_running;
alter table micro_orders drop column status, drop column end_price, drop column end_trade_id, drop column result,
  drop column fact_profits, drop column settled_at;
create index micro_orders_user on micro_orders (user_id, id desc);
create index micro_orders_instant on micro_orders (pair_id, expires_at);

-- Every contract with its outcome: running (1) until its instant is settled, then closed (3),
-- with the end price, the result (up wins above the open price, down below it, equal is a tie)
-- and what it made (the reserve on a win, minus the stake on a loss, 0 on a tie).
create view micro_contracts as
select o.*,
       (case when s.pair_id is null then 1 else 3 end)::smallint as status,
       s.end_price,
       s.end_trade_id,
       r.result,
       case r.result when 'win' then o.reserve when 'loss' then -o.number when 'tie' then 0 end::numeric(38, 18) as fact_profits,
       s.settled_at,
       s.reference as settlement_reference
  from micro_orders o
  left join micro_settlements s on s.pair_id = o.pair_id and s.expires_at = o.expires_at
  cross join lateral (
    select case when s.end_price is null then null
                when s.end_price = o.open_price then 'tie'
                when (s.end_price > o.open_price) = (o.type = 1) then 'win'
                else 'loss' end as result
  ) r;
