import { centsToAmount } from '@pasarela/core';

/** The columns a merchant sees of a dispute (gateway_disputes, migrations 033, 042 and 065). */
export interface DisputeFacts {
  /** Migration 095: the id a merchant sees (never the processor's reference). */
  public_id: string;
  cod_oper: string;
  status: string;
  amount_cents: number;
  /** Migration 065. */
  stage: string;
  taken_cents: number;
  currency: string;
  reason: string;
  evidence_due_by: Date | string | null;
  evidence: string | null;
  evidence_submitted_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (date: Date | string) => new Date(date).toISOString();

/** Whether evidence was sent and when, never its text: what every dispute event carries. */
const evidenceDetailsOf = (d: DisputeFacts) => ({ submitted: d.evidence_submitted_at !== null, submittedAt: d.evidence_submitted_at === null ? null : iso(d.evidence_submitted_at) });

/**
 * A dispute in its events (webhooks and the change feed, docs/webhooks.md): the evidence's presence
 * only, since its text may hold the payer's details and would travel with every update; the
 * merchant reads the text with GET /disputes/:id.
 */
export function disputeEventDataOf(d: DisputeFacts) {
  return {
    id: d.public_id,
    codOper: d.cod_oper,
    amount: centsToAmount(d.amount_cents),
    stage: d.stage,
    takenAmount: centsToAmount(d.taken_cents),
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    evidenceDueBy: d.evidence_due_by === null ? null : iso(d.evidence_due_by),
    evidenceDetails: evidenceDetailsOf(d),
    createdAt: iso(d.created_at),
    updatedAt: iso(d.updated_at),
  };
}

/** A dispute as the merchant API answers it (docs/merchant-api.md "Disputes"): its events' fields and the evidence's text. */
export function merchantDisputeOf(d: DisputeFacts) {
  const { createdAt, updatedAt, ...facts } = disputeEventDataOf(d);
  return { ...facts, evidence: d.evidence, createdAt, updatedAt };
}
