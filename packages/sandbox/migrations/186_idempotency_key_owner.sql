-- A merchant call's Idempotency-Key names the node that runs it (its application_name,
-- Database.sessionName): a key whose node died mid-call (kill -9, a crash) is taken over by the
-- call's retry on any node once no session of that name is left (store/idempotencyKeys.ts), instead
-- of staying `running` for its 24 hours. Keys claimed before this column keep that rule: what they
-- did is not written under their key, so a retry could not tell it was done.
alter table idempotency_keys add column owner text;
-- What a keyed call made carries its key, so the retry that takes the key over answers what was
-- made (a refund is asked of its processor again under its own id, never made twice; a link is
-- answered as made) instead of making it again.
alter table refunds add column request_key text;
alter table payment_links add column request_key text;
create index if not exists payment_links_request_key on payment_links (merchant_id, request_key) where request_key is not null;
