-- A payment's changes and its events are stamped when they are written, not when their database
-- transaction began. Two refunds of one payment on two nodes: the one that began first may wait for
-- the payment's lock and write after the other, so with now() its event (refundedAmount 97.50) read
-- older than the earlier one's (75.00), and a receiver keeping the latest createdAt, as webhooks.md
-- says, kept 75.00. Written after the payment's lock, clock_timestamp() follows the order in which
-- the payment changed (store/refunds.ts, holds.ts, disputes.ts and transactionUpdates.ts stamp alike).
alter table webhook_events alter column created_at set default clock_timestamp();

create or replace function pasarela_touch_transaction() returns trigger language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at and (
    new.status is distinct from old.status or new.auth_status is distinct from old.auth_status
    or new.amount_cents is distinct from old.amount_cents or new.tax_cents is distinct from old.tax_cents
    or new.link_code is distinct from old.link_code or new.refunded_cents is distinct from old.refunded_cents
    or new.details -> 'refund' is distinct from old.details -> 'refund'
    or new.details -> 'cancelReason' is distinct from old.details -> 'cancelReason'
    or new.details -> 'owedToPayer' is distinct from old.details -> 'owedToPayer') then
    new.updated_at := clock_timestamp();
  end if;
  return new;
end $$;

create or replace function pasarela_refund_touch_transaction() returns trigger language plpgsql as $$
begin
  update transactions set updated_at = clock_timestamp() where cod_oper = new.cod_oper;
  return null;
end $$;
