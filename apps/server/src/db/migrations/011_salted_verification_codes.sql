-- Verification codes are kept as HMAC-SHA256 under a random salt of their own row: a six-digit
-- code's plain digest is read back by trying all million codes, a salted one must be tried row by
-- row. Codes written before keep their row (it still counts towards the sending limits) but lose
-- their unsalted digest and can no longer pass: the user asks for a new code.
alter table verification_codes add column code_salt text not null default '';
update verification_codes set code_hash = '', used_at = coalesce(used_at, created_at) where code_salt = '';
