-- A payment's outcome ran nine PL/pgSQL triggers: the payment's touch and its notification (each with
-- nothing to do when the statement set updated_at and the node announces the change), its outbox,
-- and on the webhook event the outbox wrote four more (its currency, the hold's facts, a crypto
-- overpayment, the payer's details) that each read the payment again by its codOper. The payment's
-- own event now takes all of it from the row the outbox fires for, in the outbox's one insert, and the
-- triggers with nothing to do are not entered: same rows, same columns, three triggers an outcome.

-- The event is the payment's snapshot: its currency (the payment's, which is its merchant's,
-- migration 090), the payer's details, what is held for refunds, the hold's facts and a crypto
-- overpayment, as the triggers below fill them for an event written elsewhere.
create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, cancel_reason, owed_to_payer, state,
    currency, payer_email, payer_name, card_brand, card_last4, phone, campaign_cents, tx_created_at, tx_updated_at, held_cents,
    tx_type, hold_state, captured_cents, capture_before, overpayment)
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
    case when new.method = 'crypto' then new.details -> 'overpayment' end
    from merchants m left join payment_links l on l.code = new.link_code
   where m.id = new.merchant_id;
  return null;
end $$;

-- An event written elsewhere (a refund's, a hold's capture or release, the merchant's own) names no
-- payment's times: these complete it from its payment, as before. The payment's own event has them.
drop trigger webhook_events_payer on webhook_events;
create trigger webhook_events_payer before insert on webhook_events
  for each row when (new.tx_created_at is null) execute function pasarela_webhook_payer();
drop trigger webhook_events_hold on webhook_events;
create trigger webhook_events_hold before insert on webhook_events
  for each row when (new.tx_created_at is null) execute function pasarela_webhook_hold();
drop trigger webhook_events_overpayment on webhook_events;
create trigger webhook_events_overpayment before insert on webhook_events
  for each row when (new.tx_created_at is null) execute function pasarela_webhook_overpayment();
-- An update of an event's currency or merchant is still corrected to the merchant's, whoever wrote it.
drop trigger webhook_events_currency on webhook_events;
create trigger webhook_events_currency before insert on webhook_events
  for each row when (new.tx_created_at is null) execute function pasarela_currency_of_merchant();
create trigger webhook_events_currency_changed before update of currency, merchant_id on webhook_events
  for each row execute function pasarela_currency_of_merchant();

-- The touch sets updated_at only when the statement left it as it was; an outcome sets it itself.
drop trigger transactions_touch on transactions;
create trigger transactions_touch before update on transactions
  for each row when (new.updated_at is not distinct from old.updated_at) execute function pasarela_touch_transaction();

-- A change the node announces itself (the statement set pasarela.announced_by_node) is not notified
-- again; the function still checks when it fires.
drop trigger transactions_notify_insert on transactions;
create trigger transactions_notify_insert after insert on transactions
  for each row when (new.auth_status <> 'PROCESSING' and current_setting('pasarela.announced_by_node', true) is distinct from 'on')
  execute function pasarela_notify_transaction();
drop trigger transactions_notify_update on transactions;
create trigger transactions_notify_update after update on transactions
  for each row when ((old.status is distinct from new.status or old.auth_status is distinct from new.auth_status
    or old.updated_at is distinct from new.updated_at) and new.auth_status <> 'PROCESSING'
    and current_setting('pasarela.announced_by_node', true) is distinct from 'on')
  execute function pasarela_notify_transaction();
