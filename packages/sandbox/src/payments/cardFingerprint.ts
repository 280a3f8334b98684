import { createHmac, randomBytes } from 'node:crypto';
import { lastFour, type CardBrand } from '@pasarela/core';
import type { StoredCard } from '../store/userCards';


/** `fingerprint`: the card's cardFingerprintOf under `key`, when the caller has it already. */
export function storedCard(cardNumberDigits: string, brand: CardBrand, key: Buffer, fingerprint = cardFingerprintOf(cardNumberDigits, key)): StoredCard {
  return {
    brand,
    last4: lastFour(cardNumberDigits),
    token: `tok_${randomBytes(12).toString('hex')}`,
    customer: null,
    fingerprint,
  };
}

/** The keyed fingerprint of a card number (StoredCard.fingerprint). */
export function cardFingerprintOf(cardNumberDigits: string, key: Buffer): string {
  return createHmac('sha256', key).update(cardNumberDigits).digest('hex');
}

export function maskedNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}
