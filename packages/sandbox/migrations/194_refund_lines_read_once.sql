-- What a refund's share of the payment's fee is measured from (core refundedFeeCents), read in one
-- pass over the payment's refund lines: the amount and the fee given back so far, net of the refunds
-- that failed later (migration 193 read them in two functions, each over the same lines). VOLATILE
-- for the reason migration 100 gives: called in the settling statement after the payment's lock, it
-- reads what is true under that lock. Migration 193's two functions stay for the nodes of the release
-- before, which run beside this one during a rolling upgrade.
create or replace function pasarela_refund_lines_now(text, out refunded_cents integer, out fee_back_cents integer)
language plpgsql volatile as $$
begin
  select coalesce(-sum(b.amount_cents), 0)::int, coalesce(-sum(b.fee_cents), 0)::int into refunded_cents, fee_back_cents
    from balance_transactions b where b.type in ('refund', 'refund_failure') and b.cod_oper = $1;
end $$;
