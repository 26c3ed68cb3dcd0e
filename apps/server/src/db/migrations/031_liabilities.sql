-- Proof of liabilities (docs/proof-of-liabilities.md): snapshots of every balance at a batch
-- boundary, the Merkle sum tree's root per currency, every user's leaf (for their proof), and
-- the platform's own accounts listed apart.

create table liability_snapshots (
  id bigint primary key,
  taken_at timestamptz not null,
  cause text not null check (cause in ('operator', 'daily')),
  requested_by integer references operators (id),
  -- the UTC day of a daily snapshot: one per day
  day date unique,
  -- the last ledger entry the snapshot's balances include
  ledger_boundary bigint not null,
  status text not null default 'building' check (status in ('building', 'published')),
  published_at timestamptz
);
create index liability_snapshots_published on liability_snapshots (status, id);

create table liability_roots (
  snapshot_id bigint not null references liability_snapshots (id),
  currency_id integer not null references currencies (id),
  root_hash text not null,
  -- every user's balance in the currency: may pass a money column's 20 whole digits
  total numeric not null check (total >= 0),
  -- the leaves, padded to a power of two
  leaf_count integer not null,
  users integer not null,
  primary key (snapshot_id, currency_id)
);

-- written once per snapshot and currency, read by position for a proof: no foreign keys
create table liability_leaves (
  snapshot_id bigint not null,
  currency_id integer not null,
  position integer not null,
  user_id integer not null,
  salt text not null,
  balance numeric(38, 18) not null check (balance >= 0),
  primary key (snapshot_id, currency_id, position)
);
create index liability_leaves_user on liability_leaves (snapshot_id, user_id);

create table liability_platform_accounts (
  snapshot_id bigint not null references liability_snapshots (id),
  user_id integer not null references users (id),
  account text not null,
  currency_id integer not null references currencies (id),
  balance numeric(38, 18) not null,
  primary key (snapshot_id, user_id, currency_id)
);
