-- Webhook endpoints and key rolls through the merchant API (docs/merchant-api.md "Webhook endpoints",
-- "Rolling keys").

-- A merchant's endpoints: each a URL, the event types it takes ('*': all), and its signing secret.
-- A rolled secret keeps the previous one signing too until previous_secret_expires_at.
create table webhook_endpoints (
  id text primary key default 'we_' || replace(gen_random_uuid()::text, '-', ''),
  merchant_id integer not null references merchants (id),
  url text not null,
  events text[] not null default '{*}',
  secret text not null,
  previous_secret text,
  previous_secret_expires_at timestamptz,
  -- The merchant's single webhookUrl (merchants.webhook_url, webhook_secret) is its first endpoint:
  -- its deliveries are the webhook_events rows themselves, as before. Kept in step by a trigger, so
  -- every writer of those columns (the sandbox, the admin API) moves it too.
  is_primary boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists webhook_endpoints_primary on webhook_endpoints (merchant_id) where is_primary;
create index if not exists webhook_endpoints_merchant on webhook_endpoints (merchant_id, created_at);

insert into webhook_endpoints (merchant_id, url, secret, is_primary)
select id, webhook_url, webhook_secret, true from merchants where webhook_url is not null and webhook_secret is not null;

create or replace function pasarela_primary_endpoint() returns trigger language plpgsql as $$
begin
  if new.webhook_url is null or new.webhook_secret is null then
    delete from webhook_endpoints where merchant_id = new.id and is_primary;
  else
    insert into webhook_endpoints (merchant_id, url, secret, is_primary) values (new.id, new.webhook_url, new.webhook_secret, true)
    on conflict (merchant_id) where is_primary do update set
      url = excluded.url, secret = excluded.secret, updated_at = now(),
      -- A secret changed by anything but a roll (the sandbox's new keys) ends the old one at once.
      previous_secret = case when webhook_endpoints.secret = excluded.secret then webhook_endpoints.previous_secret end,
      previous_secret_expires_at = case when webhook_endpoints.secret = excluded.secret then webhook_endpoints.previous_secret_expires_at end;
  end if;
  return null;
end $$;

create trigger merchants_primary_endpoint after insert or update of webhook_url, webhook_secret on merchants
  for each row execute function pasarela_primary_endpoint();

-- Deliveries to the other endpoints, and test events to any endpoint (event_id null, the body kept
-- here). Each event gets one row per endpoint when it is recorded; one whose types the endpoint does
-- not take is dropped by the sender.
create table webhook_deliveries (
  id text primary key default 'whd_' || replace(gen_random_uuid()::text, '-', ''),
  merchant_id integer not null references merchants (id),
  endpoint_id text not null references webhook_endpoints (id) on delete cascade,
  event_id text references webhook_events (id) on delete cascade,
  test_body text,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  check ((event_id is null) <> (test_body is null))
);
create index if not exists webhook_deliveries_due on webhook_deliveries (next_attempt_at) where state = 'pending';
create index if not exists webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at);

create or replace function pasarela_endpoint_deliveries() returns trigger language plpgsql as $$
begin
  insert into webhook_deliveries (merchant_id, endpoint_id, event_id)
  select new.merchant_id, w.id, new.id from webhook_endpoints w where w.merchant_id = new.merchant_id and not w.is_primary;
  return null;
end $$;

create trigger webhook_events_endpoints after insert on webhook_events
  for each row execute function pasarela_endpoint_deliveries();

-- A rolled secret key keeps the previous one working until previous_secret_key_expires_at.
alter table merchants add column previous_secret_key_hash text;
alter table merchants add column previous_secret_key_expires_at timestamptz;
create index if not exists merchants_previous_secret_key on merchants (previous_secret_key_hash) where previous_secret_key_hash is not null;
