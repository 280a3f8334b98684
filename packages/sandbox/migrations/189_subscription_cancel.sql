-- A merchant cancels a subscription (docs/merchant-api.md "Subscriptions"): status 2, when it was
-- cancelled, and no next charge. A renewal is claimed only while status = 1 (store/subscriptions.ts),
-- so once the cancel's conditional write commits no node claims another.
alter table subscriptions add column if not exists cancelled_at timestamptz;

-- The merchant's list (GET /subscriptions) reads its plans' subscriptions, newest first.
create index if not exists subscriptions_plan_id on subscriptions (plan_id, id);
