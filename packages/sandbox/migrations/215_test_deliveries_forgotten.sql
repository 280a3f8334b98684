-- A test event's delivery (event_id null: webhook_endpoints' "send test event") has no event to go
-- with past the change feed's 30 days, as every other delivery does (store/merchantEvents.ts
-- deleteOldEvents): the same hourly sweep deletes those past the same days, not pending
-- (store/webhookEndpoints.ts deleteOldTestDeliveries), found through this index of the test
-- deliveries alone rather than by a read of every delivery.
create index if not exists webhook_deliveries_tests on webhook_deliveries (created_at) where event_id is null;
