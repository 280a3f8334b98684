import { centsToAmount } from '@pasarela/core';

/** The columns a merchant sees of a dispute (gateway_disputes, migrations 033, 042 and 065). */
export interface DisputeFacts {
  reference: string;
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
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (date: Date | string) => new Date(date).toISOString();

/** A dispute as the merchant API answers it and its events carry it (docs/merchant-api.md "Disputes"). */
export function merchantDisputeOf(d: DisputeFacts) {
  return {
    id: d.reference,
    codOper: d.cod_oper,
    amount: centsToAmount(d.amount_cents),
    stage: d.stage,
    takenAmount: centsToAmount(d.taken_cents),
    currency: d.currency,
    reason: d.reason,
    status: d.status,
    evidenceDueBy: d.evidence_due_by === null ? null : iso(d.evidence_due_by),
    evidence: d.evidence,
    createdAt: iso(d.created_at),
    updatedAt: iso(d.updated_at),
  };
}
