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
