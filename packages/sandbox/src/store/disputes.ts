import type { BookedDispute } from '@pasarela/core';
import type { Dispute } from '@pasarela/gateways';
import type { Queryable } from '../db/Database';

export interface DisputeRow {
  /** The processor's: never shown to a merchant. */
  reference: string;
  /** Migration 095: the id a merchant sees (random; a dispute opened before keeps its reference). */
  public_id: string;
  /** Migration 043: the list's cursor. */
  seq: number;
  cod_oper: string;
  status: Dispute['status'];
  /** As the processor reports it; what it took of the payment is taken_cents (migration 065). */
  amount_cents: number;
  stage: BookedDispute['stage'];
  taken_cents: number;
  fee_charged: boolean;
  /** The payment's, which the database writes (migration 216), whatever the processor says. */
  currency: string;
  reason: string;
  evidence_due_by: Date | null;
  created_at: Date;
  updated_at: Date;
}

export const bookedDisputeOf = (row: Pick<DisputeRow, 'stage' | 'status' | 'taken_cents' | 'fee_charged'>): BookedDispute =>
  ({ stage: row.stage, status: row.status, takenCents: row.taken_cents, feeCharged: row.fee_charged });

/**
 * The caller holds the payment's row lock and has decided the move (core disputeMove). The payment's
 * updatedAt moves with it: its refundable amount, fee, net and books lines change with a dispute.
 * Its currency is the payment's: the database writes it (migration 216).
 */
export async function saveDispute(db: Queryable, codOper: string, dispute: Dispute, booked: BookedDispute): Promise<DisputeRow> {
  const [row] = await db.query<DisputeRow>(
    `with payment as (update transactions set updated_at = clock_timestamp() where cod_oper = $2)
     insert into gateway_disputes (reference, cod_oper, status, amount_cents, reason, evidence_due_by, stage, taken_cents, fee_charged)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (reference) do update set status = excluded.status, amount_cents = excluded.amount_cents, reason = excluded.reason,
       evidence_due_by = excluded.evidence_due_by, stage = excluded.stage, taken_cents = excluded.taken_cents, fee_charged = excluded.fee_charged, updated_at = clock_timestamp()
     returning *`,
    [dispute.reference, codOper, booked.status, dispute.amountCents, dispute.reason, dispute.evidenceDueBy, booked.stage, booked.takenCents, booked.feeCharged],
  );
  if (!row) throw new Error('saveDispute returned no row');
  return row;
}

export async function disputesOf(db: Queryable, codOper: string): Promise<DisputeRow[]> {
  return db.query<DisputeRow>('select * from gateway_disputes where cod_oper = $1 order by created_at, reference', [codOper]);
}

/** The disputes of the listed payments, as the books hold them (the console's refund rule reads them). */
export async function disputesOfPayments(db: Queryable, codOpers: readonly string[]): Promise<DisputeRow[]> {
  if (codOpers.length === 0) return [];
  return db.query<DisputeRow>('select * from gateway_disputes where cod_oper = any($1::text[]) order by created_at, reference', [codOpers]);
}

export type MerchantDisputeRow = DisputeRow & {
  merchant_id: number;
  evidence: string | null;
  evidence_submitted_at: Date | null;
  /** Migration 180: the key of the last answer sent to the processor (evidence or accepting), recorded before the call. */
  answer_key: string | null;
  /** The evidence sent under answer_key (null for accepting): booked as sent once the processor says it took it. */
  answer_evidence: string | null;
};

const SELECT_DISPUTE = 'select d.*, t.merchant_id from gateway_disputes d join transactions t on t.cod_oper = d.cod_oper';

export interface DisputeFilters {
  status?: string | undefined;
  codOper?: string | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  beforeSeq?: number | undefined;
}

export async function listMerchantDisputes(db: Queryable, merchantId: number, f: DisputeFilters, count: number): Promise<MerchantDisputeRow[]> {
  return db.query<MerchantDisputeRow>(
    `${SELECT_DISPUTE} where t.merchant_id = $1 and ($2::int is null or d.seq < $2)
       and ($3::timestamptz is null or d.created_at >= $3) and ($4::timestamptz is null or d.created_at < $4)
       and ($6::text is null or d.status = $6) and ($7::text is null or d.cod_oper = $7)
     order by d.seq desc limit $5`,
    [merchantId, f.beforeSeq ?? null, f.createdFrom ?? null, f.createdTo ?? null, count, f.status ?? null, f.codOper ?? null]);
}

/** By the id the merchant sees; another merchant's is as absent as a missing one. */
export async function findMerchantDispute(db: Queryable, merchantId: number, publicId: string, forUpdate = false): Promise<MerchantDisputeRow | undefined> {
  const [row] = await db.query<MerchantDisputeRow>(`${SELECT_DISPUTE} where d.public_id = $1 and t.merchant_id = $2${forUpdate ? ' for update of d' : ''}`, [publicId, merchantId]);
  return row;
}

/** By the id the merchant sees, whoever's (the sandbox's decision). */
export async function findDispute(db: Queryable, publicId: string): Promise<MerchantDisputeRow | undefined> {
  const [row] = await db.query<MerchantDisputeRow>(`${SELECT_DISPUTE} where d.public_id = $1`, [publicId]);
  return row;
}

/** By the processor's reference (its events name that). */
export async function findDisputeByReference(db: Queryable, reference: string): Promise<MerchantDisputeRow | undefined> {
  const [row] = await db.query<MerchantDisputeRow>(`${SELECT_DISPUTE} where d.reference = $1`, [reference]);
  return row;
}

/** Before the processor's call: its key, and the evidence sent under it (null for accepting). The caller holds the dispute's row lock. */
export async function recordDisputeAnswer(db: Queryable, reference: string, key: string, evidence: string | null): Promise<void> {
  await db.query('update gateway_disputes set answer_key = $2, answer_evidence = $3 where reference = $1', [reference, key, evidence]);
}

/** The processor did not take the answer sent under `key`: nothing of it is in doubt any more. */
export async function forgetDisputeAnswer(db: Queryable, reference: string, key: string): Promise<void> {
  await db.query('update gateway_disputes set answer_key = null, answer_evidence = null where reference = $1 and answer_key = $2', [reference, key]);
}

/** The processor holds the dispute under review: the evidence sent to it, if any and not booked yet, is booked as sent. */
export async function bookSentEvidence(db: Queryable, reference: string): Promise<void> {
  await db.query(
    'update gateway_disputes set evidence = answer_evidence, evidence_submitted_at = clock_timestamp() where reference = $1 and evidence_submitted_at is null and answer_evidence is not null',
    [reference]);
}

/** Only while open: once. */
export async function closeDispute(db: Queryable, reference: string, outcome: 'won' | 'lost'): Promise<boolean> {
  const rows = await db.query("update gateway_disputes set status = $2, updated_at = clock_timestamp() where reference = $1 and status not in ('won', 'lost') returning reference", [reference, outcome]);
  return rows.length > 0;
}
