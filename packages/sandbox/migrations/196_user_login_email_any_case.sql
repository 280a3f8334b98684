-- A wallet account's login and e-mail are each one account's in any case: every path that creates an
-- account (sign-up, the console's POST /sandbox/users) checks and inserts it under one advisory lock
-- (store/users.ts insertUniqueUser), comparing without case as login finds an account. These indexes
-- hold it in the database too, and serve login's look-up by lower(login) or lower(email). A database
-- that already holds two accounts differing only in case (made by the console before the lock covered
-- it) keeps them: there the index of that column is a plain one, so this migration does not fail, and
-- the lock still refuses any new clash; once an operator has renamed one of each pair, the unique
-- index can be made by hand (docs/operations.md "Accounts differing only in case").
do $$
begin
  if exists (select 1 from users group by lower(login) having count(*) > 1) then
    create index if not exists users_login_any_case on users (lower(login));
  else
    create unique index if not exists users_login_any_case on users (lower(login));
  end if;
  if exists (select 1 from users group by lower(email) having count(*) > 1) then
    create index if not exists users_email_any_case on users (lower(email));
  else
    create unique index if not exists users_email_any_case on users (lower(email));
  end if;
end $$;
