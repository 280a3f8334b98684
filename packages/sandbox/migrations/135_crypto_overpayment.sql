-- Coins beyond a crypto payment's quote are the payer's (core cryptoOverpaymentOf): the payment keeps
-- them in transactions.details -> 'overpayment' (coin, network, amount, to, status, refundedAt), owed
-- until sent back to the sending address. An event shows the overpayment as it was then.
alter table webhook_events add column if not exists overpayment jsonb;

create or replace function pasarela_webhook_overpayment() returns trigger language plpgsql as $$
begin
  if new.cod_oper is not null and new.method = 'crypto' then
    select t.details -> 'overpayment' into new.overpayment from transactions t where t.cod_oper = new.cod_oper;
  end if;
  return new;
end $$;

create trigger webhook_events_overpayment before insert on webhook_events for each row execute function pasarela_webhook_overpayment();
