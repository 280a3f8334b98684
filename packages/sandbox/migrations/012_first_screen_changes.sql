-- A node makes a new link's checkout page ahead, while the shop shows its Pay button
-- (routes/pagesAhead.ts), and serves it without a query when the payer opens it. The page is right
-- only while what it shows is: every node hears when any of it changes.

-- Every transaction change now names its link: a payment of a link makes its page stale (a
-- single-use link that is paid is no longer payable).
create or replace function pasarela_notify_transaction() returns trigger language plpgsql as $$
begin
  perform pg_notify('pasarela_tx_' || tg_table_schema, json_build_object(
    'codOper', new.cod_oper, 'method', new.method, 'status', new.status, 'authStatus', new.auth_status,
    'userId', new.user_id, 'merchantId', new.merchant_id, 'linkCode', new.link_code,
    'origin', current_setting('application_name', true))::text);
  return null;
end $$;

-- The link itself changed or went: its code. The merchant's data, services or campaigns changed:
-- '*' (rare, and any link's page may show them).
create or replace function pasarela_notify_link_page() returns trigger language plpgsql as $$
begin
  perform pg_notify('pasarela_screen_' || tg_table_schema, old.code);
  return null;
end $$;

create or replace function pasarela_notify_first_screen() returns trigger language plpgsql as $$
begin
  perform pg_notify('pasarela_screen_' || tg_table_schema, '*');
  return null;
end $$;

create trigger payment_links_first_screen after update or delete on payment_links
  for each row execute function pasarela_notify_link_page();
create trigger merchants_first_screen after insert or update or delete or truncate on merchants
  for each statement execute function pasarela_notify_first_screen();
create trigger merchant_services_first_screen after insert or update or delete or truncate on merchant_services
  for each statement execute function pasarela_notify_first_screen();
create trigger campaigns_first_screen after insert or update or delete or truncate on campaigns
  for each statement execute function pasarela_notify_first_screen();
create trigger campaign_bridges_first_screen after insert or update or delete or truncate on campaign_bridges
  for each statement execute function pasarela_notify_first_screen();
