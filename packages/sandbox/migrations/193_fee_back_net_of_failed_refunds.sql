-- What a refund's share of the payment's fee is measured from (core refundedFeeCents), net of the
-- refunds that failed later: a refund_failure line gave the refund's amount and its fee back to the
-- merchant, so a refund made after it is measured as if the failed one had never been made. Before,
-- the amount counted only refund lines: a full refund made again after one that failed later gave
-- back none of the fee, and the merchant paid the fee of a payment wholly given back.
create or replace function pasarela_refunded_in_books_now(text) returns integer language plpgsql volatile as $$
begin
  return (select coalesce(-sum(b.amount_cents), 0)::int from balance_transactions b where b.type in ('refund', 'refund_failure') and b.cod_oper = $1);
end $$;

-- The fee the payment's refunds gave back so far, net of those that failed later: a refund's share
-- brings the fee given back to its part of the amount refunded, so the shares end at the whole fee.
create or replace function pasarela_fee_given_back_now(text) returns integer language plpgsql volatile as $$
begin
  return (select coalesce(-sum(b.fee_cents), 0)::int from balance_transactions b where b.type in ('refund', 'refund_failure') and b.cod_oper = $1);
end $$;
