-- Checkout pages are no longer made ahead of the payer's open: what migration 012 made for them
-- goes (the triggers and functions that told every node a link's page was stale), and a
-- transaction's change no longer names its link (the notification as migration 011 left it).
drop trigger payment_links_first_screen on payment_links;
drop trigger merchants_first_screen on merchants;
drop trigger merchant_services_first_screen on merchant_services;
drop trigger campaigns_first_screen on campaigns;
drop trigger campaign_bridges_first_screen on campaign_bridges;
drop function pasarela_notify_link_page();
drop function pasarela_notify_first_screen();

create or replace function pasarela_notify_transaction() returns trigger language plpgsql as $$
begin
  perform pg_notify('pasarela_tx_' || tg_table_schema, json_build_object(
    'codOper', new.cod_oper, 'method', new.method, 'status', new.status, 'authStatus', new.auth_status,
    'userId', new.user_id, 'merchantId', new.merchant_id, 'origin', current_setting('application_name', true))::text);
  return null;
end $$;
