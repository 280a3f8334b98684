import type { CardDetails } from '@pasarela/gateways';

/** Stripe takes a raw card number only from its own pages or a cleared account, so test mode sends its published token instead (https://docs.stripe.com/testing). */
const TEST_TOKENS: Readonly<Record<string, string>> = {
  '4242424242424242': 'tok_visa',
  '4000056655665556': 'tok_visa_debit',
  '5555555555554444': 'tok_mastercard',
  '5200828282828210': 'tok_mastercard_debit',
  '5105105105105100': 'tok_mastercard_prepaid',
  '378282246310005': 'tok_amex',
  '4000000000000002': 'tok_chargeDeclined',
  '4000000000009995': 'tok_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'tok_chargeDeclinedExpiredCard',
  '4000000000000127': 'tok_chargeDeclinedIncorrectCvc',
  '4000000000000119': 'tok_chargeDeclinedProcessingError',
  '4100000000000019': 'tok_chargeDeclinedFraudulent',
  '4000000000000341': 'tok_chargeCustomerFail',
  '4000000000009235': 'tok_riskLevelElevated',
  '4000000000000259': 'tok_createDispute',
  '4000000000002685': 'tok_createDisputeProductNotReceived',
  '4000000000001976': 'tok_createDisputeInquiry',
};

export type TokenOfCard = { token: string } | { refused: string };

export function isTestKey(secretKey: string): boolean {
  return secretKey.startsWith('sk_test_') || secretKey.startsWith('rk_test_');
}

/** The token Stripe takes in place of the typed card, or why there is none. */
export function tokenOfCard(card: CardDetails, secretKey: string): TokenOfCard {
  if (!isTestKey(secretKey)) {
    return { refused: 'A live Stripe key takes no card number from a server: the card must be tokenized on a Stripe page.' };
  }
  const token = TEST_TOKENS[card.number.replace(/\D/g, '')];
  return token ? { token } : { refused: 'Stripe test mode: use one of Stripe\'s published test card numbers.' };
}
