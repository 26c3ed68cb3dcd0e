-- Idempotency-Key (issue 25): the first reply to a keyed request, per caller. The core commands the
-- request issues take keys derived from (caller, key, created_at), so what applied is never applied
-- again, even when the server died before this row got its reply.
create table idempotency_requests (
  caller text not null,
  idempotency_key text not null,
  request_hash text not null,
  -- the first final reply (the JSON body); null while the first attempt runs or if it died
  reply text,
  reply_status int,
  created_at timestamptz not null default now(),
  primary key (caller, idempotency_key)
);
create index idempotency_requests_created_at on idempotency_requests (created_at);

-- Readiness (issue 25): after a failed batch write the core probes with this one-row write until the
-- database takes writes again.
create table core_write_probe (
  id int primary key,
  written_at timestamptz not null
);
