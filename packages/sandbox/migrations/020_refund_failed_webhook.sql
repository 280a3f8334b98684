-- A refund that ends failed is an event of its own too (transaction.refund_failed, docs/webhooks.md),
-- as one that went through is (transaction.refunded): the trigger fires on the one update that moves
-- a refund out of `pending` (a conditional write, so once per refund whichever node makes it).
-- refund_made now names the refund either event announces; `failureReason` only on a failed one.
create or replace function pasarela_refund_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund,
    event_type, order_reference, metadata, refunded_cents, refund_made)
  select t.merchant_id, t.cod_oper, t.method, t.status, t.auth_status, t.amount_cents, t.tax_cents, t.link_code, t.details -> 'refund',
    case new.state when 'succeeded' then 'transaction.refunded' else 'transaction.refund_failed' end,
    l.order_reference, l.metadata, t.refunded_cents,
    json_build_object('id', new.id, 'amountCents', new.amount_cents, 'createdAt', new.created_at)::jsonb
      || case when new.state = 'failed' then jsonb_build_object('failureReason', new.failure) else '{}'::jsonb end
    from transactions t join merchants m on m.id = t.merchant_id left join payment_links l on l.code = t.link_code
   where t.cod_oper = new.cod_oper and m.webhook_url is not null;
  return null;
end $$;

drop trigger refunds_webhook on refunds;
create trigger refunds_webhook after update on refunds
  for each row when (old.state = 'pending' and new.state in ('succeeded', 'failed'))
  execute function pasarela_refund_outbox();

-- Why a refund failed is now a code (store/refunds.ts REFUND_FAILURE_REASONS), as the event names it.
update refunds set failure = case failure when 'never made by the gateway' then 'not_made' when 'refused by the gateway' then 'refused' else failure end
 where state = 'failed';
