-- Why a waiting payment was called off (the payer left it for another card or method, another
-- payment paid its single-use link, the merchant voided it), in the webhook's snapshot, so the
-- event says what happened as the verify call does (docs/webhooks.md `data.cancelReason`).
alter table webhook_events add column cancel_reason text;

create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, cancel_reason)
  select new.merchant_id, new.cod_oper, new.method, new.status, new.auth_status, new.amount_cents, new.tax_cents, new.link_code, new.details -> 'refund',
    -- The merchant's own void of a waiting payment is its own event; anything else is named by the result.
    case when new.details ->> 'cancelReason' = 'merchant' and (tg_op = 'INSERT' or old.auth_status is distinct from new.auth_status)
      then 'transaction.voided' end,
    l.order_reference, l.metadata, new.refunded_cents,
    case when new.auth_status = 'CANCELLED' then new.details ->> 'cancelReason' end
    from merchants m left join payment_links l on l.code = new.link_code
   where m.id = new.merchant_id and m.webhook_url is not null;
  return null;
end $$;
