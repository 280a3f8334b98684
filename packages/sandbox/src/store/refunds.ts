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

export type LockedPayment = TransactionRow & { refunded_cents: number; held_cents: number; disputes: Array<DisputeRow & { booked: BookedDispute }> };

/**
 * The payment locked, with what its refunds hold and its disputes took: every refund and dispute
 * takes this lock first, so each checks what the others left. Read in statements after the lock: a
 * statement that waits for a lock keeps the snapshot it started with.
 */
export async function lockPaymentMoney(db: Queryable, codOper: string): Promise<LockedPayment | undefined> {
  const [row] = await db.query<TransactionRow & { refunded_cents: number }>('select * from transactions where cod_oper = $1 for update', [codOper]);
  if (!row) return undefined;
  const refunds = await db.query<{ amountCents: number; state: RefundState }>('select amount_cents as "amountCents", state from refunds where cod_oper = $1', [codOper]);
  const disputes = await db.query<DisputeRow>('select * from gateway_disputes where cod_oper = $1 order by seq', [codOper]);
  return { ...row, held_cents: heldCentsOf(refunds), disputes: disputes.map((d) => ({ ...d, booked: bookedDisputeOf(d) })) };
}

/** The caller holds the payment's lock and has checked what remains. */
export async function insertRefund(db: Queryable, refund: { codOper: string; merchantId: number; amountCents: number }): Promise<RefundRow> {
  const [row] = await db.query<RefundRow>('insert into refunds (cod_oper, merchant_id, amount_cents) values ($1, $2, $3) returning *',
    [refund.codOper, refund.merchantId, refund.amountCents]);
  if (!row) throw new Error('insertRefund returned no row');
  return row;
}

/** The refunded amount grows atomically, then the refund's mark writes its webhook event (migration 017's trigger). Undefined when no longer pending. */
export async function markRefundSucceeded(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [pending] = await db.query<RefundRow>("select * from refunds where id = $1 and state = 'pending' for update", [id]);
  if (!pending) return undefined;
  await db.query('update transactions set refunded_cents = refunded_cents + $2, updated_at = now() where cod_oper = $1', [pending.cod_oper, pending.amount_cents]);
  const [row] = await db.query<RefundRow>("update refunds set state = 'succeeded', updated_at = now() where id = $1 returning *", [id]);
  if (row) await recordRefundInBooks(db, row);
  return row;
}


/**
 * A refund made that the processor reports failed later (a card closed since): the payer never got
 * it, so it leaves refunded_cents, its money comes back to the merchant's books and it is `failed`
 * (its transaction.refund_failed event, migration 065's trigger). Undefined unless it had succeeded.
 */
export async function markRefundFailedAfterSuccess(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [made] = await db.query<RefundRow>("select * from refunds where id = $1 and state = 'succeeded' for update", [id]);
  if (!made) return undefined;
  await db.query('update transactions set refunded_cents = refunded_cents - $2, updated_at = now() where cod_oper = $1', [made.cod_oper, made.amount_cents]);
  const [row] = await db.query<RefundRow>("update refunds set state = 'failed', failure = 'failed_after_success', updated_at = now() where id = $1 returning *", [id]);
  if (row) await recordRefundFailureInBooks(db, row.id);
  return row;
}

/** Undefined when no longer pending, so of two nodes settling it only one marks it (one event). */
export async function markRefundFailed(db: Queryable, id: string, failure: RefundFailureReason): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>("update refunds set state = 'failed', failure = $2, updated_at = now() where id = $1 and state = 'pending' returning *", [id, failure]);
  return row;
}

export async function recordRefundReference(db: Queryable, id: string, reference: string): Promise<void> {
  await db.query('update refunds set gateway_reference = $2 where id = $1', [id, reference]);
}

export async function findRefund(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>('select * from refunds where id = $1', [id]);
  return row;
}

export async function refundsOfPayments(db: Queryable, codOpers: readonly string[]): Promise<RefundRow[]> {
  if (codOpers.length === 0) return [];
  return db.query<RefundRow>('select * from refunds where cod_oper = any($1::text[]) order by created_at, id', [codOpers]);
}

export async function refundsOf(db: Queryable, codOper: string): Promise<RefundRow[]> {
  return db.query<RefundRow>('select * from refunds where cod_oper = $1 order by created_at, id', [codOper]);
}

export async function creditBalance(db: Queryable, userId: number, amountCents: number): Promise<boolean> {
  const rows = await db.query('update users set balance_cents = balance_cents + $2 where id = $1 returning id', [userId, amountCents]);
  return rows.length > 0;
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
