-- The reconciler's pass (store/attemptsToReconcile.ts) looks for the cash, Nequi and Yappy waits past
-- their window that have not ended. Through transactions_lapsing (migration 006) it read every wait
-- that ever lapsed, since an ended Nequi or Yappy push keeps status 0 (their status tables have no
-- code of its own for it: the auth status, DECLINED or EXPIRED, says it ended) and its expires_at:
-- with 100,000 expired pushes, 128 ms on every pass of every node. This index holds the waits not
-- ended alone. Its predicate is the query's, word for word; the ended auth
-- statuses are core's ENDED_UNPAID_AUTH_STATUSES.
create index if not exists transactions_open_waits on transactions (expires_at)
  where status in (0, -1) and method in ('cash', 'nequi', 'yappy') and auth_status not in ('DECLINED', 'EXPIRED', 'CANCELLED', 'ERROR');
