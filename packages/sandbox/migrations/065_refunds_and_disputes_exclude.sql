-- Refunds and disputes exclude each other (docs/merchant-api.md "Disputes"; core paymentMoney).
-- A dispute's stage (an inquiry takes no money, a chargeback does), what it took of the payment
-- (at most what was captured and not refunded, capped below what the processor reports when
-- refunds came first) and whether its fee was charged: its ledger lines follow each change under
-- the payment's row lock, so the books need no longer one `dispute` line per dispute.
alter table gateway_disputes add column stage text not null default 'chargeback' check (stage in ('inquiry', 'chargeback'));
alter table gateway_disputes add column taken_cents integer not null default 0 check (taken_cents >= 0);
alter table gateway_disputes add column fee_charged boolean not null default false;
update gateway_disputes d set
  taken_cents = coalesce((select -sum(b.amount_cents) from balance_transactions b where b.dispute_id = d.reference and b.type = 'dispute'), 0),
  fee_charged = exists (select 1 from balance_transactions b where b.dispute_id = d.reference and b.type = 'dispute');

drop index balance_transactions_dispute;
create unique index if not exists balance_transactions_dispute_reversal on balance_transactions (dispute_id) where type = 'dispute_reversal';
create index if not exists balance_transactions_dispute on balance_transactions (dispute_id) where dispute_id is not null;

-- A refund the processor reports failed after it succeeded (a card closed since) gives its money
-- back to the merchant: a `refund_failure` line, the refund's own line reversed, once per refund.
alter table balance_transactions drop constraint balance_transactions_type_check;
alter table balance_transactions add constraint balance_transactions_type_check
  check (type in ('payment', 'refund', 'refund_failure', 'dispute', 'dispute_reversal', 'payout', 'payout_failure'));
create unique index if not exists balance_transactions_refund_failure on balance_transactions (refund_id) where type = 'refund_failure';

-- Its transaction.refund_failed event too: the one update that moves a refund from succeeded to failed.
drop trigger refunds_webhook on refunds;
create trigger refunds_webhook after update on refunds
  for each row when ((old.state = 'pending' and new.state in ('succeeded', 'failed')) or (old.state = 'succeeded' and new.state = 'failed'))
  execute function pasarela_refund_outbox();
