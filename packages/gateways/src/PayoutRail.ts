import type { GatewayCall } from './GatewayCall';

/** A payout's transfer to the merchant's bank account. */
export interface PayoutRequest extends GatewayCall {
  amountCents: number;
  /** ISO 4217 ('USD' today). */
  currency: string;
  /** The merchant's bank account as the rail names it. */
  destination: string;
}

/**
 * Where a transfer stands: `pending` while the banks move it, `paid` once it arrived, `failed` when
 * the receiving bank sent it back (the money is the merchant's balance again). `reference` is the
 * rail's own id of the transfer.
 */
export interface PayoutTransfer {
  status: 'pending' | 'paid' | 'failed';
  reference: string;
}

/**
 * The bank rail that pays a merchant's payouts out. One transfer per key (a retry answers the
 * first); what it became later is asked by the payout's key (`lookup`, null: never received).
 */
export interface PayoutRail {
  pay(request: PayoutRequest): Promise<PayoutTransfer>;
  lookup(call: GatewayCall): Promise<PayoutTransfer | null>;
}
