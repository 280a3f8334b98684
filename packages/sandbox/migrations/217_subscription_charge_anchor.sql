-- When the subscription's schedule starts (store/catalog.ts activateSubscription): its charges fall a
-- whole number of periods after it (core renewedSubscriptionChargeDate), so a monthly plan started on
-- Jan 31 is charged Feb 28 and then Mar 31. Null for one activated before it was kept: its renewals
-- count from the date each was due, as they did.
alter table subscriptions add column if not exists charge_anchor_at timestamptz;
