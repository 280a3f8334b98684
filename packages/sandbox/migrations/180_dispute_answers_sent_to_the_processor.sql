-- A merchant's answer to a dispute (its evidence, or accepting it) is sent to the card processor,
-- and booked only as the processor's books then say (payments/disputes.ts). Before the call the
-- answer's idempotency key is recorded, with the evidence sent under it: a retry sends the same key,
-- and a notification that the processor took it (under_review) books that evidence as sent.
alter table gateway_disputes add column answer_key text;
alter table gateway_disputes add column answer_evidence text;
