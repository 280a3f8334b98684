import type { Queryable } from '../db/Database';
import type { StoredCard } from '../payments/cardFingerprint';

/** Saves a card (its token, brand and last four) for a wallet user; the first card is the default. */
export async function saveUserCard(db: Queryable, userId: number, card: StoredCard, nameOnCard: string): Promise<void> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1', [userId]);
  await db.query(
    'insert into user_cards (user_id, card_token, card_brand, card_last4, name_on_card, is_default, card_fingerprint) values ($1, $2, $3, $4, $5, $6, $7)',
    [userId, card.token, card.brand, card.last4, nameOnCard.slice(0, 80), n === 0, card.fingerprint],
  );
}
