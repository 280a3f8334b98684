import { randomUUID } from 'node:crypto';
import type { CardAuthorization, CardDetails } from '@pasarela/gateways';

export const TEST_KEY = 'sk_test_pasarela_gateway_stripe';

export function card(number: string): CardDetails {
  return { number, expMonth: '12', expYear: '2034', cvc: '123', holder: 'Ana Pérez' };
}

export function newKey(label: string): string {
  return `${label}-${randomUUID()}`;
}

export function inSeconds(seconds: number): Date {
  return new Date(Date.now() + seconds * 1000);
}

export function authorization(number: string, overrides: Partial<CardAuthorization> = {}): CardAuthorization {
  return {
    idempotencyKey: newKey('pay'),
    deadline: inSeconds(5),
    amountCents: 2500,
    currency: 'USD',
    card: card(number),
    merchant: { name: 'Tienda Azul', logo: null },
    lang: 'es',
    capture: true,
    ...overrides,
  };
}
