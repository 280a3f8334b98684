import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import type { Queryable } from '../../db/Database';
import { defaultPaths } from '../../paths';
import { lastMailedCode } from '../../../test/mailedCode';

// POST /sandbox/users keeps a wallet's test cards as the wallet does, by brand and last four: no card
// number reaches the server (PRODUCT.md), so `cards` takes none.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';
const usersWith = async (email: string) => (await t.db.query<{ n: number }>('select count(*)::int as n from users where email = $1', [email]))[0]?.n;

async function loggedIn(login: string) {
  const token = String((await t.post('/users/login', { login, password: PASSWORD })).data['token']);
  return { authorization: `Bearer ${token}` };
}

describe('POST /sandbox/users cards', () => {
  it('refuses a card number, naming cards in either language, and makes no user', async () => {
    for (const cards of [['4242424242424242'], [{ brand: 'VISA', last4: '4242' }, '5555555555554444'], [4242424242424242]]) {
      const res = await t.admin('POST', '/users', { email: 'numero@example.com', login: 'numero', password: PASSWORD, cards });
      expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
      expect(res.json['message']).toMatch(/cards\[\] debe ser \{ brand, last4 \}: el servidor no recibe números de tarjeta/);
    }
    const inEnglish = await t.admin('POST', '/users?lang=en', { email: 'numero@example.com', login: 'numero', password: PASSWORD, cards: ['4242424242424242'] });
    expect(inEnglish.json['message']).toMatch(/cards\[\] must be \{ brand, last4 \}: the server takes no card number/);
    expect(await usersWith('numero@example.com')).toBe(0);
  });

  it.each<[string, unknown, string, RegExp]>([
    ['a brand not taken', { brand: 'DINERS', last4: '4242' }, 'invalid_arguments', /cards\[\]\.brand must be one of: VISA, MC, AMEX/],
    ['a last four of three digits', { brand: 'VISA', last4: '424' }, 'invalid_arguments', /cards\[\]\.last4 must be exactly four digits/],
    ['a last four that is a number', { brand: 'VISA', last4: 4242 }, 'invalid_arguments', /cards\[\]\.last4 must be exactly four digits/],
    ['a number beside brand and last four', { brand: 'VISA', last4: '4242', number: '4242424242424242' }, 'invalid_arguments', /cards\[\] must be \{ brand, last4 \}\)/],
    ['no last four', { brand: 'VISA' }, 'missing_arguments', /cards\[\] must be \{ brand, last4 \}\)/],
  ])('refuses %s, naming the field, and makes no user', async (_, card, code, message) => {
    const res = await t.admin('POST', '/users?lang=en', { email: 'forma@example.com', login: 'forma', password: PASSWORD, cards: [card] });
    expect([res.status, res.json['code']]).toEqual([400, code]);
    expect(res.json['message']).toMatch(message);
    expect(await usersWith('forma@example.com')).toBe(0);
  });

  it('words the shape in Spanish too', async () => {
    const said = async (card: unknown) => (await t.admin('POST', '/users', { email: 'forma@example.com', login: 'forma', password: PASSWORD, cards: [card] })).json['message'];
    expect(await said({ brand: 'VISA', last4: '42' })).toMatch(/cards\[\]\.last4 debe tener exactamente cuatro dígitos/);
    expect(await said({ brand: 'VISA', last4: '4242', cvc: '123' })).toMatch(/cards\[\] debe ser \{ brand, last4 \}\)/);
    expect(await said({ brand: 'DINERS', last4: '4242' })).toMatch(/cards\[\]\.brand debe ser uno de: VISA, MC, AMEX/);
  });

  it('keeps { brand, last4 } cards in the wallet with that brand and last four, the first the default', async () => {
    const res = await t.admin('POST', '/users', {
      email: 'tarjetas@example.com', login: 'tarjetas', password: PASSWORD, cards: [{ brand: 'MC', last4: '4444' }, { brand: 'AMEX', last4: '0005' }, { brand: 'VISA', last4: '1881' }],
    });
    expect(res.status).toBe(201);
    const cards = (await t.get('/users/me/cards', await loggedIn('tarjetas'))).data['cards'] as Array<{ cardType: string; visibleNum: string; isDefault: boolean }>;
    expect(cards.map(({ cardType, visibleNum, isDefault }) => ({ cardType, visibleNum, isDefault }))).toEqual(expect.arrayContaining([
      { cardType: 'MC', visibleNum: '**** **** **** 4444', isDefault: true },
      { cardType: 'AMEX', visibleNum: '**** **** **** 0005', isDefault: false },
      { cardType: 'VISA', visibleNum: '**** **** **** 1881', isDefault: false },
    ]));
    expect(cards).toHaveLength(3);
  });
});

// A wallet's balance is in dollars (GET /users/me/balance answers USD): a starting balance above what
// a wallet may start with, up to past what the cents column holds, is refused naming that one limit in
// dollars, never "dollars or pesos", in either language.
describe('POST /sandbox/users balance', () => {
  it.each([1_000_000.01, 5_000_000, 21_474_836.48, 1e12, 1e308])('refuses a starting balance of %d naming its limit in dollars alone, and makes no user', async (balance) => {
    const inEnglish = await t.admin('POST', '/users?lang=en', { email: 'saldo@example.com', login: 'saldo', password: PASSWORD, balance });
    expect([inEnglish.status, inEnglish.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(inEnglish.json['message']).toMatch(/balance must not exceed \$1,000,000\.00/);
    expect(inEnglish.json['message']).not.toMatch(/pesos/);
    const inSpanish = await t.admin('POST', '/users', { email: 'saldo@example.com', login: 'saldo', password: PASSWORD, balance });
    expect(inSpanish.json['message']).toMatch(/balance no puede superar \$1,000,000\.00/);
    expect(inSpanish.json['message']).not.toMatch(/pesos/);
    expect(await usersWith('saldo@example.com')).toBe(0);
  });

  it('takes a starting balance up to its limit', async () => {
    const res = await t.admin('POST', '/users', { email: 'tope@example.com', login: 'tope', password: PASSWORD, balance: 1_000_000 });
    expect([res.status, res.json['balance']]).toEqual([201, 1_000_000]);
  });
});

// A login or an e-mail is one account's in any case (login finds an account without case), whichever
// path made it: the console's creation checks and writes under the sign-ups' lock and comparison
// (store/users.ts insertUniqueUser), so neither a second creation nor one racing it makes a twin.
describe('POST /sandbox/users: a login or an e-mail is one account\'s in any case', () => {
  const signup = { name: 'Ana', lastname: 'Pérez', phone: '+50761234567', pwd: PASSWORD };
  const accountsWith = async (column: 'login' | 'email', value: string) =>
    (await t.db.query<{ n: number }>(`select count(*)::int as n from users where lower(${column}) = lower($1)`, [value]))[0]?.n;
  const lastCode = (email: string) => lastMailedCode(t, email);
  const taken = (res: { status: number; json: Record<string, unknown> }) => [res.status, res.json['code']];

  it('refuses a second console account whose login or e-mail differs only in case', async () => {
    expect((await t.admin('POST', '/users', { email: 'ana.perez@example.com', login: 'Ana.Perez', password: PASSWORD })).status).toBe(201);
    expect(taken(await t.admin('POST', '/users', { email: 'otra.ana@example.com', login: 'ana.perez', password: PASSWORD }))).toEqual([400, 'email_taken']);
    expect(taken(await t.admin('POST', '/users', { email: 'ANA.PEREZ@example.com', login: 'ana.perez2', password: PASSWORD }))).toEqual([400, 'email_taken']);
    expect(await accountsWith('login', 'ana.perez')).toBe(1);
    expect(await accountsWith('email', 'ana.perez@example.com')).toBe(1);
  });

  it('holds across the console and sign-up, either one first', async () => {
    expect((await t.admin('POST', '/users', { email: 'consola@example.com', login: 'Luis.Mora', password: PASSWORD })).status).toBe(201);
    expect((await t.post('/users/register', { ...signup, email: 'luis@example.com', login: 'luis.mora' })).data['code']).toBe('login_taken');
    await t.post('/users/register', { ...signup, email: 'CONSOLA@example.com' });
    expect((await t.post('/users/register', { ...signup, email: 'CONSOLA@example.com', emailCode: await lastCode('consola@example.com') })).data['code']).toBe('invalid_code_validation_tx');

    await t.post('/users/register', { ...signup, email: 'Registrada@example.com', login: 'Eva.Rios' });
    expect((await t.post('/users/register', { ...signup, email: 'Registrada@example.com', login: 'Eva.Rios', emailCode: await lastCode('registrada@example.com') })).data).toMatchObject({ step: 3 });
    expect(taken(await t.admin('POST', '/users', { email: 'otra.eva@example.com', login: 'eva.rios', password: PASSWORD }))).toEqual([400, 'email_taken']);
    expect(taken(await t.admin('POST', '/users', { email: 'registrada@EXAMPLE.com', password: PASSWORD }))).toEqual([400, 'email_taken']);
    expect([await accountsWith('login', 'luis.mora'), await accountsWith('email', 'consola@example.com'), await accountsWith('login', 'eva.rios'), await accountsWith('email', 'registrada@example.com')]).toEqual([1, 1, 1, 1]);
  });

  it('two console creations at once differing only in case make one account', async () => {
    const byLogin = await Promise.all(['Doble.Login', 'doble.login'].map((login, i) => t.admin('POST', '/users', { email: `doble${i}@example.com`, login, password: PASSWORD })));
    expect(byLogin.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await accountsWith('login', 'doble.login')).toBe(1);
    const byEmail = await Promise.all(['Doble@Example.com', 'doble@example.com'].map((email, i) => t.admin('POST', '/users', { email, login: `doble.correo${i}`, password: PASSWORD })));
    expect(byEmail.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await accountsWith('email', 'doble@example.com')).toBe(1);
  });

  it('a console creation and a sign-up confirmed at once, for one e-mail in two cases, make one account', async () => {
    const registrationId = String((await t.post('/users/register', { ...signup, email: 'Carrera@example.com' })).data['registrationId']);
    const code = await lastCode('carrera@example.com');
    const [created, confirmed] = await Promise.all([
      t.admin('POST', '/users', { email: 'carrera@EXAMPLE.com', login: 'carrera.consola', password: PASSWORD }),
      t.post('/users/register', { registrationId, emailCode: code }),
    ]);
    // Either one wins; the other answers its path's own refusal.
    if (created.status === 201) expect([confirmed.status, confirmed.data['code']]).toEqual([400, 'invalid_code_validation_tx']);
    else expect([taken(created), confirmed.status]).toEqual([[400, 'email_taken'], 200]);
    expect(await accountsWith('email', 'carrera@example.com')).toBe(1);
  });
});

describe('migration 196: logins and e-mails unique in any case in the database', () => {
  const migration196 = () => readFileSync(join(defaultPaths().migrationsDir, '196_user_login_email_any_case.sql'), 'utf8');
  const uniqueness = async (db: Queryable) => Object.fromEntries((await db.query<{ name: string; unique: boolean }>(
    `select c.relname as name, i.indisunique as unique from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname in ('users_login_any_case', 'users_email_any_case') and c.relnamespace = current_schema()::regnamespace`,
  )).map((r) => [r.name, r.unique]));

  it('is unique on a database without twins, so even a direct insert cannot make one', async () => {
    expect(await uniqueness(t.db)).toEqual({ users_login_any_case: true, users_email_any_case: true });
    await t.db.query("insert into users (login, email, name, lastname, password_hash) values ('Directo', 'directo@example.com', 'A', 'B', 'x')");
    await expect(t.db.query("insert into users (login, email, name, lastname, password_hash) values ('directo', 'otro.directo@example.com', 'A', 'B', 'x')")).rejects.toThrow();
    await expect(t.db.query("insert into users (login, email, name, lastname, password_hash) values ('directo2', 'DIRECTO@example.com', 'A', 'B', 'x')")).rejects.toThrow();
  });

  it('does not fail on a database that already holds twins: their column gets a plain index', async () => {
    const sql = migration196();
    class RolledBack extends Error {}
    const found = await t.db.transaction(async (tx) => {
      await tx.exec('drop index users_login_any_case; drop index users_email_any_case');
      await tx.query("insert into users (login, email, name, lastname, password_hash) values ('Gemelo', 'gemelo1@example.com', 'A', 'B', 'x'), ('gemelo', 'GEMELO1@example.com', 'A', 'B', 'x')");
      await tx.exec(sql);
      throw Object.assign(new RolledBack(), { found: await uniqueness(tx) });
    }).catch((error: unknown) => (error instanceof RolledBack ? (error as RolledBack & { found: unknown }).found : Promise.reject(error)));
    expect(found).toEqual({ users_login_any_case: false, users_email_any_case: false });
    expect(await uniqueness(t.db)).toEqual({ users_login_any_case: true, users_email_any_case: true });
  });
});
