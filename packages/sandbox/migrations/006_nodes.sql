-- Several nodes on one database (issue 11): the secrets they share, and every change of a
-- transaction announced to all of them through NOTIFY.

-- One row per secret, created once by whichever node starts first (insert ... on conflict do nothing).
create table app_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

-- The channel is per schema, so sandboxes sharing a database (the test suites do) hear only their
-- own payments; origin is the writing node's application_name, so each node counts its own in /metrics.
create or replace function pasarela_notify_transaction() returns trigger language plpgsql as $$
begin
  perform pg_notify('pasarela_tx_' || tg_table_schema, json_build_object(
    'codOper', new.cod_oper, 'method', new.method, 'status', new.status, 'authStatus', new.auth_status,
    'userId', new.user_id, 'origin', current_setting('application_name', true))::text);
  return null;
end $$;

create trigger transactions_notify_insert after insert on transactions
  for each row execute function pasarela_notify_transaction();

-- A settle sets updated_at; a details-only touch (a QR value) is no news.
create trigger transactions_notify_update after update on transactions
  for each row when (old.status is distinct from new.status or old.auth_status is distinct from new.auth_status
    or old.updated_at is distinct from new.updated_at)
  execute function pasarela_notify_transaction();

-- Timed work finds due rows without a scan.
create index if not exists transactions_lapsing on transactions (expires_at) where status in (0, -1) and expires_at is not null;
