import type { GatewayCall } from './GatewayCall';

export interface PayoutRequest extends GatewayCall {
  amountCents: number;
  currency: string;
  /** The merchant's bank account as the rail names it. */
  destination: string;
  /** What the merchant's bank statement shows for the deposit (the payout's statementReference). */
  statementReference?: string;
}

/** `failed`: the receiving bank sent it back (the money is the merchant's balance again). */
export interface PayoutTransfer {
  status: 'pending' | 'paid' | 'failed';
  reference: string;
}

/** One transfer per key (a retry answers the first); `lookup` is null when it never received it. */
export interface PayoutRail {
  pay(request: PayoutRequest): Promise<PayoutTransfer>;
  lookup(call: GatewayCall): Promise<PayoutTransfer | null>;
}
