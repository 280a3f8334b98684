import type { Dispute } from '@pasarela/gateways';
import type { Queryable } from '../db/Database';

/** A processor's dispute as recorded (migration 033). */
export interface DisputeRow {
  reference: string;
  cod_oper: string;
  status: Dispute['status'];
  amount_cents: number;
  currency: string;
  reason: string;
  evidence_due_by: Date | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * Records a dispute the card processor reported on the card payment whose charge is
 * `paymentReference`: inserted the first time, moved to the state reported after. A dispute won or
 * lost stays so (an older event delivered late changes nothing). Undefined when no card payment has
 * that reference, or nothing changed.
 */
export async function recordDispute(db: Queryable, paymentReference: string, dispute: Dispute): Promise<DisputeRow | undefined> {
  const [row] = await db.query<DisputeRow>(
    `insert into gateway_disputes (reference, cod_oper, status, amount_cents, currency, reason, evidence_due_by)
     select $2, t.cod_oper, $3, $4, $5, $6, $7 from transactions t where t.gateway_reference = $1 and t.method = 'card'
     on conflict (reference) do update set status = excluded.status, amount_cents = excluded.amount_cents, reason = excluded.reason,
       evidence_due_by = excluded.evidence_due_by, updated_at = now()
     where gateway_disputes.status not in ('won', 'lost')
     returning *`,
    [paymentReference, dispute.reference, dispute.status, dispute.amountCents, dispute.currency, dispute.reason, dispute.evidenceDueBy],
  );
  return row;
}

/** The disputes of a payment, oldest first. */
export async function disputesOf(db: Queryable, codOper: string): Promise<DisputeRow[]> {
  return db.query<DisputeRow>('select * from gateway_disputes where cod_oper = $1 order by created_at, reference', [codOper]);
}
