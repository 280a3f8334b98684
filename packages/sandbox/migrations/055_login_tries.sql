-- Login tries are counted per login as typed (core loginTryKey), whether or not an account has it,
-- so a lockout answers alike for unknown and real accounts (docs/api.md "POST login").
create table login_tries (
  login_key text primary key,
  tries integer not null,
  locked_until timestamptz
);
