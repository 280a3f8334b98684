-- A fuller record in webhooks and the change feed (docs/merchant-api.md "Transactions"): who paid
-- (e-mail, name), with what (card brand and last four, the wallet's phone), and the donation. These
-- never change after a payment is made, so a trigger copies them from the payment onto each event
-- as it is recorded, whichever outbox function wrote it. No card number or CVC is stored anywhere.
alter table webhook_events add column payer_email text;
alter table webhook_events add column payer_name text;
alter table webhook_events add column card_brand text;
alter table webhook_events add column card_last4 text;
alter table webhook_events add column phone text;
alter table webhook_events add column campaign_cents integer not null default 0;

create or replace function pasarela_webhook_payer() returns trigger language plpgsql as $$
begin
  select t.email, t.payer_name, t.card_brand, t.card_last4, t.phone, t.campaign_cents
    into new.payer_email, new.payer_name, new.card_brand, new.card_last4, new.phone, new.campaign_cents
    from transactions t where t.cod_oper = new.cod_oper;
  new.campaign_cents := coalesce(new.campaign_cents, 0);
  return new;
end $$;

create trigger webhook_events_payer before insert on webhook_events
  for each row execute function pasarela_webhook_payer();
