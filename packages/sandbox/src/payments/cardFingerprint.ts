import { randomBytes } from 'node:crypto';
import type { CardBrand } from '@pasarela/core';
import type { StoredCard } from '../store/userCards';

/** A typed card as an attempt records it: brand, last four and the vault's fingerprint (never the number). */
export function storedCard(last4: string, brand: CardBrand, fingerprint: string): StoredCard {
  return {
    brand,
    last4,
    token: `tok_${randomBytes(12).toString('hex')}`,
    customer: null,
    fingerprint,
  };
}

export function maskedNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}
