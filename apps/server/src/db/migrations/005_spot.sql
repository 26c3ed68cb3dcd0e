-- Spot trading: orders and trades, written by the core with the ledger entries of the same batch.

create table spot_orders (
  id bigint primary key,
  user_id integer not null references users (id),
  pair_id integer not null references currency_pairs (id),
  side text not null check (side in ('buy', 'sell')),
  -- limit or market
  type text not null,
  price numeric(38, 18),
  quantity numeric(38, 18) not null,
  filled numeric(38, 18) not null default 0,
  -- Σ price × quantity of the fills
  filled_quote numeric(38, 18) not null default 0,
  -- funds still held for the order (quote for a buy, base for a sell)
  locked numeric(38, 18) not null default 0,
  -- open, filled, cancelled
  status text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index spot_orders_user_open on spot_orders (user_id, pair_id, side, id desc) where status = 'open';
create index spot_orders_open on spot_orders (pair_id, id) where status = 'open';
create index spot_orders_user on spot_orders (user_id, id desc);

create table spot_trades (
  id bigint primary key,
  pair_id integer not null references currency_pairs (id),
  price numeric(38, 18) not null,
  quantity numeric(38, 18) not null,
  taker_side text not null,
  buy_order_id bigint not null,
  sell_order_id bigint not null,
  buyer_id integer not null references users (id),
  seller_id integer not null references users (id),
  -- the buyer pays its fee in the base currency it receives, the seller in the quote
  buyer_fee numeric(38, 18) not null,
  seller_fee numeric(38, 18) not null,
  created_at timestamptz not null
);
create index spot_trades_pair on spot_trades (pair_id, id desc);
create index spot_trades_buyer on spot_trades (buyer_id, id desc);
create index spot_trades_seller on spot_trades (seller_id, id desc);
