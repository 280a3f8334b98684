-- The processor's own id of what it made (a charge, a card check's authorization, a refund), as its
-- answer gave it: every later call about it (lookup, capture, void, refund) hands it back, so an
-- adapter finds it at the processor without a map of its own. Null until the processor answered.
alter table transactions add column gateway_reference text;
alter table card_checks add column gateway_reference text;
alter table refunds add column gateway_reference text;
