-- A dispute's id as merchants see it, apart from the processor's reference (which a processor may
-- derive from the payment, such as the test cards' base64 of its charge): random, stored, stable.
alter table gateway_disputes add column public_id text;
-- A dispute opened before keeps the id its webhooks, change-feed events and ledger lines already
-- carry, so every id a merchant holds still resolves.
update gateway_disputes set public_id = reference;
alter table gateway_disputes alter column public_id set default 'dp_' || replace(gen_random_uuid()::text, '-', '');
alter table gateway_disputes alter column public_id set not null;
create unique index if not exists gateway_disputes_public_id on gateway_disputes (public_id);
