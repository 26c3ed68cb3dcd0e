-- Turns: one task at a time per key across every server process (docs/deployment.md). A process
-- takes a key with one conditional write (a row that is absent or whose lease has run out) and
-- gives it back by deleting its own row; a process that dies mid-task holds its keys until the
-- lease runs out. Times are the database's clock, so processes on different machines agree.
create table turns (
  key text primary key,
  holder text not null,
  until timestamptz not null
);
