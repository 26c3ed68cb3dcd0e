-- A withdrawal to another user's deposit address is settled inside the platform when approved
-- (an "in-station" success): no chain transaction, the amount goes to that user's change
-- wallet. recipient_id names that user; chain withdrawals leave it null. No foreign key: the core
-- writes this table (decision 0007), and the recipient comes from deposit_addresses.
alter table withdrawals add column recipient_id integer;
alter table withdrawals drop constraint if exists withdrawals_status_check;
alter table withdrawals add constraint withdrawals_status_check
  check (status in ('applying', 'approved', 'success', 'failed', 'rejected', 'in_station'));
