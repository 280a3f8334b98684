-- Money a gateway took for a payment Pasarela had called off (a voucher paid at a kiosk late, a bank
-- or a push that debited, coins on chain) is recorded on the payment (details.owedToPayer), given
-- back through its port or owed to the payer. The merchant hears it: each webhook event keeps a
-- snapshot of it, and its becoming owed on a payment already ended is an event of its own,
-- transaction.owed_to_payer (docs/webhooks.md).
alter table webhook_events add column owed_to_payer jsonb;

create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, cancel_reason, owed_to_payer)
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
    new.details -> 'owedToPayer'
    from merchants m left join payment_links l on l.code = new.link_code
   where m.id = new.merchant_id and m.webhook_url is not null;
  return null;
end $$;

-- An update is news when it changes the outcome, the crypto refund, or makes money owed to the payer.
drop trigger transactions_webhook_update on transactions;
create trigger transactions_webhook_update after update on transactions
  for each row when ((old.status is distinct from new.status or old.auth_status is distinct from new.auth_status
    or old.details -> 'refund' is distinct from new.details -> 'refund'
    or (new.details -> 'owedToPayer' ->> 'state' = 'owed' and (old.details -> 'owedToPayer' ->> 'state') is distinct from 'owed'))
    and new.auth_status <> 'PROCESSING')
  execute function pasarela_webhook_outbox();
