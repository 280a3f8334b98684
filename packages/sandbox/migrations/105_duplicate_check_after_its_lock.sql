-- SPEC 8's duplicate check of a card payment's attempt in the attempt's own statement, with its lock
-- (issue 91: no transaction of BEGIN, lock, insert and COMMIT, idle between its round trips). The
-- statement's snapshot is taken before the lock, so its own subquery would miss an attempt that the
-- lock's previous holder committed meanwhile; this VOLATILE function takes the duplicate rule's
-- advisory lock (held until the statement's commit) and then reads with a new snapshot, as migration
-- 100's functions do after a row lock (store/insertTransaction.ts). A null key (tryAgain) takes no
-- lock and finds nothing. The counted statuses and ended auth statuses are core's, given by the caller.
create or replace function pasarela_duplicate_after_lock(
  p_lock_key text, p_fingerprint text, p_amount_cents integer, p_since timestamptz, p_merchant_id integer,
  p_counted_statuses integer[], p_ended_auth_statuses text[]
) returns table (track_id text, cod_oper text, method text, status integer, auth_status text, redirect_url text)
language plpgsql volatile as $$
begin
  if p_lock_key is null then
    return;
  end if;
  perform pg_advisory_xact_lock(hashtext(p_lock_key));
  return query
    select t.track_id, t.cod_oper, t.method, t.status, t.auth_status, t.redirect_url from transactions t
     where t.card_fingerprint = p_fingerprint and t.amount_cents = p_amount_cents and t.created_at >= p_since
       and t.merchant_id = p_merchant_id and t.status = any(p_counted_statuses)
       and upper(t.auth_status) <> all(p_ended_auth_statuses)
     order by (t.status = -1), t.id desc
     limit 1;
end $$;
