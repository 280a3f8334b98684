-- A refund's statements (issue 91): the payment's lock and what it guards read in one statement.
-- Under READ COMMITTED a statement that waits for a row lock keeps the snapshot it started with, so
-- its own subqueries would miss what the refund or dispute it waited for committed. A VOLATILE
-- function's query takes a new snapshot, so called in that statement, after the lock, it reads what
-- is true under the lock (store/refunds.ts).

-- What a payment's refunds hold (amount and state of each) and its disputes (their rows, in order).
create or replace function pasarela_payment_money_now(text) returns json language plpgsql volatile as $$
begin
  return json_build_object(
    'refunds', (select coalesce(json_agg(json_build_object('amountCents', r.amount_cents, 'state', r.state)), '[]'::json)
                  from refunds r where r.cod_oper = $1),
    'disputes', (select coalesce(json_agg(d order by d.seq), '[]'::json) from gateway_disputes d where d.cod_oper = $1));
end $$;

-- What the books gave back of a payment so far (its refund lines): the running total a refund's
-- share of the fee is measured from (core refundedFeeCents).
create or replace function pasarela_refunded_in_books_now(text) returns integer language plpgsql volatile as $$
begin
  return (select coalesce(-sum(b.amount_cents), 0)::int from balance_transactions b where b.type = 'refund' and b.cod_oper = $1);
end $$;
