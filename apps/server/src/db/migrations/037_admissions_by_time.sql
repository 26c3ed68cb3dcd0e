-- A signed request's admission row is keyed by the request's signed timestamp first. New rows then
-- go in at the right-hand end of the key's index, in time order, instead of at a random place of a
-- large index (the signature is random), and sweeping expired rows walks the same index, so the
-- separate expiry index goes. A replay carries the same timestamp as the request it copies (the
-- signature covers it), so the primary key still refuses it.
alter table api_request_nonces add column sent_at bigint;
-- every row so far expires 61 s after its timestamp (the longest receive window, 60 s, and a second)
update api_request_nonces set sent_at = (extract(epoch from expires_at) * 1000)::bigint - 61000;
alter table api_request_nonces alter column sent_at set not null;
alter table api_request_nonces drop constraint api_request_nonces_pkey;
alter table api_request_nonces add primary key (sent_at, key_id, signature);
drop index api_request_nonces_expiry;
