-- Market data: candles of every resolution aggregated from spot trades, and the newest trades of
-- each pair (the ticker of the trading desk survives a restart). Written by the market-data
-- module only: candles at most once a second per changed candle, in one statement.

create table candles (
  pair_id integer not null references currency_pairs (id),
  -- 1min 3min 5min 15min 30min 60min 120min 240min 360min 720min 1day 3day 1week 1mon
  period text not null,
  -- start of the bucket; days, weeks and months start at 00:00 Asia/Shanghai
  open_time timestamptz not null,
  open numeric(38, 18) not null,
  high numeric(38, 18) not null,
  low numeric(38, 18) not null,
  close numeric(38, 18) not null,
  -- in the base currency
  volume numeric(38, 18) not null,
  primary key (pair_id, period, open_time)
);

-- At most the 30 newest trades per pair: a copy of what the spot module publishes, kept so
-- new_tradehistory has rows after a restart without reading another module's tables.
create table market_recent_trades (
  pair_id integer not null references currency_pairs (id),
  trade_id bigint not null,
  price numeric(38, 18) not null,
  quantity numeric(38, 18) not null,
  taker_side text not null check (taker_side in ('buy', 'sell')),
  traded_at timestamptz not null,
  primary key (pair_id, trade_id)
);
