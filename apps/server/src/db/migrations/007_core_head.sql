-- The core's batch sequence (decision 0006): each batch write moves `seq` from the previous
-- batch's number to its own, or writes nothing. Two batches may be in flight at once; the second
-- waits on this row for the first to commit, and writes nothing if the first did not.
create table core_head (
  id smallint primary key default 1 check (id = 1),
  seq bigint not null
);
insert into core_head (id, seq) values (1, 0);
