import type { BankOutcome } from './BankRedirect';
import type { CardLookup } from './CardProcessor';
import type { CryptoDeposit } from './CryptoProcessor';
import type { PushAnswer } from './PushWallet';
import type { Voucher } from './VoucherNetwork';

/** Where a dispute (chargeback) stands at the processor. */
export type DisputeStatus = 'needs_response' | 'under_review' | 'won' | 'lost';

/** An inquiry (Stripe's `warning_*`, a retrieval request) takes no money; a chargeback does. Absent: a chargeback. */
export type DisputeStage = 'inquiry' | 'chargeback';

export interface Dispute {
  reference: string;
  status: DisputeStatus;
  stage?: DisputeStage | undefined;
  amountCents: number;
  currency: string;
  reason: string;
  evidenceDueBy: Date | null;
  /** The merchant's evidence as the processor holds it (its text), when it tells: the contract kit checks that what was sent arrived. */
  evidence?: string | null | undefined;
  /**
   * Stopped before it became a chargeback (Visa RDR: the payer given the amount back out of the
   * merchant's balance): what it takes is booked, no chargeback fee. Absent: a chargeback's fee is charged.
   */
  prevented?: boolean | undefined;
}

/** `id` names the event: the same event delivered twice, or in another order, changes the payment once. */
export type GatewayEvent =
  | { id: string; key: string; kind: 'card'; reference?: string | undefined; decision: CardLookup }
  | { id: string; key: string; kind: 'push'; answer: PushAnswer }
  | { id: string; key: string; kind: 'voucher'; voucher: Voucher }
  | { id: string; key: string; kind: 'crypto'; deposit: CryptoDeposit }
  | { id: string; key: string; kind: 'bank'; outcome: BankOutcome }
  /** A refund the processor answered `pending` to has completed or failed; `key` is the refund's idempotency key. */
  | { id: string; key: string; kind: 'refund'; reference?: string | undefined; outcome: 'refunded' | 'failed' }
  /** A dispute opened or moved on a charge (`paymentReference`, the charge's reference). */
  | { id: string; kind: 'dispute'; paymentReference: string; dispute: Dispute };

export type GatewayEventSink = (event: GatewayEvent) => Promise<void>;
