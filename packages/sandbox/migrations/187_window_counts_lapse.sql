-- code_tries also counts the e-mails an address gets and an account sends (core mailLimits), one row
-- per address ever written to: the nodes delete the rows whose window has ended
-- (store/windowCounts.ts forgetLapsedWindowCounts), so they do not pile up for good.
create index if not exists code_tries_lapse on code_tries (window_ends_at);
