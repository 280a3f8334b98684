import type { Queryable } from '../db/Database';
import type { CardBrand } from '@pasarela/core';
import type { StoredCard, UserCardRow } from './userCards';
import { spendCardTokenSql } from './cardTokenUses';

/** Migration 023: the wallet's add-card check at the card processor. */
export interface CardCheckRow {
  id: number;
  check_key: string;
  user_id: number;
  track_id: string;
  /** HMAC of the card: the same trackId must check the same card. */
  request_fingerprint: string;
  /** PROCESSING while the answer is in doubt. */
  auth_status: string;
  message_key: string;
  card_brand: CardBrand;
  card_last4: string;
  card_token: string | null;
  card_customer: string | null;
  card_fingerprint: string;
  name_on_card: string;
  make_default: boolean;
  user_card_id: number | null;
  lang: string;
  created_at: Date;
  updated_at: Date;
}

export interface NewCardCheck {
  check_key: string;
  user_id: number;
  track_id: string;
  request_fingerprint: string;
  card: Omit<StoredCard, 'token' | 'customer'>;
  name_on_card: string;
  make_default: boolean;
  lang: string;
}

/**
 * Undefined when the user's trackId is taken (a retry got there first); 'card_token_spent' when another
 * payment or check spent the typed card's vault token (`cardTokenHash`, card_token_uses), nothing
 * recorded. The check spends it in the same statement, under its user and trackId (a retry of the
 * same check keeps it).
 */
export async function insertCardCheck(
  db: Queryable, c: NewCardCheck, inDoubt: { auth_status: string; message_key: string }, cardTokenHash: string,
): Promise<CardCheckRow | 'card_token_spent' | undefined> {
  const [row] = await db.query<Partial<CardCheckRow> & { card_use: number }>(
    `with card_use as (
       ${spendCardTokenSql('$13::text', "'card check ' || $2::integer || ' ' || $3::text")}
     ), inserted as (
       insert into card_checks (check_key, user_id, track_id, request_fingerprint, auth_status, message_key, card_brand, card_last4, card_fingerprint, name_on_card, make_default, lang)
       select $1::text, $2::integer, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::text, $11::boolean, $12::text where exists (select 1 from card_use)
       on conflict (user_id, track_id) do nothing returning *
     )
     select (select count(*) from card_use)::int as card_use, inserted.* from (select 1) as one left join inserted on true`,
    [c.check_key, c.user_id, c.track_id, c.request_fingerprint, inDoubt.auth_status, inDoubt.message_key, c.card.brand, c.card.last4, c.card.fingerprint,
      c.name_on_card.slice(0, 80), c.make_default, c.lang, cardTokenHash],
  );
  if (!row || row.card_use === 0) return 'card_token_spent';
  const { card_use: _spent, ...check } = row;
  return check.id === null || check.id === undefined ? undefined : (check as CardCheckRow);
}

export async function findCardCheck(db: Queryable, userId: number, trackId: string): Promise<CardCheckRow | undefined> {
  const [row] = await db.query<CardCheckRow>('select * from card_checks where user_id = $1 and track_id = $2', [userId, trackId]);
  return row;
}

/** Conditional: of the request, its retry and the reconciler, one records it; undefined when recorded already. */
export async function settleCardCheck(
  db: Queryable, id: number, inDoubtAuthStatus: string, answer: { auth_status: string; message_key: string }, saved?: { token: string; customer: string | null },
): Promise<CardCheckRow | undefined> {
  const [row] = await db.query<CardCheckRow>(
    'update card_checks set auth_status = $3, message_key = $4, card_token = $5, card_customer = $6, updated_at = now() where id = $1 and auth_status = $2 returning *',
    [id, inDoubtAuthStatus, answer.auth_status, answer.message_key, saved?.token ?? null, saved?.customer ?? null],
  );
  return row;
}

export async function linkSavedCard(db: Queryable, id: number, userCardId: number): Promise<void> {
  await db.query('update card_checks set user_card_id = $2 where id = $1', [id, userCardId]);
}

/** Forgotten, so the trackId checks anew. */
export async function dropUndecidedCardCheck(db: Queryable, id: number, inDoubtAuthStatus: string): Promise<boolean> {
  const rows = await db.query('delete from card_checks where id = $1 and auth_status = $2 returning id', [id, inDoubtAuthStatus]);
  return rows.length > 0;
}

export async function cardChecksInDoubt(db: Queryable, inDoubtAuthStatus: string, afterMs: number, limit: number): Promise<CardCheckRow[]> {
  return db.query<CardCheckRow>(
    'select * from card_checks where auth_status = $1 and updated_at <= now() - make_interval(secs => $2 / 1000.0) order by updated_at limit $3',
    [inDoubtAuthStatus, afterMs, limit],
  );
}

export async function findCheckedCard(db: Queryable, userId: number, userCardId: number): Promise<UserCardRow | undefined> {
  const [row] = await db.query<UserCardRow>('select * from user_cards where id = $1 and user_id = $2', [userCardId, userId]);
  return row;
}
