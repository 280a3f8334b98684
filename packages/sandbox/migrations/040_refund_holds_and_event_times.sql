-- A refund still pending holds its part of what may be refunded (core heldCentsOf), and an event's
-- data shows the transaction as it was then: what refunds hold (pending or made) and the
-- transaction's own createdAt / updatedAt.
alter table webhook_events add column held_cents integer;
alter table webhook_events add column tx_created_at timestamptz;
alter table webhook_events add column tx_updated_at timestamptz;

create or replace function pasarela_webhook_payer() returns trigger language plpgsql as $$
begin
  select t.email, t.payer_name, t.card_brand, t.card_last4, t.phone, t.campaign_cents, t.created_at, t.updated_at
    into new.payer_email, new.payer_name, new.card_brand, new.card_last4, new.phone, new.campaign_cents, new.tx_created_at, new.tx_updated_at
    from transactions t where t.cod_oper = new.cod_oper;
  new.campaign_cents := coalesce(new.campaign_cents, 0);
  select coalesce(sum(r.amount_cents), 0) into new.held_cents from refunds r where r.cod_oper = new.cod_oper and r.state <> 'failed';
  return new;
end $$;

-- A refund made, or one that changes state (made, failed), changes what the merchant sees of its
-- payment (refundableAmount), so the payment's updated_at moves (GET /transactions?updatedFrom=).
-- Named to fire before refunds_webhook, so the event it writes carries the new updatedAt.
create or replace function pasarela_refund_touch_transaction() returns trigger language plpgsql as $$
begin
  update transactions set updated_at = now() where cod_oper = new.cod_oper;
  return null;
end $$;

create trigger refunds_touch_transaction after insert or update of state on refunds
  for each row execute function pasarela_refund_touch_transaction();
