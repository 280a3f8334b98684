-- A subscription's payer's language (es or en): the one of the payment that activated it. Each
-- renewal is recorded and its receipt e-mailed in it. Subscriptions activated before: Spanish, as
-- their renewals were until now.
alter table subscriptions add column if not exists lang text not null default 'es' check (lang in ('es', 'en'));
