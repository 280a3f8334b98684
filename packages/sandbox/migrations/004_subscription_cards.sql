-- The card a subscription charges when due: its token, brand and last four, never the number.
alter table subscriptions add column card_token text;
alter table subscriptions add column card_brand text;
alter table subscriptions add column card_last4 text;
alter table subscriptions add column payer_name text not null default '';
