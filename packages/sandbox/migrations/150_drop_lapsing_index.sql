-- Migration 006's transactions_lapsing (status 0 or -1 with an expires_at) is read by no query since
-- migration 145: the reconciler's pass finds the waits not ended through transactions_open_waits. An
-- ended Nequi or Yappy push keeps status 0 and its expires_at, so the old index held every push that
-- ever lapsed, and every cash, Nequi and Yappy payment's insert and outcome still wrote to it.
drop index if exists transactions_lapsing;
