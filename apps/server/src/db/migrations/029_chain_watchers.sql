-- Chain watchers (issue 29): where each watcher has read its network up to, durably, so a restart
-- neither misses nor repeats a block. A watcher reads a block only once it has the network's
-- confirmations; the money itself is credited by the core under the output's key
-- (deposit:<network>:<hash>:<index>), never here.
--
-- chain_cursors: per watcher ('erc20', 'trc20', 'btc'), the last block read and its hash.
-- chain_cursor_blocks: the hashes of the last blocks read, so a reorganisation deeper than the
-- confirmations finds the fork point (the highest block whose hash the node still has) and the
-- watcher reads again from there.
create table chain_cursors (
  watcher text primary key,
  height bigint not null check (height >= -1),
  block_hash text not null,
  updated_at timestamptz not null default now()
);

create table chain_cursor_blocks (
  watcher text not null,
  height bigint not null,
  block_hash text not null,
  primary key (watcher, height)
);

-- The hot wallet's sends (EVM): one row per withdrawal it took, written BEFORE the transaction is
-- broadcast, with the nonce it holds and every hash signed for it (a replacement keeps the nonce,
-- so at most one of them can ever be mined: the withdrawal is never paid twice). The withdrawal's
-- own state (approved, its hash, success, back to the operators) is the core's: these rows only
-- say what the sender did on chain. A withdrawal with a row is never taken again; a 'returned'
-- one is the operators' to send by hand or fail.
create table hot_wallet_sends (
  withdrawal_id bigint primary key,
  network text not null,
  sender text not null,
  nonce bigint not null,
  currency_id integer not null,
  -- what leaves the platform (the withdrawal's amount less its fee), and its USDT value for the limits
  amount numeric(38, 18) not null,
  usdt_value numeric(38, 18) not null,
  -- every transaction signed for this nonce, oldest first (comma-separated), and the last one raw
  tx_hashes text not null,
  raw_tx text not null,
  max_fee_per_gas numeric(78, 0) not null,
  max_priority_fee_per_gas numeric(78, 0) not null,
  status text not null check (status in ('pending', 'confirmed', 'returned')),
  mined_hash text not null default '',
  note text not null default '',
  created_at timestamptz not null,
  broadcast_at timestamptz not null,
  unique (network, sender, nonce)
);
create index hot_wallet_sends_status on hot_wallet_sends (status);
