-- Second contracts (micro): a stake on whether a pair's price is up or down after some seconds.
-- Written only by the core (kind `micro`); no foreign keys on these hot rows, the audit checks
-- that every contract names a user, currency and pair that exist (decision 0007).
create table micro_orders (
  id bigint primary key,
  user_id integer not null,
  pair_id integer not null,
  -- the currency staked, paid out and charged the fee, from the micro wallet
  currency_id integer not null,
  -- 1 up, 2 down
  type smallint not null check (type in (1, 2)),
  seconds integer not null check (seconds > 0),
  number numeric(38, 18) not null check (number > 0),
  fee numeric(38, 18) not null check (fee >= 0),
  -- percent of the stake a win pays on top of the stake
  profit_ratio numeric(38, 18) not null check (profit_ratio >= 0),
  -- number × profit_ratio ÷ 100: held by the house from the opening until the settlement
  reserve numeric(38, 18) not null check (reserve >= 0),
  -- the pair's mark at the opening, and its inputs (best bid, best ask, last trade)
  open_price numeric(38, 18) not null,
  open_bid numeric(38, 18),
  open_ask numeric(38, 18),
  open_last numeric(38, 18) not null,
  opened_at timestamptz not null,
  expires_at timestamptz not null,
  -- 1 running, 3 closed
  status smallint not null check (status in (1, 3)),
  -- the last spot trade of the pair at or before expires_at: its price and id
  end_price numeric(38, 18),
  end_trade_id bigint,
  -- win, loss or tie
  result text check (result in ('win', 'loss', 'tie')),
  -- what the contract made: the profit of a win, minus the stake of a loss, 0 for a tie
  fact_profits numeric(38, 18),
  settled_at timestamptz
);
create index micro_orders_user on micro_orders (user_id, status, id desc);
create index micro_orders_running on micro_orders (id) where status = 1;

-- "the last trade of a pair at or before T", at a restart and in the audit
create index spot_trades_pair_time on spot_trades (pair_id, created_at desc, id desc);
