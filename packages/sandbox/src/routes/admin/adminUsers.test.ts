import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';

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
