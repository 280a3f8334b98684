-- A merchant call that failed (it threw: a database blip after its refund was recorded, a 500)
-- leaves its Idempotency-Key `failed` instead of deleting it. Its retry with the same request takes
-- the key over as `resumed`, keeping the first claim's time, so what the failed call made under the
-- key (a refund recorded, a link inserted: migration 186's request_key) is answered, never made a
-- second time; another request under a failed key takes it afresh, as when nothing was made.
alter table idempotency_keys drop constraint if exists idempotency_keys_state_check;
alter table idempotency_keys add constraint idempotency_keys_state_check check (state in ('running', 'done', 'failed'));
