import type { MerchantDescriptor, PayerLanguage } from './CardProcessor';
import type { GatewayCall } from './GatewayCall';

export interface BankPaymentRequest extends GatewayCall {
  amountCents: number;
  /** ISO 4217 ('USD'). */
  currency: string;
  description: string;
  merchant: MerchantDescriptor;
  lang: PayerLanguage;
  /** Where the bank sends the payer back once they answered (an http(s) URL on the checkout origin); the page goes nowhere else. */
  returnUrl: string;
}

export type BankOutcome = 'waiting' | 'approved' | 'declined' | 'cancelled';

export interface BankRedirect {
  start(request: BankPaymentRequest): Promise<{ redirectUrl: string }>;
  outcome(call: GatewayCall): Promise<BankOutcome | null>;
  /** Closes a payment the payer has not approved: the bank's page no longer takes it. */
  cancel(call: GatewayCall): Promise<BankOutcome | null>;
  /** Gives back `amountCents` of a payment the payer approved (`paymentKey` names it), at most what it debited. */
  refund(call: GatewayCall & { paymentKey: string; amountCents: number; currency: string }): Promise<'refunded' | 'refused'>;
}
