-- Merchant server integration (issue 10): a secret key and a webhook secret per merchant, and an
-- outbox of webhook events filled by the same database transaction that changes an outcome.

-- Only the SHA-256 of the secret key (a 256-bit random key needs no slow hash); the webhook secret
-- must stay readable to sign with it.
alter table merchants add column secret_key_hash text unique;
alter table merchants add column webhook_url text;
alter table merchants add column webhook_secret text;

-- One row per event and its delivery state. The payload is a snapshot of the transaction when the
-- event happened, so a retry sends the same body however the transaction moves on.
create table webhook_events (
  id text primary key default 'evt_' || replace(gen_random_uuid()::text, '-', ''),
  merchant_id integer not null references merchants (id),
  cod_oper text not null,
  method text not null,
  status integer not null,
  auth_status text not null,
  amount_cents integer not null,
  tax_cents integer not null,
  link_code text,
  created_at timestamptz not null default now(),
  -- pending until a 2xx (delivered) or until the retries run out (failed).
  state text not null default 'pending',
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status_code integer,
  last_error text,
  delivered_at timestamptz
);
create index if not exists webhook_events_due on webhook_events (next_attempt_at) where state = 'pending';
create index if not exists webhook_events_merchant on webhook_events (merchant_id, created_at);

-- Every method records and settles through the transactions table, so one trigger catches every
-- outcome: a new payment, a settle, an expiry, a subscription charge. Merchants without a
-- webhookUrl get no rows.
create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code)
  select new.merchant_id, new.cod_oper, new.method, new.status, new.auth_status, new.amount_cents, new.tax_cents, new.link_code
    from merchants m where m.id = new.merchant_id and m.webhook_url is not null;
  return null;
end $$;

create trigger transactions_webhook_insert after insert on transactions
  for each row execute function pasarela_webhook_outbox();

create trigger transactions_webhook_update after update on transactions
  for each row when (old.status is distinct from new.status or old.auth_status is distinct from new.auth_status)
  execute function pasarela_webhook_outbox();
