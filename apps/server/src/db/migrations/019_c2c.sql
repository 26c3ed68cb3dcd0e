-- Peer-to-peer fiat trading (c2c) and the payment methods it needs.

-- A user's payment methods: plain user data, written by the c2c module (not the core).
create table user_cash_info (
  user_id integer primary key references users (id),
  real_name text not null,
  bank_name text not null default '',
  bank_account text not null default '',
  alipay_account text not null default '',
  wechat_nickname text not null default '',
  wechat_account text not null default '',
  updated_at timestamptz not null default now()
);

-- Ads and orders are core rows (written only by the core's batch): no foreign keys, the audit's
-- orphan checks instead. Amounts are coins; price and deal_money are CNY.
create table c2c_ads (
  id bigint primary key,
  user_id integer not null,
  type text not null check (type in ('buy', 'sell')),
  currency_id integer not null,
  price numeric(38, 18) not null,
  total numeric(38, 18) not null,
  -- what no order holds: for a sell ad, still escrowed in the publisher's legal wallet
  remaining numeric(38, 18) not null,
  min_number numeric(38, 18) not null default 0,
  max_number numeric(38, 18) not null default 0,
  -- comma-separated: ali_pay, we_chat, bank
  ways text not null,
  status text not null check (status in ('open', 'withdrawn', 'done')),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index c2c_ads_market on c2c_ads (type, currency_id, id) where status = 'open';
create index c2c_ads_user on c2c_ads (user_id, id desc);

create table c2c_orders (
  id bigint primary key,
  ad_id bigint not null,
  type text not null check (type in ('buy', 'sell')),
  publisher_id integer not null,
  taker_id integer not null,
  buyer_id integer not null,
  seller_id integer not null,
  currency_id integer not null,
  price numeric(38, 18) not null,
  number numeric(38, 18) not null,
  deal_money numeric(38, 18) not null,
  -- 0 unpaid, 3 paid, 1 done, 2 cancelled
  status smallint not null check (status in (0, 1, 2, 3)),
  -- buyer, timeout (the payment window ended) or operator (a ruling returned the coins)
  cancel_reason text not null default '',
  created_at timestamptz not null,
  pay_by timestamptz not null,
  paid_at timestamptz,
  finished_at timestamptz,
  appeal_by integer,
  appeal_message text not null default '',
  appeal_image text not null default '',
  appealed_at timestamptz,
  -- an operator's ruling on an appeal: release (to the buyer) or return (to the seller)
  resolution text not null default '',
  resolved_by integer,
  updated_at timestamptz not null
);
create index c2c_orders_ad on c2c_orders (ad_id, id desc);
create index c2c_orders_taker on c2c_orders (taker_id, id desc);
create index c2c_orders_unfinished on c2c_orders (status) where status in (0, 3);
create index c2c_orders_cancelled on c2c_orders (finished_at) where status = 2;
create index c2c_orders_appealed on c2c_orders (appealed_at) where appealed_at is not null and status = 3;
