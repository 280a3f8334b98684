-- The date the renewal last claimed was due (store/subscriptions.ts). A renewal its processor never
-- received is due again from that date, so the subscription keeps its schedule; before, it was due
-- again from the moment the reconciler gave it back, and every later charge came that much later.
alter table subscriptions add column if not exists renewal_due_at timestamptz;
