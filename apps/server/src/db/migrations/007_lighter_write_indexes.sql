-- Fewer index writes per order (docs/performance.md): every placed order wrote nine index
-- entries. Two of them served no query:
-- - ledger entries are looked up by reference only to pair the two sides of a transfer
--   (wallet/hzhistory), so only transfers need that index;
-- - open orders are loaded at start by status alone, and per user through spot_orders_user_open.
drop index ledger_entries_reference;
create index ledger_entries_transfer_reference on ledger_entries (reference) where reason = 'transfer';
drop index spot_orders_open;
-- balances are rewritten in place on every batch: room on each page keeps those updates HOT
alter table balances set (fillfactor = 70);
