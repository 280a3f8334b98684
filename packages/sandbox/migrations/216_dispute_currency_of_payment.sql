-- A dispute is in its payment's currency (a merchant's amounts are in its currency, PRODUCT.md
-- "Currencies"), whatever its writer says: a processor's "usd" is the payment's USD, and a report in
-- another currency is refused before it is written (payments/disputes.ts bookProcessorDispute).
-- Disputes written before take their payment's currency.
create or replace function pasarela_currency_of_payment() returns trigger language plpgsql as $$
begin
  new.currency := (select t.currency from transactions t where t.cod_oper = new.cod_oper);
  return new;
end $$;
create trigger gateway_disputes_currency before insert or update of currency, cod_oper on gateway_disputes
  for each row execute function pasarela_currency_of_payment();

update gateway_disputes d set currency = t.currency
  from transactions t
 where t.cod_oper = d.cod_oper and d.currency is distinct from t.currency;
