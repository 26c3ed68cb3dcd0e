-- Phone accounts are named by their E.164 number: `+`, the dialling code, the national number
-- without its trunk prefix. Every statement here may run again without changing anything more.

-- The shared guest account is not a phone account: its name stays a label and it has no phone.
update users set phone = '', country_code = '' where is_vistor and phone <> '';

-- A phone account (named by its digits) takes the dialling code recorded at its registration;
-- where none was recorded, 86, the code registration has always assumed when none was sent.
-- The trunk prefix goes as the server's rule says (a leading 0, kept in Italy, San Marino and the
-- Vatican; a 1 before 10 North American digits; an 8 before 10 digits under 7). A number that would
-- be longer than E.164 allows, or whose E.164 form an older account already takes, keeps its name:
-- login still finds it by the name as typed (docs/accounts.md).
with legacy as (
  select id,
         coalesce(nullif(regexp_replace(country_code, '[^0-9]', '', 'g'), ''), '86') as code,
         phone as digits
    from users
   where kind = 'user' and not is_vistor and account = phone and phone ~ '^[0-9]+$'
),
national as (
  select id, code,
         case
           when code in ('39', '378', '379') then digits
           when code = '1' and length(digits) = 11 and digits like '1%' then substr(digits, 2)
           when code = '7' and length(digits) = 11 and digits like '8%' then substr(digits, 2)
           when digits like '0%' then substr(digits, 2)
           else digits
         end as number
    from legacy
),
named as (
  select id, code, '+' || code || number as e164,
         row_number() over (partition by '+' || code || number order by id) as rank
    from national
   where length(number) >= 4 and length(code) + length(number) <= 15
)
update users u
   set account = n.e164, phone = n.e164, country_code = n.code
  from named n
 where u.id = n.id and n.rank = 1
   and not exists (select 1 from users other where other.account = n.e164);

-- Uploads are kept once something references them (an identity submission, a deposit's proof);
-- the rest are deleted a day after upload.
alter table uploads add column if not exists referenced_at timestamptz;

update uploads u set referenced_at = u.created_at
 where u.referenced_at is null
   and (exists (select 1 from identity_submissions s
                 where right(s.front_pic, length(u.file_name) + 9) = '/uploads/' || u.file_name
                    or right(s.reverse_pic, length(u.file_name) + 9) = '/uploads/' || u.file_name
                    or right(s.hand_pic, length(u.file_name) + 9) = '/uploads/' || u.file_name)
        or exists (select 1 from deposit_requests d
                    where right(d.proof_url, length(u.file_name) + 9) = '/uploads/' || u.file_name));

create index if not exists uploads_unreferenced on uploads (created_at) where referenced_at is null;
create index if not exists uploads_user_created on uploads (user_id, created_at);
