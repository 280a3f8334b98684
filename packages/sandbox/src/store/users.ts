import { DEFAULT_PROFILE_PHOTO } from '@pasarela/core';
import type { Queryable } from '../db/Database';

export interface UserRow {
  id: number;
  login: string;
  email: string;
  name: string;
  lastname: string;
  phone: string;
  country: string;
  address1: string;
  city: string;
  password_hash: string;
  is_employee: boolean;
  failed_logins: number;
  locked_until: Date | null;
  balance_cents: number;
}

export async function findUserByLoginOrEmail(db: Queryable, loginOrEmail: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where lower(login) = lower($1) or lower(email) = lower($1) limit 1', [loginOrEmail]);
  return row;
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>('select * from users where id = $1', [id]);
  return row;
}

/**
 * Takes one of the account's login tries before its password is checked, in one atomic update, so
 * tries racing on any node each get their own number (failed_logins of the row answered). No row
 * when the account is locked. An expired lock starts the count again at this try. A try past
 * maxTries finds them all used or in flight, and turns the count into a lock of lockMs: without it,
 * tries whose requests died before settling would refuse the account forever.
 */
export async function takeLoginTry(db: Queryable, userId: number, maxTries: number, lockMs: number): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(
    `update users set
       failed_logins = case when locked_until is null then failed_logins + 1 else 1 end,
       locked_until = case when locked_until is null and failed_logins >= $2 then now() + $3::int * interval '1 millisecond' end
     where id = $1 and (locked_until is null or locked_until <= now())
     returning *`,
    [userId, maxTries, lockMs],
  );
  return row;
}

/** Locks the account for lockMs (its last login try failed). */
export async function lockLogin(db: Queryable, userId: number, lockMs: number): Promise<void> {
  await db.query(`update users set locked_until = now() + $2::int * interval '1 millisecond' where id = $1`, [userId, lockMs]);
}

/** A right password: the tries start again. */
export async function clearLoginTries(db: Queryable, userId: number): Promise<void> {
  await db.query('update users set failed_logins = 0, locked_until = null where id = $1', [userId]);
}

/** SPEC 3 "User profile" (a default photo when none). */
export function profileOf(u: UserRow) {
  return {
    idUsr: u.id,
    login: u.login,
    name: u.name,
    lastname: u.lastname,
    email: u.email,
    phone: u.phone,
    address1: u.address1,
    country: u.country,
    city: u.city,
    photo: DEFAULT_PROFILE_PHOTO,
  };
}

/** Takes amountCents off a wallet's balance, only if it holds that much: a conditional write, so payments racing on any node overdraw nothing. */
export async function debitBalance(db: Queryable, userId: number, amountCents: number): Promise<boolean> {
  const rows = await db.query('update users set balance_cents = balance_cents - $2 where id = $1 and balance_cents >= $2 returning id', [userId, amountCents]);
  return rows.length > 0;
}

/** One of the user's saved cards (never another user's). */
export async function findUserCard(db: Queryable, userId: number, cardId: number) {
  const [card] = await db.query<{ card_brand: string; card_last4: string; card_token: string; card_fingerprint: string | null }>(
    'select card_brand, card_last4, card_token, card_fingerprint from user_cards where id = $1 and user_id = $2', [cardId, userId]);
  return card;
}
