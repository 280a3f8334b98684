import { describe, expect, it } from 'vitest';
import { STRIPE_MAX_AMOUNT, amountRefusal } from './charges';

// Stripe's largest charge is eight digits in the currency's minor units (99999999): 999,999.99 in
// USD and in COP, which Stripe counts with two decimals. Its smallest is 0.50 in USD and EUR (in COP
// it depends on the day's rate: left to Stripe). Beyond either the adapter says so before any call.
describe('amountRefusal', () => {
  it.each([
    [STRIPE_MAX_AMOUNT, 'COP', undefined],
    [STRIPE_MAX_AMOUNT, 'USD', undefined],
    [50, 'usd', undefined],
    [50, 'EUR', undefined],
    [100, 'COP', undefined],
    [49, 'usd', 'Stripe charges at least 0.50 USD: 0.49 USD was not sent, nothing charged'],
    [10, 'USD', 'Stripe charges at least 0.50 USD: 0.10 USD was not sent, nothing charged'],
    [1, 'eur', 'Stripe charges at least 0.50 EUR: 0.01 EUR was not sent, nothing charged'],
    [STRIPE_MAX_AMOUNT + 1, 'COP', 'Stripe charges at most 999,999.99 COP at once: 1,000,000.00 COP was not sent, nothing charged'],
    [2_000_000_000, 'COP', 'Stripe charges at most 999,999.99 COP at once: 20,000,000.00 COP was not sent, nothing charged'],
    [STRIPE_MAX_AMOUNT + 1, 'usd', 'Stripe charges at most 999,999.99 USD at once: 1,000,000.00 USD was not sent, nothing charged'],
  ])('%i minor units of %s: %s', (amountCents, currency, refusal) => {
    expect(amountRefusal(amountCents, currency)).toBe(refusal);
  });
});
