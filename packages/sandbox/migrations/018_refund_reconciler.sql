-- The refund reconciler (src/payments/reconcileRefunds.ts): a refund left pending (its gateway never
-- answered) is claimed by one node for a while (checked_at) before that node asks the gateway by the
-- refund's key, so that nodes running the same sweep do not ask twice.
alter table refunds add column checked_at timestamptz;
create index if not exists refunds_pending on refunds (created_at) where state = 'pending';
