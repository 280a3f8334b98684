-- A pending sign-up's and a recovery's later steps find their code by its handle
-- (payload->>'handle', with its purpose: store/pendingRegistrations.ts, mailbox.ts' handleOwner and
-- findCode), newest first; a recovery asked again finds its handle by the text asked
-- (payload->>'asked', store/recoveryHandles.ts). Without these, each look-up read every code ever sent.
-- Only the rows with a handle are kept: `payload->>'handle' = $1` implies it is not null.
create index if not exists verification_codes_handle on verification_codes ((payload->>'handle'), purpose, id) where (payload->>'handle') is not null;
create index if not exists verification_codes_recovery_asked on verification_codes ((payload->>'asked'), id) where purpose = 'recovery';

-- A new code ends the live ones of its address (any case) or its user (mailbox.ts' issueCode), and a
-- code checked by address is found among the live ones (findCode): both by lower(email) or user_id,
-- never by email as written, which migration 002's index served and no statement asks.
create index if not exists verification_codes_live_email on verification_codes (lower(email), purpose) where not used;
create index if not exists verification_codes_live_user on verification_codes (user_id, purpose) where not used;
drop index if exists verification_codes_email;
