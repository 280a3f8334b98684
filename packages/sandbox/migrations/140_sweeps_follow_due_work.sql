-- What the timers and the load balancer's /health look for is found through an index of the few rows
-- concerned, never by reading every payment ever made: their cost follows the work due, not the
-- history (at 235,000 payments, /health took 160 ms and the crypto overpayment pass 139 ms of
-- database time each, by sequential scans).

-- The crypto overpayments still owed to their payers (store/giveBacks.ts claimOverpayments).
create index if not exists transactions_overpayment_pending on transactions (id)
  where method = 'crypto' and details -> 'overpayment' ->> 'status' = 'pending';

-- The attempts still to settle, in doubt or waiting within or past their window, by processor and
-- method (store/attemptsToReconcile.ts attemptsOfOtherProcessors, asked at start and by /health).
-- Its predicate is the query's, word for word: PostgreSQL uses a partial index only for a query
-- whose condition implies the index's. The ended auth statuses are core's ENDED_UNPAID_AUTH_STATUSES.
create index if not exists transactions_to_settle on transactions (processor, method)
  where processor is not null
    and (auth_status = 'PROCESSING'
      or (status in (0, -1) and method in ('cash', 'nequi', 'yappy') and auth_status not in ('DECLINED', 'EXPIRED', 'CANCELLED', 'ERROR')));

-- Made for that query (migration 070), which its condition never let it use.
drop index if exists transactions_in_doubt_processor;
