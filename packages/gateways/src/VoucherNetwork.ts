import type { GatewayCall } from './GatewayCall';

/** SPEC 3's two cash networks: pay-cash vouchers (PAYCASH) and cash points (PC). */
export type CashNetwork = 'PAYCASH' | 'PC';

export interface VoucherRequest extends GatewayCall {
  network: CashNetwork;
  amountCents: number;
  currency: string;
  /** How long the payer has to pay at a kiosk. */
  expiresAt: Date;
}

export type VoucherState = 'issued' | 'paid' | 'expired' | 'cancelled';

export interface Voucher {
  reference: string;
  state: VoucherState;
}

/** A payment at a kiosk reaches Pasarela as a gateway event. */
export interface VoucherNetwork {
  issue(request: VoucherRequest): Promise<Voucher>;
  status(call: GatewayCall): Promise<Voucher | null>;
  cancel(call: GatewayCall): Promise<Voucher | null>;
}
