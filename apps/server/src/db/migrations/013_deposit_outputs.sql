-- A deposit is one output of a transaction, not the whole transaction: a UTXO output index (BTC)
-- or a log index (ERC-20, TRC-20 transfer events). Two outputs of one transaction are two
-- deposits, possibly to two users; the same output is credited once.
--
-- output_index: the output's index; rows made before this migration were whole transactions and
-- become output 0. to_address: where the output went on chain (a user's derived deposit address
-- for a chain report, the company address for a manual claim); chain rows made before this
-- migration take their owner's derived address, earlier manual claims stay empty (never recorded).
-- superseded_by: a manual claim closed because the chain watcher reported the same output to a
-- derived address names the chain deposit that replaced it (the claim's status is 2, rejected).
alter table deposit_requests add column output_index integer not null default 0 check (output_index >= 0);
alter table deposit_requests add column to_address text not null default '';
alter table deposit_requests add column superseded_by bigint;

update deposit_requests d set to_address = a.address
  from deposit_addresses a
 where d.source = 'chain' and a.user_id = d.user_id and a.network = d.network;

-- every new row names its output and destination itself
alter table deposit_requests alter column output_index drop default;
alter table deposit_requests alter column to_address drop default;

-- one live (pending or confirmed) request per output; every supported network writes hashes in
-- hex, where letter case means nothing. A rejected or superseded request holds nothing.
drop index deposit_requests_live_hash;
create unique index deposit_requests_live_output on deposit_requests (network, lower(tx_hash), output_index) where status <> 2;

-- The core's key of a chain credit now names the output, `deposit:<network>:<hash>:<index>`.
-- Credits made under the former per-transaction key `deposit:<network>:<hash>` were output 0:
-- their key under the new form is recorded as spent too, so replaying one credits nothing.
insert into core_commands (idempotency_key, kind, applied_at)
select idempotency_key || ':0', kind, applied_at
  from core_commands
 where idempotency_key like 'deposit:%' and idempotency_key not like 'deposit:%:%:%'
on conflict (idempotency_key) do nothing;
