import { heldCentsOf, type BookedDispute, type RefundState } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import type { RefundFailureReason } from '../merchantView/webhookEvent';
import { recordRefundFailureInBooks, recordRefundInBooks } from './balanceTransactions';
import { bookedDisputeOf, type DisputeRow } from './disputes';
import type { TransactionRow } from './transactions';

export interface RefundRow {
  id: string;
  cod_oper: string;
  merchant_id: number;
  amount_cents: number;
  state: RefundState;
  failure: RefundFailureReason | null;
  checked_at: Date | null;
  gateway_reference: string | null;
  created_at: Date;
  updated_at: Date;
}

export type LockedPayment = TransactionRow & { refunded_cents: number; held_cents: number; pending_refund_cents: number; disputes: Array<DisputeRow & { booked: BookedDispute }> };

// The lock taken in a materialized CTE, and what it guards read after it (migration 100's function:
// a statement that waits for a lock keeps the snapshot it started with; the function's query does not).
const LOCK_PAYMENT_MONEY = `with locked as materialized (select * from transactions where cod_oper = $1 for update)
  select l.*, pasarela_payment_money_now(l.cod_oper) as locked_money from locked l`;

type DisputeJson = Omit<DisputeRow, 'evidence_due_by' | 'created_at' | 'updated_at'> & { evidence_due_by: string | null; created_at: string; updated_at: string };

/**
 * The payment locked, with what its refunds hold and its disputes took, in one statement: every
 * refund and dispute takes this lock first, so each checks what the others left.
 */
export async function lockPaymentMoney(db: Queryable, codOper: string): Promise<LockedPayment | undefined> {
  const [found] = await db.query<TransactionRow & { refunded_cents: number; locked_money: { refunds: Array<{ amountCents: number; state: RefundState }>; disputes: DisputeJson[] } }>(LOCK_PAYMENT_MONEY, [codOper]);
  if (!found) return undefined;
  const { locked_money: money, ...row } = found;
  const disputes = money.disputes.map((d): DisputeRow => ({
    ...d, evidence_due_by: d.evidence_due_by === null ? null : new Date(d.evidence_due_by), created_at: new Date(d.created_at), updated_at: new Date(d.updated_at),
  }));
  return { ...row, held_cents: heldCentsOf(money.refunds), pending_refund_cents: heldCentsOf(money.refunds.filter((r) => r.state === 'pending')), disputes: disputes.map((d) => ({ ...d, booked: bookedDisputeOf(d) })) };
}

/** The caller holds the payment's lock and has checked what remains. `requestKey`: the merchant call's Idempotency-Key. */
export async function insertRefund(db: Queryable, refund: { codOper: string; merchantId: number; amountCents: number; requestKey?: string | undefined }): Promise<RefundRow> {
  const [row] = await db.query<RefundRow>('insert into refunds (cod_oper, merchant_id, amount_cents, request_key) values ($1, $2, $3, $4) returning *',
    [refund.codOper, refund.merchantId, refund.amountCents, refund.requestKey ?? null]);
  if (!row) throw new Error('insertRefund returned no row');
  return row;
}

/**
 * The refund a merchant call under `requestKey` made since `since` (its key's first claim), the
 * latest, for the repeat that takes the key over from a node that died. The caller holds the payment's lock.
 */
export async function findRefundOfRequest(db: Queryable, codOper: string, merchantId: number, requestKey: string, since: Date): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>(
    'select * from refunds where cod_oper = $1 and merchant_id = $2 and request_key = $3 and created_at >= $4 order by created_at desc, id desc limit 1',
    [codOper, merchantId, requestKey, since]);
  return row;
}

// The refund's state (and the processor's reference) written while still pending, its amount added
// to the payment's under the payment's row lock (refunds row first, as every settler takes them),
// and what its books line is measured from: the payment's line, and the refund lines before it (the
// amount and the fee they gave back, net of those that failed later) read after that lock (migration
// 194's function), so two refunds of one payment ending at once each count the other. Triggers
// (migrations 040, 065) touch the payment and write the webhook event after the statement, seeing
// both changes.
const SETTLE_REFUND = `with settled as (
    update refunds set state = 'succeeded', gateway_reference = coalesce($2, gateway_reference), updated_at = clock_timestamp()
     where id = $1 and state = 'pending' returning *
  ), counted as (
    update transactions t set refunded_cents = t.refunded_cents + s.amount_cents, updated_at = clock_timestamp()
      from settled s where t.cod_oper = s.cod_oper returning t.cod_oper
  )
  select s.*, b.amount_cents as books_gross_cents, b.fee_cents as books_fee_cents, b.currency as books_currency,
         r.refunded_cents as books_refunded_before, r.fee_back_cents as books_fee_back_before
    from settled s join counted c on c.cod_oper = s.cod_oper
    cross join lateral pasarela_refund_lines_now(s.cod_oper) r
    left join balance_transactions b on b.type = 'payment' and b.cod_oper = s.cod_oper`;

/**
 * A pending refund made: two statements, its books line (core refundedFeeCents) the second, in the
 * caller's transaction. Undefined when no longer pending, so of two nodes settling it only one
 * marks it (one webhook event, migration 065's trigger).
 */
export async function markRefundSucceeded(db: Queryable, id: string, gatewayReference?: string): Promise<RefundRow | undefined> {
  const [found] = await db.query<RefundRow & { books_gross_cents: number | null; books_fee_cents: number | null; books_currency: string | null; books_refunded_before: number; books_fee_back_before: number }>(
    SETTLE_REFUND, [id, gatewayReference ?? null]);
  if (!found) return undefined;
  const {
    books_gross_cents: grossCents, books_fee_cents: feeCents, books_currency: currency, books_refunded_before: refundedBeforeCents, books_fee_back_before: feeBackBeforeCents, ...row
  } = found;
  const payment = grossCents === null || feeCents === null || currency === null ? undefined : { grossCents, feeCents, currency, refundedBeforeCents, feeBackBeforeCents };
  await recordRefundInBooks(db, row, payment);
  return row;
}

// Failed while still made, its amount taken off the payment's under the payment's row lock (refunds
// row first, as every settler takes them); its transaction.refund_failed event is migration 065's trigger.
const FAIL_MADE_REFUND = `with failed as (
    update refunds set state = 'failed', failure = 'failed_after_success', updated_at = clock_timestamp() where id = $1 and state = 'succeeded' returning *
  ), counted as (
    update transactions t set refunded_cents = t.refunded_cents - f.amount_cents, updated_at = clock_timestamp()
      from failed f where t.cod_oper = f.cod_oper returning t.cod_oper
  )
  select f.* from failed f join counted c on c.cod_oper = f.cod_oper`;

/**
 * A refund made that the processor reports failed later (a card closed since): the payer never got
 * it, so it leaves refunded_cents, its money comes back to the merchant's books and it is `failed`.
 * Two statements: the books line reads the refund's own line in a statement after the locks, so a
 * line its success committed while this waited is seen. Undefined unless it had succeeded.
 */
export async function markRefundFailedAfterSuccess(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>(FAIL_MADE_REFUND, [id]);
  if (row) await recordRefundFailureInBooks(db, row.id);
  return row;
}

/** Undefined when no longer pending, so of two nodes settling it only one marks it (one event). One statement, with the processor's reference when given. */
export async function markRefundFailed(db: Queryable, id: string, failure: RefundFailureReason, gatewayReference?: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>(
    "update refunds set state = 'failed', failure = $2, gateway_reference = coalesce($3, gateway_reference), updated_at = clock_timestamp() where id = $1 and state = 'pending' returning *",
    [id, failure, gatewayReference ?? null]);
  return row;
}

/** The refund as it is after its reference is kept. */
export async function recordRefundReference(db: Queryable, id: string, reference: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>('update refunds set gateway_reference = $2 where id = $1 returning *', [id, reference]);
  return row;
}

export async function findRefund(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>('select * from refunds where id = $1', [id]);
  return row;
}

export async function refundsOfPayments(db: Queryable, codOpers: readonly string[]): Promise<RefundRow[]> {
  if (codOpers.length === 0) return [];
  return db.query<RefundRow>('select * from refunds where cod_oper = any($1::text[]) order by created_at, id', [codOpers]);
}

export type RefundInDoubt = RefundRow & Pick<TransactionRow, 'method' | 'details'> & { payment_reference: string | null };

/** Claimed for `claimMs` in the statement that finds it (`skip locked`): of nodes sweeping at once, one takes each refund. */
export async function claimRefundsInDoubt(db: Queryable, options: { inDoubtAfterMs: number; claimMs: number; limit: number }): Promise<RefundInDoubt[]> {
  return db.query<RefundInDoubt>(
    `with due as (
       select id from refunds
        where state = 'pending' and created_at <= now() - make_interval(secs => $1 / 1000.0)
          and (checked_at is null or checked_at <= now() - make_interval(secs => $2 / 1000.0))
        order by created_at limit $3 for update skip locked)
     update refunds r set checked_at = now() from due, transactions t
      where r.id = due.id and t.cod_oper = r.cod_oper
     returning r.*, t.method, t.details, t.gateway_reference as payment_reference`,
    [options.inDoubtAfterMs, options.claimMs, options.limit],
  );
}
