-- The e-mail the payer gave with the payment that activated the subscription (store/catalog.ts
-- activateSubscription): its renewals' receipts go there. Null for one activated before it was kept:
-- its renewals go to the subscription's own e-mail, as they did.
alter table subscriptions add column if not exists payer_email text;
