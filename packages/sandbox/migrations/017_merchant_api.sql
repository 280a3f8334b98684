-- The merchant's server API (docs/merchant-api.md): payment links with the shop's own order
-- reference and metadata, refunds and voids, and idempotency keys kept in the database.

-- The shop's own id for a link (unique per merchant when given) and a small string map it keeps
-- there (routes/merchant/merchantSchemas.ts holds the limits).
alter table payment_links add column order_reference text;
alter table payment_links add column metadata jsonb not null default '{}';
create unique index if not exists payment_links_order_reference on payment_links (merchant_id, order_reference) where order_reference is not null;
create index if not exists payment_links_merchant on payment_links (merchant_id, id);
create index if not exists transactions_merchant on transactions (merchant_id, id);

-- What was given back of a payment so far, by the refunds that went through; never above what was paid.
alter table transactions add column refunded_cents integer not null default 0;

-- One row per refund. A refund is `pending` from the moment it holds its part of what remains (the
-- payment's row locked, the sum of the others checked, in one transaction) until its gateway
-- answers: `succeeded` adds it to transactions.refunded_cents, `failed` lets the amount go.
create table refunds (
  id text primary key default 're_' || replace(gen_random_uuid()::text, '-', ''),
  cod_oper text not null references transactions (cod_oper),
  merchant_id integer not null references merchants (id),
  amount_cents integer not null check (amount_cents > 0),
  state text not null default 'pending' check (state in ('pending', 'succeeded', 'failed')),
  failure text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refunds_payment on refunds (cod_oper, created_at);

-- Idempotency-Key on the merchant API's POSTs: the first request with a key inserts its row (a
-- conditional insert, so of two at once on any node only one runs); its answer is kept with it and
-- given to every repeat with the same body for 24 hours.
create table idempotency_keys (
  merchant_id integer not null references merchants (id),
  key text not null,
  -- The method and path called, and the SHA-256 of the body: a repeat must match both.
  request_path text not null,
  request_hash text not null,
  state text not null default 'running' check (state in ('running', 'done')),
  status_code integer,
  -- The answer's JSON text as first sent, so a repeat gets the same bytes.
  answer text,
  created_at timestamptz not null default now(),
  primary key (merchant_id, key)
);
create index if not exists idempotency_keys_created on idempotency_keys (created_at);

-- Webhook events carry the link's order reference and metadata, what was refunded, and their own
-- type when it is not the transaction's overall result (a refund, a void).
alter table webhook_events add column event_type text;
alter table webhook_events add column order_reference text;
alter table webhook_events add column metadata jsonb;
alter table webhook_events add column refunded_cents integer not null default 0;
alter table webhook_events add column refund_made jsonb;

create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents)
  select new.merchant_id, new.cod_oper, new.method, new.status, new.auth_status, new.amount_cents, new.tax_cents, new.link_code, new.details -> 'refund',
    -- The merchant's own void of a waiting payment is its own event; anything else is named by the result.
    case when new.details ->> 'cancelReason' = 'merchant' and (tg_op = 'INSERT' or old.auth_status is distinct from new.auth_status)
      then 'transaction.voided' end,
    l.order_reference, l.metadata, new.refunded_cents
    from merchants m left join payment_links l on l.code = new.link_code
   where m.id = new.merchant_id and m.webhook_url is not null;
  return null;
end $$;

-- A refund that went through is an event of its own, with the payment as it stands after it.
create or replace function pasarela_refund_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, refund_made)
  select t.merchant_id, t.cod_oper, t.method, t.status, t.auth_status, t.amount_cents, t.tax_cents, t.link_code, t.details -> 'refund',
    'transaction.refunded', l.order_reference, l.metadata, t.refunded_cents,
    json_build_object('id', new.id, 'amountCents', new.amount_cents, 'createdAt', new.created_at)
    from transactions t join merchants m on m.id = t.merchant_id left join payment_links l on l.code = t.link_code
   where t.cod_oper = new.cod_oper and m.webhook_url is not null;
  return null;
end $$;

create trigger refunds_webhook after update on refunds
  for each row when (old.state <> 'succeeded' and new.state = 'succeeded')
  execute function pasarela_refund_outbox();
