-- The number of the core's last durable batch (docs/deployment.md "How a gateway follows the
-- core"). The batch statement that writes a batch sets it, so the state a reader loads in one
-- snapshot is exactly the state after that batch; a gateway applies the core's later batches from
-- there. One row, never more.
create table core_batch_sequence (
  id smallint primary key check (id = 1),
  sequence bigint not null check (sequence >= 0)
);
insert into core_batch_sequence (id, sequence) values (1, 0);
