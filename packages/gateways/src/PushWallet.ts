import type { GatewayCall } from './GatewayCall';

/** The wallets that ask the payer on the phone: Nequi (Colombia) and Yappy (Panama). */
export type PushWalletName = 'nequi' | 'yappy';

export interface PushRequest extends GatewayCall {
  wallet: PushWalletName;
  /** A notification to this phone, or (Nequi) a QR the payer scans. */
  channel: { kind: 'push'; phone: string } | { kind: 'qr' };
  amountCents: number;
  currency: string;
  /** When the payer's window closes (Yappy: 5 minutes). */
  expiresAt: Date;
}

export type PushState = 'waiting' | 'approved' | 'declined' | 'expired' | 'cancelled';

export interface PushAnswer {
  state: PushState;
  /** What the payer scans (QR requests). */
  qrValue?: string | undefined;
}

/** The payer's answer arrives as a gateway event; `status` is for the reconciler and what an event did not say. */
export interface PushWallet {
  request(request: PushRequest): Promise<PushAnswer>;
  status(call: GatewayCall): Promise<PushAnswer | null>;
  /** Withdraws a request the payer has not answered: from then on it cannot be paid. */
  cancel(call: GatewayCall): Promise<PushAnswer | null>;
  refund(call: GatewayCall & { requestKey: string; amountCents: number; currency: string }): Promise<'refunded' | 'refused'>;
  /** What became of the refund with this key: made ('refunded'), or null when it made none under it (never received, or refused). */
  refundOutcome(call: GatewayCall & { requestKey: string }): Promise<'refunded' | null>;
}
