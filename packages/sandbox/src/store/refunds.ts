import { heldCentsOf, type RefundState } from '@pasarela/core';
import type { Queryable } from '../db/Database';
import type { RefundFailureReason } from '../merchantView/webhookEvent';
import { recordRefundInBooks } from './balanceTransactions';
import type { TransactionRow } from './transactions';

/** A refunds row (migration 017). */
export interface RefundRow {
  id: string;
  cod_oper: string;
  merchant_id: number;
  amount_cents: number;
  state: RefundState;
  /** Why a failed refund failed (REFUND_FAILURE_REASONS); null otherwise. */
  failure: RefundFailureReason | null;
  /** When the refund reconciler last claimed it (migration 018). */
  checked_at: Date | null;
  /** The processor's own id of the refund, when its answer gave one (migration 032). */
  gateway_reference: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * A payment locked until the caller's transaction ends, with what its refunds hold (core's
 * heldCentsOf: pending or succeeded). Two statements: the sum is read after the lock is held, in a statement of its own,
 * so it sees the refunds of whoever held the lock before (a statement that waits for a lock keeps
 * the snapshot it started with).
 */
export async function lockForRefund(db: Queryable, codOper: string): Promise<(TransactionRow & { refunded_cents: number; held_cents: number }) | undefined> {
  const [row] = await db.query<TransactionRow & { refunded_cents: number }>('select * from transactions where cod_oper = $1 for update', [codOper]);
  if (!row) return undefined;
  const refunds = await db.query<{ amountCents: number; state: RefundState }>('select amount_cents as "amountCents", state from refunds where cod_oper = $1', [codOper]);
  return { ...row, held_cents: heldCentsOf(refunds) };
}

/** A new refund, pending; the caller holds the payment's lock and has checked what remains. */
export async function insertRefund(db: Queryable, refund: { codOper: string; merchantId: number; amountCents: number }): Promise<RefundRow> {
  const [row] = await db.query<RefundRow>('insert into refunds (cod_oper, merchant_id, amount_cents) values ($1, $2, $3) returning *',
    [refund.codOper, refund.merchantId, refund.amountCents]);
  if (!row) throw new Error('insertRefund returned no row');
  return row;
}

/**
 * A pending refund went through: the payment's refunded amount grows by it (atomically), then the
 * refund is marked, which writes its webhook event (migration 017's trigger) with the payment as it
 * now stands, and the refund enters the merchant's books. Undefined when the refund was not pending any more.
 */
export async function markRefundSucceeded(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [pending] = await db.query<RefundRow>("select * from refunds where id = $1 and state = 'pending' for update", [id]);
  if (!pending) return undefined;
  await db.query('update transactions set refunded_cents = refunded_cents + $2, updated_at = now() where cod_oper = $1', [pending.cod_oper, pending.amount_cents]);
  const [row] = await db.query<RefundRow>("update refunds set state = 'succeeded', updated_at = now() where id = $1 returning *", [id]);
  if (row) await recordRefundInBooks(db, row);
  return row;
}


/**
 * A pending refund that did not go through: the amount it held is free again, and the update writes
 * its transaction.refund_failed event (migration 019's trigger). Undefined when it was not pending
 * any more, so of two nodes settling it only one marks it (and one event is written).
 */
export async function markRefundFailed(db: Queryable, id: string, failure: RefundFailureReason): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>("update refunds set state = 'failed', failure = $2, updated_at = now() where id = $1 and state = 'pending' returning *", [id, failure]);
  return row;
}

/** Keeps the processor's own id of a refund, as its answer gave it. */
export async function recordRefundReference(db: Queryable, id: string, reference: string): Promise<void> {
  await db.query('update refunds set gateway_reference = $2 where id = $1', [id, reference]);
}

/** A refund by its id. */
export async function findRefund(db: Queryable, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.query<RefundRow>('select * from refunds where id = $1', [id]);
  return row;
}

/** The refunds of several payments (a page of the console's list), oldest first. */
export async function refundsOfPayments(db: Queryable, codOpers: readonly string[]): Promise<RefundRow[]> {
  if (codOpers.length === 0) return [];
  return db.query<RefundRow>('select * from refunds where cod_oper = any($1::text[]) order by created_at, id', [codOpers]);
}

/** A payment's refunds, oldest first. */
export async function refundsOf(db: Queryable, codOper: string): Promise<RefundRow[]> {
  return db.query<RefundRow>('select * from refunds where cod_oper = $1 order by created_at, id', [codOper]);
}

/** The balance a refund gives back to the wallet user who paid with it, in the refund's transaction. */
export async function creditBalance(db: Queryable, userId: number, amountCents: number): Promise<boolean> {
  const rows = await db.query('update users set balance_cents = balance_cents + $2 where id = $1 returning id', [userId, amountCents]);
  return rows.length > 0;
}

/** A pending refund claimed by the reconciler, with what its gateway needs of the payment. */
export type RefundInDoubt = RefundRow & Pick<TransactionRow, 'method' | 'details'> & { payment_reference: string | null };

/**
 * Pending refunds whose gateway call is over (created `inDoubtAfterMs` ago or more), each claimed
 * for `claimMs` in the statement that finds it (`skip locked`, then `checked_at`): of nodes that
 * sweep at once, one takes each refund, and the next claim waits until this one lapses.
 */
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
