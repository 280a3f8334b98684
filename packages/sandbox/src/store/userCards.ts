import type { Database, Queryable } from '../db/Database';
import type { CardBrand } from '@pasarela/core';

/** Never the number or CVC. */
export interface StoredCard {
  brand: CardBrand;
  last4: string;
  /** The processor's reusable token (saveCard's answer): every later charge names it. */
  token: string;
  customer: string | null;
  /** HMAC under the node-shared key: the duplicate rule matches the card on any node, and rows cannot be brute-forced back to a number. */
  fingerprint: string;
}

/**
 * The user's row locked, first in a card's transaction: two cards added at once each counted the
 * other's absent and both became the default.
 */
async function lockUserCards(db: Queryable, userId: number): Promise<void> {
  await db.query('select id from users where id = $1 for update', [userId]);
}

/** The first card is the default. */
export async function saveUserCard(db: Database, userId: number, card: StoredCard, nameOnCard: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockUserCards(tx, userId);
    const [{ n } = { n: 0 }] = await tx.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1', [userId]);
    await tx.query(
      'insert into user_cards (user_id, card_token, card_customer, card_brand, card_last4, name_on_card, is_default, card_fingerprint) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [userId, card.token, card.customer, card.brand, card.last4, nameOnCard.slice(0, 80), n === 0, card.fingerprint],
    );
  });
}

export interface UserCardRow { id: number; user_id: number; card_token: string; card_brand: string; card_last4: string; name_on_card: string; is_default: boolean }

export async function listUserCards(db: Queryable, userId: number, order: 'asc' | 'desc', limit: number): Promise<UserCardRow[]> {
  return db.query<UserCardRow>(`select * from user_cards where user_id = $1 order by id ${order === 'desc' ? 'desc' : 'asc'} limit $2`, [userId, limit]);
}

/** In the caller's transaction. */
export async function registerUserCard(db: Queryable, userId: number, card: StoredCard, nameOnCard: string, makeDefault: boolean): Promise<UserCardRow> {
  await lockUserCards(db, userId);
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

export async function setDefaultUserCard(db: Queryable, userId: number, cardId: number): Promise<boolean> {
  const rows = await db.query(
    'update user_cards set is_default = (id = $2) where user_id = $1 and exists (select 1 from user_cards where id = $2 and user_id = $1) returning id',
    [userId, cardId],
  );
  return rows.length > 0;
}

export async function walletCustomerOf(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ card_customer: string }>('select card_customer from user_cards where user_id = $1 and card_customer is not null order by id limit 1', [userId]);
  return row?.card_customer ?? null;
}

/** The newest remaining card becomes the default; false when not the user's. */
export async function removeUserCard(db: Queryable, userId: number, cardId: number): Promise<boolean> {
  const [gone] = await db.query<{ is_default: boolean }>('delete from user_cards where id = $1 and user_id = $2 returning is_default', [cardId, userId]);
  if (!gone) return false;
  if (gone.is_default) await db.query('update user_cards set is_default = true where id = (select max(id) from user_cards where user_id = $1)', [userId]);
  return true;
}
