-- The payer's answers to the custom fields the checkout asked (SPEC 3 "Custom field"; core
-- customFieldAnswersOf: [{ id, label, value }]), kept with the payment by its attempt's own insert
-- (store/insertTransaction.ts), so the merchant reads them in GET /transactions and in every event of
-- the payment (docs/merchant-api.md, docs/webhooks.md). A payment recorded before has none: [].
alter table transactions add column if not exists custom_field_values jsonb not null default '[]';
alter table webhook_events add column if not exists custom_field_values jsonb;

-- A subscription's charges, its first payment and each renewal, name the subscription they charge
-- (docs/webhooks.md, docs/merchant-api.md `subscriptionKey`): the payment keeps it in
-- details.subscriptionKey, and a webhook event's snapshot keeps it as the verify call shows it.
-- Null for every other payment, and on events written before.
alter table webhook_events add column if not exists subscription_key text;

-- The payment's own event carries them as its snapshot (migration 185's, with the answers and the subscription).
create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, cancel_reason, owed_to_payer, state,
    currency, payer_email, payer_name, card_brand, card_last4, phone, campaign_cents, tx_created_at, tx_updated_at, held_cents,
    tx_type, hold_state, captured_cents, capture_before, overpayment, disputes, custom_field_values, subscription_key)
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
    case when exists (select 1 from webhook_endpoints p where p.merchant_id = new.merchant_id and p.is_primary) then 'pending' else 'none' end,
    new.currency, new.email, new.payer_name, new.card_brand, new.card_last4, new.phone, coalesce(new.campaign_cents, 0), new.created_at, new.updated_at,
    (select coalesce(sum(r.amount_cents), 0) from refunds r where r.cod_oper = new.cod_oper and r.state <> 'failed'),
    new.tx_type, new.hold_state, new.captured_cents, new.capture_before,
    case when new.method = 'crypto' then new.details -> 'overpayment' end,
    case when tg_op = 'UPDATE' and old.auth_status = 'APPROVED' then
      (select jsonb_agg(jsonb_build_object('stage', d.stage, 'status', d.status, 'takenCents', d.taken_cents, 'feeCharged', d.fee_charged) order by d.seq)
         from gateway_disputes d where d.cod_oper = new.cod_oper)
    end,
    new.custom_field_values,
    new.details ->> 'subscriptionKey'
    from merchants m left join payment_links l on l.code = new.link_code
   where m.id = new.merchant_id;
  return null;
end $$;

-- An event written elsewhere (a refund's, a hold's capture or release, a dispute's) takes them from its
-- payment, with the rest it completes there (migrations 160 and 185), in the statement that reads it already.
create or replace function pasarela_webhook_hold() returns trigger language plpgsql as $$
begin
  if new.cod_oper is not null then
    select t.tx_type, t.hold_state, t.captured_cents, t.capture_before, t.custom_field_values, t.details ->> 'subscriptionKey'
      into new.tx_type, new.hold_state, new.captured_cents, new.capture_before, new.custom_field_values, new.subscription_key
      from transactions t where t.cod_oper = new.cod_oper;
    select jsonb_agg(jsonb_build_object('stage', d.stage, 'status', d.status, 'takenCents', d.taken_cents, 'feeCharged', d.fee_charged) order by d.seq)
      into new.disputes from gateway_disputes d where d.cod_oper = new.cod_oper;
  end if;
  return new;
end $$;
