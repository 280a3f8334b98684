import type { BankOutcome } from './BankRedirect';
import type { CardDecision } from './CardProcessor';
import type { CryptoDeposit } from './CryptoProcessor';
import type { PushAnswer } from './PushWallet';
import type { Voucher } from './VoucherNetwork';

/**
 * What a gateway says on its own about an attempt (`key`, its idempotency key): a processor's
 * notification, a simulated payer answering, the sandbox's settle calls. `id` names the event: the
 * same event delivered twice, or in another order, changes the payment once.
 */
export type GatewayEvent =
  | { id: string; key: string; kind: 'card'; decision: CardDecision }
  | { id: string; key: string; kind: 'push'; answer: PushAnswer }
  | { id: string; key: string; kind: 'voucher'; voucher: Voucher }
  | { id: string; key: string; kind: 'crypto'; deposit: CryptoDeposit }
  | { id: string; key: string; kind: 'bank'; outcome: BankOutcome };

/** Where events go: the inbound path (payments/receiveGatewayEvent.ts), set once at start. */
export type GatewayEventSink = (event: GatewayEvent) => Promise<void>;
