import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openTestDatabase } from '../../test/testApp';
import { registerUserCard, saveUserCard, type StoredCard } from './userCards';

// A wallet's first two cards added at once (two card checks ending together, on one node or two):
// one of them is the default. Races need a real PostgreSQL (TEST_DATABASE_URL); PGlite runs one statement at a time.
const url = process.env['TEST_DATABASE_URL'];
let db: Database;
beforeAll(async () => {
  if (url) db = await openTestDatabase();
});
afterAll(async () => {
  if (url) await db.close();
});

const newUser = async (n: number) =>
  (await db.query<{ id: number }>("insert into users (login, email, name, lastname, password_hash) values ($1, $1, 'Ana', 'Pérez', 'x') returning id", [`tarjetas-${n}-${Date.now()}`]))[0]?.id ?? 0;
const card = (userId: number, n: number): StoredCard => ({ brand: 'VISA', last4: String(4000 + n), token: `tok_${userId}_${n}`, customer: null, fingerprint: `fp_${userId}_${n}` });
const defaults = async (userId: number) => (await db.query<{ n: number }>('select count(*)::int as n from user_cards where user_id = $1 and is_default', [userId]))[0]?.n;

describe.skipIf(!url)('a wallet\'s cards added at once', () => {
  it('makes one of two first cards checked at once the default', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => newUser(i)));
    for (const userId of users) await Promise.all([1, 2].map((n) => db.transaction((tx) => registerUserCard(tx, userId, card(userId, n), 'ANA PÉREZ', false))));
    expect(await Promise.all(users.map(defaults))).toEqual(users.map(() => 1));
  });

  it('makes one of two first cards saved at once the default', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, (_, i) => newUser(100 + i)));
    for (const userId of users) await Promise.all([1, 2].map((n) => saveUserCard(db, userId, card(userId, n), 'ANA PÉREZ')));
    expect(await Promise.all(users.map(defaults))).toEqual(users.map(() => 1));
  });
});
