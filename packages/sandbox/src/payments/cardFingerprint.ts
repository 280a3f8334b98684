import { createHmac, randomBytes } from 'node:crypto';
import { lastFour, type CardBrand } from '@pasarela/core';

/** What is kept of a card: never the number or CVC. */
export interface StoredCard {
  brand: CardBrand;
  last4: string;
  /** Random, stands for the card in later calls; reveals nothing. */
  token: string;
  /**
   * HMAC of the number under the node-shared key (cardFingerprintKeyOf), so the duplicate rule can
   * match "the same card" on any node while the rows alone cannot be brute-forced back to a number.
   */
  fingerprint: string;
}

/** `fingerprint`: the card's cardFingerprintOf under `key`, when the caller has it already. */
export function storedCard(cardNumberDigits: string, brand: CardBrand, key: Buffer, fingerprint = cardFingerprintOf(cardNumberDigits, key)): StoredCard {
  return {
    brand,
    last4: lastFour(cardNumberDigits),
    token: `tok_${randomBytes(12).toString('hex')}`,
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
