-- Issue 89: a link's transactionsType (payment_links.transactions_type, 'AUTH' = captureMethod
-- manual) makes its card payments holds the merchant captures (core paymentHolds). On the payment:
-- hold_state (null: an automatic payment, or a hold still open), what was captured, and the deadline
-- after which the reconciler releases a hold not captured (HOLD_RELEASE_AFTER_MS).

alter table transactions add column hold_state text check (hold_state in ('capturing', 'captured', 'releasing', 'released', 'expired'));
alter table transactions add column captured_cents integer not null default 0 check (captured_cents >= 0);
alter table transactions add column capture_before timestamptz;

-- The reconciler finds open holds past their deadline, and captures and releases whose answer was lost.
create index if not exists transactions_open_holds on transactions (capture_before) where tx_type = 'AUTH' and (hold_state is null or hold_state in ('capturing', 'releasing'));

-- An event shows the hold as it was then.
alter table webhook_events add column tx_type text;
alter table webhook_events add column hold_state text;
alter table webhook_events add column captured_cents integer;
alter table webhook_events add column capture_before timestamptz;

create or replace function pasarela_webhook_hold() returns trigger language plpgsql as $$
begin
  if new.cod_oper is not null then
    select t.tx_type, t.hold_state, t.captured_cents, t.capture_before into new.tx_type, new.hold_state, new.captured_cents, new.capture_before
      from transactions t where t.cod_oper = new.cod_oper;
  end if;
  return new;
end $$;

create trigger webhook_events_hold before insert on webhook_events for each row execute function pasarela_webhook_hold();

-- Card payments recorded with a payer's AUTH before this were only held at the processor: each gets a
-- deadline, so the reconciler releases it rather than leaving it open for ever.
update transactions set capture_before = created_at + interval '6 days' where tx_type = 'AUTH' and method = 'card' and capture_before is null;
