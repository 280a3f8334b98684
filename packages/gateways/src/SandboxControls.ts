import type { BankOutcome, BankPaymentRequest } from './BankRedirect';
import type { CardAuthorization, CardDecision, MerchantDescriptor } from './CardProcessor';
import type { CryptoDeposit } from './CryptoProcessor';
import type { Dispute, GatewayEventSink } from './GatewayEvent';
import type { PushAnswer } from './PushWallet';
import type { Voucher } from './VoucherNetwork';

/** What the issuer's 3D Secure page shows of a challenge: never the card number, its brand and last four. */
export interface ChallengeShown {
  amountCents: number;
  brand: string;
  last4: string;
  merchant: MerchantDescriptor;
  lang: CardAuthorization['lang'];
}

/** What the bank's Clave page shows of a payment waiting there. */
export interface BankPageShown {
  amountCents: number;
  description: string;
  merchant: MerchantDescriptor;
  returnUrl: BankPaymentRequest['returnUrl'];
}

/**
 * Why the server withdrew a page the payer may have left open (a 3DS challenge, a Clave page), for
 * that page to say: core's PageGoneReason, and the method of the payment that paid its order elsewhere.
 */
export interface PageGone {
  reason: string;
  paidWith: string | null;
}

/**
 * What the sandbox's pages and settle calls drive in the simulated gateways, in this process
 * (packages/simulator/src/processors/) or in the simulator's service over HTTP (gateways/http/): the payer's
 * phone, the kiosk, the chain, the issuer's and the bank's pages. Each answers undefined when
 * nothing waits under the key (answered already, withdrawn, never made). Absent with real gateways.
 */
export interface SandboxControls {
  card: {
    challenge(key: string): Promise<ChallengeShown | undefined>;
    completeChallenge(key: string, approved: boolean, lang: CardAuthorization['lang']): Promise<CardDecision | undefined>;
    /** The card network decides an open dispute on the charge `reference`: the dispute as its books hold it now. */
    decideDispute(reference: string, disputeReference: string, outcome: 'won' | 'lost'): Promise<Dispute | undefined>;
  };
  push: { payerAnswers(key: string, approved: boolean): Promise<PushAnswer | undefined> };
  voucher: { paidAtKiosk(key: string): Promise<Voucher | undefined> };
  crypto: { chainConfirms(key: string, paidCrypto: number, senderAddress: string | null): Promise<CryptoDeposit | undefined> };
  bank: {
    waiting(key: string): Promise<BankPageShown | undefined>;
    payerDecides(key: string, approved: boolean): Promise<BankOutcome | undefined>;
  };
  /** Told after a payment's page is withdrawn (and again when its order is paid since): what that page says when it is opened or answered. */
  pages: { withdrawn(key: string, gone: PageGone): Promise<void> };
  /** The test phones due to answer now, each handed to `sink` as an event; how many there were. */
  answerDue(sink: GatewayEventSink): Promise<number>;
}
