-- Guessing the six-digit payment password (the last check before a withdrawal leaves) is limited:
-- a number of tries per window, after which withdrawals wait (modules/users/pay-password-check.ts).
alter table users add column pay_password_tries integer not null default 0;
alter table users add column pay_password_locked_until timestamptz;
