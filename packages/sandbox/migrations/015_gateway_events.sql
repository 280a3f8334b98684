-- Gateways behind ports (gateways/): every call carries the attempt's idempotency key, and what a
-- gateway says on its own arrives as an event through one inbound path (payments/receiveGatewayEvent.ts).

-- Each event once: a notification delivered twice, or by two nodes, changes a payment once.
create table gateway_events (
  id text primary key,
  attempt_key text not null,
  kind text not null,
  body jsonb not null,
  received_at timestamptz not null default now()
);
create index if not exists gateway_events_attempt on gateway_events (attempt_key);

-- The simulated gateways' own books (gateways/simulator/): what each was asked under each key and
-- what it decided, as a real processor keeps them; never a card number or CVC. `answer_at` is when
-- a simulated payer answers on their own (a test phone accepting a push a moment later).
create table gateway_simulator (
  key text primary key,
  port text not null,
  request jsonb not null,
  state jsonb not null,
  answer_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists gateway_simulator_answers on gateway_simulator (answer_at) where answer_at is not null;

-- Attempts sent to a gateway whose answer is not recorded yet, for the reconciler.
create index if not exists transactions_in_doubt on transactions (updated_at) where auth_status = 'PROCESSING';

-- An attempt in doubt is not news for the merchant: its webhook goes out once its gateway answered.
drop trigger transactions_webhook_insert on transactions;
create trigger transactions_webhook_insert after insert on transactions
  for each row when (new.auth_status <> 'PROCESSING') execute function pasarela_webhook_outbox();
drop trigger transactions_webhook_update on transactions;
create trigger transactions_webhook_update after update on transactions
  for each row when ((old.status is distinct from new.status or old.auth_status is distinct from new.auth_status
    or old.details -> 'refund' is distinct from new.details -> 'refund') and new.auth_status <> 'PROCESSING')
  execute function pasarela_webhook_outbox();

-- Nor for the push sockets and the console: they hear the attempt once its gateway answered.
drop trigger transactions_notify_insert on transactions;
create trigger transactions_notify_insert after insert on transactions
  for each row when (new.auth_status <> 'PROCESSING') execute function pasarela_notify_transaction();
drop trigger transactions_notify_update on transactions;
create trigger transactions_notify_update after update on transactions
  for each row when ((old.status is distinct from new.status or old.auth_status is distinct from new.auth_status
    or old.updated_at is distinct from new.updated_at) and new.auth_status <> 'PROCESSING')
  execute function pasarela_notify_transaction();
