-- "5 failures lock 15 min" counts the failures of a window (core LOGIN_TRIES_WINDOW_MS) from its first
-- try: a try after the window starts a new count. A row whose window and lock have both passed says
-- nothing any more, and the nodes delete such rows (store/users.ts forgetLapsedLoginTries), so
-- logins typed by nobody's account do not pile up for good.
alter table login_tries add column counted_since timestamptz not null default now();
create index if not exists login_tries_lapse on login_tries (counted_since);
