-- A payment's commits hold no global lock and check its merchant once (issue 91).

-- The writes a node announces itself after their commit (changes/announcements.ts: the attempt's
-- insert, settlePayment's outcome) set pasarela.announced_by_node in their own statement: a NOTIFY
-- in their transaction would take PostgreSQL's one notification lock and hold it through the WAL
-- flush, so every payment on every node would commit one at a time. Every other writer is told
-- by this trigger, as before.
create or replace function pasarela_notify_transaction() returns trigger language plpgsql as $$
begin
  if current_setting('pasarela.announced_by_node', true) = 'on' then
    return null;
  end if;
  perform pg_notify('pasarela_tx_' || tg_table_schema, json_build_object(
    'codOper', new.cod_oper, 'method', new.method, 'status', new.status, 'authStatus', new.auth_status,
    'userId', new.user_id, 'merchantId', new.merchant_id, 'origin', current_setting('application_name', true))::text);
  return null;
end $$;

-- A payment's outcome wrote its merchant's row lock up to three times (its books line, its webhook
-- event, its receipt mail: each foreign key's FOR KEY SHARE, a WAL record and a shared lock on one
-- row that every payment of the merchant takes). Those rows take their merchant from the payment,
-- whose own foreign key checked it, or from the merchant's row itself; a merchant is never deleted
-- nor renumbered, which this trigger makes a rule: the three keys' guarantee, held at no cost per row.
alter table balance_transactions drop constraint if exists balance_transactions_merchant_id_fkey;
alter table webhook_events drop constraint if exists webhook_events_merchant_id_fkey;
alter table mailbox drop constraint if exists mailbox_merchant_id_fkey;

create or replace function pasarela_merchant_stays() returns trigger language plpgsql as $$
begin
  raise exception 'a merchant is never deleted nor renumbered (its books, events and mail name it)' using errcode = '23503';
end $$;

create trigger merchants_stay before delete or update of id on merchants
  for each row execute function pasarela_merchant_stays();
