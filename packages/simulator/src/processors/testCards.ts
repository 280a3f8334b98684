import type { CardDeclineReason, DisputeStage } from '@pasarela/gateways';

export type TestCardBehaviour =
  | { kind: 'approved'; refunds?: 'refused' | 'unanswered'; disputed?: DisputeStage }
  | { kind: 'declined'; reason: CardDeclineReason }
  | { kind: 'processing_error' }
  | { kind: 'three_ds' }
  | { kind: 'pending' };

const TEST_CARDS: Readonly<Record<string, TestCardBehaviour>> = {
  '4000000000000002': { kind: 'declined', reason: 'generic' },
  '4000000000009995': { kind: 'declined', reason: 'insufficient_funds' },
  '4000000000000069': { kind: 'declined', reason: 'expired_card' },
  '4000000000000127': { kind: 'declined', reason: 'incorrect_cvc' },
  '4000000000000119': { kind: 'processing_error' },
  '4000000000003220': { kind: 'three_ds' },
  '4000000000000259': { kind: 'pending' },
  '4000000000005126': { kind: 'approved', refunds: 'refused' },
  '4000000000007726': { kind: 'approved', refunds: 'unanswered' },
  // Approved, then disputed by the cardholder a moment later (a signed dispute notification); a hold, once captured.
  '4000000000001976': { kind: 'approved', disputed: 'chargeback' },
  // The same with the issuer's inquiry first: it asks for evidence and takes no money.
  '4000000000006975': { kind: 'approved', disputed: 'inquiry' },
};

export function testCardBehaviour(cardNumberDigits: string): TestCardBehaviour {
  return TEST_CARDS[cardNumberDigits] ?? { kind: 'approved' };
}

/**
 * A typed card the simulator is given as a token with its facts only (an adapters module running it
 * in-process, handed the vault's token): its test behaviour by brand and last four, as a processor's
 * test tokens carry theirs. Any other card is approved.
 */
export function testTokenBehaviour(brand: string, last4: string): TestCardBehaviour {
  const match = brand === 'VISA' ? Object.entries(TEST_CARDS).find(([number]) => number.endsWith(last4)) : undefined;
  return match?.[1] ?? { kind: 'approved' };
}
