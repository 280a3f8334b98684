-- A pending sign-up's and a recovery's later steps find their code by its handle
-- (payload->>'handle', with its purpose: store/pendingRegistrations.ts, mailbox.ts' handleOwner and
-- findCode), newest first; a recovery asked again finds its handle by the text asked
-- (payload->>'asked', store/recoveryHandles.ts). Without these, each look-up read every code ever sent.
-- Only the rows with a handle are kept: `payload->>'handle' = $1` implies it is not null.
create index if not exists verification_codes_handle on verification_codes ((payload->>'handle'), purpose, id) where (payload->>'handle') is not null;
create index if not exists verification_codes_recovery_asked on verification_codes ((payload->>'asked'), id) where purpose = 'recovery';
