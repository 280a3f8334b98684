import { centsToAmount } from '@pasarela/core';

/** The columns a merchant sees of a payout (a payouts row, migration 041). */
export interface PayoutFacts {
  id: string;
  amount_cents: number;
  currency: string;
  status: 'pending' | 'paid' | 'failed';
  arrival_date: string | Date;
  failure: string | null;
  /** The merchant's account it was sent to. */
  destination: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const dayOf = (date: string | Date) => (typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10));

/** What the deposit's line on the merchant's bank statement reads (22 characters at most, as banks show them); the rail is given it. */
export const statementReferenceOf = (payoutId: string): string => `PASARELA ${payoutId.slice(3, 16).toUpperCase()}`;

/** A payout as the merchant API answers it and its events carry it (docs/merchant-api.md "Payouts"). */
export function merchantPayoutOf(p: PayoutFacts) {
  return {
    id: p.id,
    amount: centsToAmount(p.amount_cents),
    currency: p.currency,
    status: p.status,
    arrivalDate: dayOf(p.arrival_date),
    failureReason: p.failure,
    destinationLast4: p.destination.slice(-4),
    statementReference: statementReferenceOf(p.id),
    createdAt: new Date(p.created_at).toISOString(),
    updatedAt: new Date(p.updated_at).toISOString(),
  };
}
