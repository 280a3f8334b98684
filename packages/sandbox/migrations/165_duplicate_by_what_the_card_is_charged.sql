-- SPEC 8's possible_duplicated_tx, "same amount and card", compares what the card is charged: the
-- amount with its tax and any donation, the total the payer's question names ("you paid this same
-- amount with this card"). Comparing the amount alone asked a payer who had paid 11.00 (10.00 and 1.00
-- of tax) whether 10.00 was the same purchase, and let 10.00 + 1.00 after 11.00 + 0 pass unasked.
-- p_amount_cents is that total (store/insertTransaction.ts); the lock's key names it too. The index on
-- (card_fingerprint, amount_cents, created_at) still narrows by the card: a card's payments at one
-- merchant within 5 minutes are few.
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
     where t.card_fingerprint = p_fingerprint and t.amount_cents + t.tax_cents + t.campaign_cents = p_amount_cents
       and t.created_at >= p_since and t.merchant_id = p_merchant_id and t.status = any(p_counted_statuses)
       and upper(t.auth_status) <> all(p_ended_auth_statuses)
     order by (t.status = -1), t.id desc
     limit 1;
end $$;
