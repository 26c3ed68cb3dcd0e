-- Wrong passwords no longer lock an account (anyone could lock anyone out by guessing): they make
-- the next try wait, counted per typed account and per client address (modules/auth/login-backoff.ts);
-- operators' logins are counted here too, under scopes of their own (modules/admin/login-backoff.ts).
create table login_failures (
  scope text not null check (scope in ('account', 'address', 'operator-account', 'operator-address')),
  -- the account as typed (lower-cased), known or not; or the client address (an IPv6 network by its
  -- /64); for operators, the e-mail as typed (lower-cased) or the client address
  key text not null,
  failures integer not null,
  last_failure_at timestamptz not null,
  primary key (scope, key)
);
create index login_failures_age on login_failures (last_failure_at);

-- the guessing locks of the old rule are lifted; operators' locks (with a reason) stay
update users set locked_until = null where lock_reason = '' and locked_until is not null;
alter table users drop column failed_logins;

-- an address a user has logged in from: a wait caused by others' guesses does not stop it
create index sessions_user_ip on sessions (user_id, ip);
