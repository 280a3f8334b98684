-- Another endpoint's delivery that was already sent or tried when the endpoint stops taking its
-- event's type is kept, 'skipped' as the primary endpoint's are, rather than deleted: a delivered one
-- vanished from the endpoint's list (docs/merchant-api.md "Webhook endpoints").
alter table webhook_deliveries drop constraint webhook_deliveries_state_check;
alter table webhook_deliveries add constraint webhook_deliveries_state_check check (state in ('pending', 'delivered', 'failed', 'skipped'));
