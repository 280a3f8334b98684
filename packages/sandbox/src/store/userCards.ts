import type { Queryable } from '../db/Database';
import type { CardBrand } from '@pasarela/core';

/** Saves a card (its token, brand and last four) for a wallet user; the first card is the default. */
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

export async function saveUserCard(db: Queryable, userId: number, card: StoredCard, nameOnCard: string): Promise<void> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1', [userId]);
  await db.query(
    'insert into user_cards (user_id, card_token, card_brand, card_last4, name_on_card, is_default, card_fingerprint) values ($1, $2, $3, $4, $5, $6, $7)',
    [userId, card.token, card.brand, card.last4, nameOnCard.slice(0, 80), n === 0, card.fingerprint],
  );
}
