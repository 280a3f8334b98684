-- A cancelled crypto payment owes back the coins it had received (transactions.details->'refund',
-- routes/crypto.ts). The merchant hears it: each webhook event keeps a snapshot of the refund, and
-- the refund being sent (the admin call) is an event too, as a change of outcome is.
alter table webhook_events add column refund jsonb;

create or replace function pasarela_webhook_outbox() returns trigger language plpgsql as $$
begin
  insert into webhook_events (merchant_id, cod_oper, method, status, auth_status, amount_cents, tax_cents, link_code, refund)
  select new.merchant_id, new.cod_oper, new.method, new.status, new.auth_status, new.amount_cents, new.tax_cents, new.link_code, new.details -> 'refund'
    from merchants m where m.id = new.merchant_id and m.webhook_url is not null;
  return null;
end $$;

drop trigger transactions_webhook_update on transactions;
create trigger transactions_webhook_update after update on transactions
  for each row when (old.status is distinct from new.status or old.auth_status is distinct from new.auth_status
    or old.details -> 'refund' is distinct from new.details -> 'refund')
  execute function pasarela_webhook_outbox();
