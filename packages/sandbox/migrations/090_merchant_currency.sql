-- A merchant's currency (ISO 4217): USD in Panama, COP in Colombia (core currencyOfCountry), set
-- when the merchant is created and never changed, so a payment's currency is its merchant's. The
-- *_cents columns hold the currency's ISO 4217 minor units (both have two: 50.000 COP is 5000000).
-- Merchants made before keep dollars: their payments were taken in dollars.
alter table merchants add column currency text not null default 'USD' check (currency in ('USD', 'COP'));

create or replace function pasarela_merchant_currency_fixed() returns trigger language plpgsql as $$
begin
  if new.currency is distinct from old.currency then
    raise exception 'a merchant''s currency is set at creation' using errcode = 'check_violation';
  end if;
  return new;
end $$;
create trigger merchants_currency_fixed before update of currency on merchants
  for each row execute function pasarela_merchant_currency_fixed();

-- Every payment, ledger line and payout is in its merchant's currency, whatever its writer says.
alter table transactions add column currency text not null default 'USD';
create or replace function pasarela_currency_of_merchant() returns trigger language plpgsql as $$
begin
  new.currency := (select m.currency from merchants m where m.id = new.merchant_id);
  return new;
end $$;
create trigger transactions_currency before insert or update of currency, merchant_id on transactions
  for each row execute function pasarela_currency_of_merchant();
create trigger balance_transactions_currency before insert or update of currency, merchant_id on balance_transactions
  for each row execute function pasarela_currency_of_merchant();
create trigger payouts_currency before insert or update of currency, merchant_id on payouts
  for each row execute function pasarela_currency_of_merchant();

-- A webhook event is a snapshot of its payment: its currency with it.
alter table webhook_events add column currency text not null default 'USD';
create trigger webhook_events_currency before insert or update of currency, merchant_id on webhook_events
  for each row execute function pasarela_currency_of_merchant();
