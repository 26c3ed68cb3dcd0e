-- A signed order's admission is recorded by the core, in the batch that applies the order. The
-- attempt is made anew for each request a gateway checks: the core tells a gateway's resend of the
-- same command (same attempt: answered by its idempotency key) from a copy of the request (another
-- attempt: refused as replayed). Rows of the gateways' own admissions (reads, cancels, transfers,
-- withdrawals) leave it null.
alter table api_request_nonces add column attempt text;
