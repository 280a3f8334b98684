-- Each webhook endpoint records whether its URL was accepted under a rule that allowed loopback and
-- private targets (WEBHOOK_ALLOW_PRIVATE, docs/webhooks.md "Webhook URLs"); a delivery obeys the
-- record, whichever node claims it. Null: recorded before the rule was; it follows the deployment.
alter table webhook_endpoints add column private_allowed boolean;
-- The merchant's webhookUrl (its primary endpoint) carries its record beside it; the trigger below
-- copies it to the endpoint as it does the URL.
alter table merchants add column webhook_private_allowed boolean;

create or replace function pasarela_primary_endpoint() returns trigger language plpgsql as $$
begin
  if new.webhook_url is null or new.webhook_secret is null then
    delete from webhook_endpoints where merchant_id = new.id and is_primary;
  else
    insert into webhook_endpoints (merchant_id, url, secret, is_primary, private_allowed)
    values (new.id, new.webhook_url, new.webhook_secret, true, new.webhook_private_allowed)
    on conflict (merchant_id) where is_primary do update set
      url = excluded.url, secret = excluded.secret, private_allowed = excluded.private_allowed, updated_at = now(),
      -- A secret changed by anything but a roll (the sandbox's new keys) ends the old one at once.
      previous_secret = case when webhook_endpoints.secret = excluded.secret then webhook_endpoints.previous_secret end,
      previous_secret_expires_at = case when webhook_endpoints.secret = excluded.secret then webhook_endpoints.previous_secret_expires_at end;
  end if;
  return null;
end $$;

drop trigger merchants_primary_endpoint on merchants;
create trigger merchants_primary_endpoint after insert or update of webhook_url, webhook_secret, webhook_private_allowed on merchants
  for each row execute function pasarela_primary_endpoint();
