/**
 * Stripe's published test cards and the test token each stands for (https://docs.stripe.com/testing).
 * stripe-stateful-mock knows the tokens, not the numbers: the test door (stripeTestDoor.ts) answers
 * `POST /v1/tokens` for a number as Stripe's test mode does.
 */
export const STRIPE_TEST_TOKENS: Readonly<Record<string, string>> = {
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
