import type { Queryable } from '../db/Database';
import type { CardBrand } from '@pasarela/core';

/** What is kept of a card: never the number or CVC. */
export interface StoredCard {
  brand: CardBrand;
  last4: string;
  /** The card processor's reusable token of the card (its saveCard answer): every later charge names it. */
  token: string;
  /** The processor's customer the card belongs to, when it keeps cards under customers. */
  customer: string | null;
  /**
   * HMAC of the number under the node-shared key (cardFingerprintKeyOf), so the duplicate rule can
   * match "the same card" on any node while the rows alone cannot be brute-forced back to a number.
   */
  fingerprint: string;
}

/** Saves a card (its token, brand and last four) for a wallet user; the first card is the default. */
export async function saveUserCard(db: Queryable, userId: number, card: StoredCard, nameOnCard: string): Promise<void> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1', [userId]);
  await db.query(
    'insert into user_cards (user_id, card_token, card_customer, card_brand, card_last4, name_on_card, is_default, card_fingerprint) values ($1, $2, $3, $4, $5, $6, $7, $8)',
    [userId, card.token, card.customer, card.brand, card.last4, nameOnCard.slice(0, 80), n === 0, card.fingerprint],
  );
}

export interface UserCardRow { id: number; user_id: number; card_token: string; card_brand: string; card_last4: string; name_on_card: string; is_default: boolean }

export async function listUserCards(db: Queryable, userId: number, order: 'asc' | 'desc', limit: number): Promise<UserCardRow[]> {
  return db.query<UserCardRow>(`select * from user_cards where user_id = $1 order by id ${order === 'desc' ? 'desc' : 'asc'} limit $2`, [userId, limit]);
}

/** Adds a card the user registered; it becomes the default when asked or when it is the first. */
export async function registerUserCard(db: Queryable, userId: number, card: StoredCard, nameOnCard: string, makeDefault: boolean): Promise<UserCardRow> {
  const [{ n } = { n: 0 }] = await db.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1', [userId]);
  const isDefault = makeDefault || n === 0;
  if (isDefault) await db.query('update user_cards set is_default = false where user_id = $1', [userId]);
  const [row] = await db.query<UserCardRow>(
    'insert into user_cards (user_id, card_token, card_customer, card_brand, card_last4, name_on_card, is_default, card_fingerprint) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *',
    [userId, card.token, card.customer, card.brand, card.last4, nameOnCard, isDefault, card.fingerprint],
  );
  if (!row) throw new Error('card insert returned nothing');
  return row;
}

/** Makes one of the user's cards the default; false when the card is not the user's. */
export async function setDefaultUserCard(db: Queryable, userId: number, cardId: number): Promise<boolean> {
  const rows = await db.query(
    'update user_cards set is_default = (id = $2) where user_id = $1 and exists (select 1 from user_cards where id = $2 and user_id = $1) returning id',
    [userId, cardId],
  );
  return rows.length > 0;
}

/** The card processor's customer a wallet user's saved cards belong to (null when none has one yet). */
export async function walletCustomerOf(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ card_customer: string }>('select card_customer from user_cards where user_id = $1 and card_customer is not null order by id limit 1', [userId]);
  return row?.card_customer ?? null;
}

/** Removes one of the user's cards; when it was the default, the newest remaining card becomes it. False when not the user's. */
export async function removeUserCard(db: Queryable, userId: number, cardId: number): Promise<boolean> {
  const [gone] = await db.query<{ is_default: boolean }>('delete from user_cards where id = $1 and user_id = $2 returning is_default', [cardId, userId]);
  if (!gone) return false;
  if (gone.is_default) await db.query('update user_cards set is_default = true where id = (select max(id) from user_cards where user_id = $1)', [userId]);
  return true;
}
