import { capturableCentsOf, captureMethodOf, capturedCentsOf, recordedPaymentResult, totalPaidCentsOf, type CaptureMethod, type Hold, type HoldState } from '@pasarela/core';

/** A payment's hold as stored (migration 060): hold_state null is a hold still open. */
export interface HoldFacts {
  method: string;
  status: number;
  auth_status: string;
  tx_type?: string | null;
  hold_state?: string | null;
  captured_cents?: number | null;
  amount_cents: number;
  tax_cents: number;
  campaign_cents?: number | null;
}

const STORED_STATES: readonly string[] = ['capturing', 'captured', 'releasing', 'released', 'expired'];

export const captureMethodOfRow = (t: Pick<HoldFacts, 'tx_type'>): CaptureMethod => captureMethodOf(t.tx_type ?? '');

const paidCentsOfFacts = (t: HoldFacts) => t.amount_cents + t.tax_cents + (t.campaign_cents ?? 0);

/** Null for an automatic payment, and for a manual one the processor never approved (nothing is held). */
export function holdOf(t: HoldFacts): Hold | null {
  if (captureMethodOfRow(t) === 'automatic') return null;
  const stored = t.hold_state ?? null;
  if (stored === null && recordedPaymentResult({ method: t.method, status: t.status, authStatus: t.auth_status }) !== 'APPROVED') return null;
  const state: HoldState = stored !== null && STORED_STATES.includes(stored) ? (stored as HoldState) : 'authorized';
  return { state, heldCents: paidCentsOfFacts(t), capturedCents: state === 'captured' ? (t.captured_cents ?? 0) : 0, donationCents: t.campaign_cents ?? 0 };
}

/** core capturedCentsOf: what the books, refunds and disputes count of the payment. */
export function capturedCentsOfRow(t: HoldFacts): number {
  return capturedCentsOf({ captureMethod: captureMethodOfRow(t), paidCents: paidCentsOfFacts(t), hold: holdOf(t) });
}

/** core capturableCentsOf: what a capture may still take (0 unless a hold is open). */
export function capturableCentsOfRow(t: HoldFacts): number {
  const hold = holdOf(t);
  return hold ? capturableCentsOf(hold) : 0;
}

/** core totalPaidCentsOf: what the payer paid in all (0 for a hold voided or expired uncaptured). */
export function totalPaidCentsOfRow(t: HoldFacts): number {
  return totalPaidCentsOf({ captureMethod: captureMethodOfRow(t), paidCents: paidCentsOfFacts(t), hold: holdOf(t) });
}
