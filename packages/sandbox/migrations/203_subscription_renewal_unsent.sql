-- The renewal a node has claimed and not yet sent to the card processor (its attempt's cod_oper;
-- store/subscriptions.ts). Sending it is a conditional write that clears it while the subscription is
-- active; a merchant's cancel clears it and forgets that attempt in its own write. Of the two, the
-- one that commits first decides: once a cancel has answered, no renewal of it reaches the processor.
alter table subscriptions add column if not exists renewal_unsent text;
