-- The core's hot tables lose their foreign keys (decision 0007). Their checks were a quarter of a
-- batch write's time (four trigger calls per placed order), and they guarded nothing the core's
-- own invariants do not already hold:
-- - every ledger entry, order and trade moves a balance of its users in the same batch, and a new
--   balance row still checks its user and currency (balances keeps its foreign keys);
-- - orders and trades name only pairs the core loaded from currency_pairs, which are never deleted;
-- - users and currencies are never deleted.
-- The audit (core/audit.ts) reports any row whose user, currency or pair does not exist.
alter table ledger_entries drop constraint if exists ledger_entries_user_id_fkey;
alter table ledger_entries drop constraint if exists ledger_entries_currency_id_fkey;
alter table spot_orders drop constraint if exists spot_orders_user_id_fkey;
alter table spot_orders drop constraint if exists spot_orders_pair_id_fkey;
alter table spot_trades drop constraint if exists spot_trades_pair_id_fkey;
alter table spot_trades drop constraint if exists spot_trades_buyer_id_fkey;
alter table spot_trades drop constraint if exists spot_trades_seller_id_fkey;
