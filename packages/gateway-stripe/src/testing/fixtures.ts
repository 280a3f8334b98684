import { randomUUID } from 'node:crypto';
import type { CardAuthorization, CardToken } from '@pasarela/gateways';
import { STRIPE_TEST_TOKENS } from './stripeTestCards';

export const TEST_KEY = 'sk_test_pasarela_gateway_stripe';


export function newKey(label: string): string {
  return `${label}-${randomUUID()}`;
}

export function inSeconds(seconds: number): Date {
  return new Date(Date.now() + seconds * 1000);
}

/** A charge of 25.00 USD of the card given (a typed card's token, or a saved card). */
export function authorization(card: CardAuthorization['card'], overrides: Partial<CardAuthorization> = {}): CardAuthorization {
  return {
    idempotencyKey: newKey('pay'),
    deadline: inSeconds(5),
    amountCents: 2500,
    currency: 'USD',
    card,
    merchant: { name: 'Tienda Azul', logo: null },
    lang: 'es',
    capture: true,
    ...overrides,
  };
}

/** A test card as Stripe's own browser tokenizer (Elements) would send it: Stripe's published test token, no vault involved. */
export function stripeToken(number: string): CardToken {
  const token = STRIPE_TEST_TOKENS[number];
  if (!token) throw new Error(`${number} is not one of Stripe's test cards`);
  return { token, brand: number.startsWith('4') ? 'VISA' : number.startsWith('3') ? 'AMEX' : 'MC', last4: number.slice(-4), expMonth: '12', expYear: '2034', holder: 'Ana Pérez' };
}
