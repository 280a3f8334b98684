-- The change feed (GET /api/v1/merchant/events, `npx @pasarela/node listen`) holds every merchant's
-- events, with a webhook URL or not; only endpoints that exist get deliveries. A webhook_events row
-- is both the feed's record and the primary endpoint's delivery: with no primary endpoint (no
-- webhookUrl and secret) its state is 'none', which the sender never picks and no delivery list shows.
-- A URL added later gets the events recorded after it only.

create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, cancel_reason, owed_to_payer, state)
  select new.merchant_id, new.cod_oper, new.method, new.status, new.auth_status, new.amount_cents, new.tax_cents, new.link_code, new.details -> 'refund',
    case
      -- The merchant's own void of a waiting payment is its own event.
      when new.details ->> 'cancelReason' = 'merchant' and (tg_op = 'INSERT' or old.auth_status is distinct from new.auth_status)
        then 'transaction.voided'
      -- Money owed to the payer on a payment whose outcome stays as it was (a late kiosk payment, say).
      when tg_op = 'UPDATE' and new.details -> 'owedToPayer' ->> 'state' = 'owed'
        and (old.details -> 'owedToPayer' ->> 'state') is distinct from 'owed'
        and old.status is not distinct from new.status and old.auth_status is not distinct from new.auth_status
        then 'transaction.owed_to_payer'
    end,
    l.order_reference, l.metadata, new.refunded_cents,
    case when new.auth_status = 'CANCELLED' then new.details ->> 'cancelReason' end,
    new.details -> 'owedToPayer',
    case when exists (select 1 from webhook_endpoints p where p.merchant_id = new.merchant_id and p.is_primary) then 'pending' else 'none' end
    from merchants m left join payment_links l on l.code = new.link_code
   where m.id = new.merchant_id;
  return null;
end $$;

create or replace function pasarela_refund_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, refund_made, state)
  select t.merchant_id, t.cod_oper, t.method, t.status, t.auth_status, t.amount_cents, t.tax_cents, t.link_code, t.details -> 'refund',
    case new.state when 'succeeded' then 'transaction.refunded' else 'transaction.refund_failed' end,
    l.order_reference, l.metadata, t.refunded_cents,
    json_build_object('id', new.id, 'amountCents', new.amount_cents, 'createdAt', new.created_at)::jsonb
      || case when new.state = 'failed' then jsonb_build_object('failureReason', new.failure) else '{}'::jsonb end,
    case when exists (select 1 from webhook_endpoints p where p.merchant_id = t.merchant_id and p.is_primary) then 'pending' else 'none' end
    from transactions t left join payment_links l on l.code = t.link_code
   where t.cod_oper = new.cod_oper;
  return null;
end $$;

-- The feed keeps 30 days (store/merchantEvents.ts deleteOldEvents): found by age across merchants.
create index if not exists webhook_events_created on webhook_events (created_at);

-- The primary endpoint gone (webhookUrl removed, by any writer): what it still had to send is no
-- longer a delivery, so it is neither sent nor listed as pending.
create or replace function pasarela_primary_endpoint_gone() returns trigger language plpgsql as $$
begin
  update webhook_events set state = 'none' where merchant_id = old.merchant_id and state = 'pending';
  return null;
end $$;

create trigger webhook_endpoints_primary_gone after delete on webhook_endpoints
  for each row when (old.is_primary) execute function pasarela_primary_endpoint_gone();
