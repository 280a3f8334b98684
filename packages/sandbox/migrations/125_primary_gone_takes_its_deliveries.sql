-- The primary endpoint gone: its deliveries go with it, as another endpoint's do (webhook_deliveries
-- cascade). The primary's deliveries are the webhook_events rows themselves (state other than
-- 'none'), so the endpoint taking its place listed them as its own, "delivered" to a URL that never
-- received them. Now every one of them, delivered, failed or pending, is no longer a delivery
-- ('none'): the change feed keeps the events; no delivery list shows them, and none is sent.
create or replace function pasarela_primary_endpoint_gone() returns trigger language plpgsql as $$
begin
  update webhook_events set state = 'none' where merchant_id = old.merchant_id and state <> 'none';
  return null;
end $$;
