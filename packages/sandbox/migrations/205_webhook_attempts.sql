-- Every attempt at a webhook delivery, kept across redeliveries: a redelivery starts `attempts` again
-- from 0 and the next outcome is written over last_status_code and last_error, so without these the
-- operator and the merchant could not see that a delivery failed before it got through. Written in
-- the statement that records the attempt's outcome (webhooks/deliverWebhooks.ts, deliverEndpointWebhooks.ts).

-- Every attempt ever made at the delivery, redeliveries included: the number the next one takes. Rows
-- from before this start from their `attempts` (the claim takes the greater).
alter table webhook_events add column if not exists attempts_made integer not null default 0;
alter table webhook_deliveries add column if not exists attempts_made integer not null default 0;

-- Of the primary endpoint's delivery (the event's own row) or of another endpoint's (or a test event's).
-- They go with their delivery: an event past the change feed's 30 days (store/merchantEvents.ts
-- deleteOldEvents) takes its attempts and its other endpoints' deliveries with it, and a removed
-- endpoint its deliveries.
create table if not exists webhook_attempts (
  id bigint generated always as identity primary key,
  event_id text references webhook_events (id) on delete cascade,
  delivery_id text references webhook_deliveries (id) on delete cascade,
  number integer not null,
  attempted_at timestamptz not null,
  -- The HTTP status the endpoint answered, or why there was none (timeout, ECONNREFUSED, ...).
  status_code integer,
  error text,
  duration_ms integer not null,
  check ((event_id is null) <> (delivery_id is null))
);
create index if not exists webhook_attempts_event on webhook_attempts (event_id, number);
create index if not exists webhook_attempts_delivery on webhook_attempts (delivery_id, number);
