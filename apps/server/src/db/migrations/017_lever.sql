-- Leveraged trading (core kind `lever`): positions and pending limit orders, their settings, the
-- overnight fee days, liquidations, the armed risk levels, and the insurance fund's account.

-- insurance: takes the part of a loss a user cannot pay, so no balance goes below zero
insert into users (account, password_hash, extension_code, kind)
values ('system:insurance', '!', 'SYSINSU1', 'insurance');

-- settings of every pair: the liquidation rate (percent) and the overnight fee's time (Asia/Shanghai)
create table lever_settings (
  id smallint primary key default 1 check (id = 1),
  liquidation_rate numeric(10, 4) not null default 110,
  overnight_time text not null default '00:00',
  overnight_from timestamptz not null default now(),
  overnight_version integer not null default 0
);
insert into lever_settings default values;

-- per pair (spread, fee and contract size are currency_pairs' spread, lever_trade_fee, lever_share_num)
create table lever_pair_settings (
  pair_id integer primary key references currency_pairs (id),
  multiples text not null default '5,10,20,50,100',
  shares text not null default '1,5,10,20,50',
  hands_min integer not null default 1,
  hands_max integer not null default 1000,
  overnight_rate numeric(10, 6) not null default 0.05,
  max_positions integer not null default 50,
  max_pending integer not null default 20
);
insert into lever_pair_settings (pair_id) select id from currency_pairs;
-- the fee is a percent of the contract value: 0.05 % where the seed had a fraction
update currency_pairs set lever_trade_fee = 0.05 where lever_trade_fee > 0 and lever_trade_fee < 0.01;

-- a lever order or position, written once per batch in its final state (no foreign keys: hot rows,
-- the audit's orphan checks instead). status 0 pending, 1 held, 3 closed, 4 revoked; type 1 long, 2 short.
-- Each open and close records the mark and its inputs (best bid, best ask, last trade).
create table lever_trades (
  id bigint primary key,
  user_id integer not null,
  pair_id integer not null,
  legal_id integer not null,
  currency_id integer not null,
  type smallint not null check (type in (1, 2)),
  status smallint not null check (status in (0, 1, 3, 4)),
  multiple integer not null,
  hands integer not null,
  share_num numeric(38, 18) not null,
  price numeric(38, 18) not null,
  target_price numeric(38, 18),
  spread numeric(38, 18) not null,
  fee_rate numeric(38, 18) not null,
  margin numeric(38, 18) not null,
  origin_margin numeric(38, 18) not null,
  fee numeric(38, 18) not null,
  overnight numeric(38, 18) not null default 0,
  take_profit numeric(38, 18),
  stop_loss numeric(38, 18),
  stop_version integer not null default 0,
  open_mark numeric(38, 18),
  open_bid numeric(38, 18),
  open_ask numeric(38, 18),
  open_last numeric(38, 18),
  close_price numeric(38, 18),
  close_mark numeric(38, 18),
  close_bid numeric(38, 18),
  close_ask numeric(38, 18),
  close_last numeric(38, 18),
  close_reason text,
  profits numeric(38, 18),
  uncovered numeric(38, 18) not null default 0,
  created_at timestamptz not null,
  opened_at timestamptz,
  closed_at timestamptz
);
create index lever_trades_live on lever_trades (status) where status in (0, 1);
create index lever_trades_user on lever_trades (user_id, status, id desc);

-- one row per charged day: a restart neither skips nor repeats one
create table lever_overnight_days (
  day date primary key,
  charged_at timestamptz not null,
  positions integer not null
);

-- every overnight charge with its mark and inputs
create table lever_overnight_charges (
  trade_id bigint not null,
  day date not null,
  user_id integer not null,
  rate numeric(38, 18) not null,
  mark numeric(38, 18) not null,
  best_bid numeric(38, 18),
  best_ask numeric(38, 18),
  last_trade numeric(38, 18),
  value numeric(38, 18) not null,
  amount numeric(38, 18) not null,
  from_available numeric(38, 18) not null,
  from_margin numeric(38, 18) not null,
  charged_at timestamptz not null,
  primary key (trade_id, day)
);

-- liquidations: the figures of the risk rate that called for them
create table lever_liquidations (
  id bigint primary key,
  user_id integer not null,
  legal_id integer not null,
  available numeric(38, 18) not null,
  margin numeric(38, 18) not null,
  unrealised numeric(38, 18) not null,
  liquidation_rate numeric(38, 18) not null,
  marks jsonb not null,
  trade_ids jsonb not null,
  liquidated_at timestamptz not null
);

-- the armed risk levels of each user and quote currency (the price triggers rebuilt at load)
create table lever_risk_watch (
  user_id integer not null,
  legal_id integer not null,
  version integer not null,
  levels jsonb not null,
  primary key (user_id, legal_id)
);
