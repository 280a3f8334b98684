-- A link that is not single-use ends (POST /sandbox/links/:code/expire, the merchant API's expire)
-- only once the attempts being recorded on it are in, and an attempt recorded after that sees the
-- end. Before, an attempt whose link was read open before the end was recorded after it: the admin
-- route had answered that the link ended with no payment, and a shop that made a new link for the
-- order had it paid twice. A single-use link's attempts and its end meet on the link's row lock
-- (store/insertTransaction.ts); these take a shared advisory lock on the link instead, which holds no
-- row and writes nothing, and the end takes it exclusively (store/links.ts lockLinkEnd). The
-- function reads the link's end after the lock, in a query of its own (a new snapshot).
create or replace function pasarela_link_ended_after_lock(p_code text) returns boolean
language plpgsql volatile as $$
begin
  if p_code is null or not exists (select 1 from payment_links where code = p_code and not single_use) then
    return false;
  end if;
  perform pg_advisory_xact_lock_shared(hashtext('link-end:' || p_code));
  return exists (select 1 from payment_links where code = p_code and expires_at <= clock_timestamp());
end $$;
