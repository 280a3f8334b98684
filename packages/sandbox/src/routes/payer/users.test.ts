import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asCaller, tokenizedCardPayload, tokenizedCardRegistration, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { migrate } from '../../db/migrate';
import { defaultPaths } from '../../paths';
import { lastMailedCode } from '../../../test/mailedCode';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';
const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The wallet's add-card call, with a new trackId (one per Save click, as the widget sends). */
const addCard = (card: object, headers: Record<string, string>) => t.post('/users/me/cards', { ...card, trackId: randomUUID() }, headers);

const lastCode = (email: string) => lastMailedCode(t, email);

describe('registration (two steps, code by e-mail)', () => {
  const user = { email: 'nuevo@example.com', name: 'Maria', lastname: 'Lopez', phone: '+50761234567', pwd: PASSWORD, country: 'Panama', address1: 'Calle 1', city: 'Panama' };
  it('mails a code, then creates the account and logs in with it', async () => {
    const step1 = await t.post('/users/register', user);
    expect(step1).toMatchObject({ status: 200, data: { step: 2 } });
    const code = await lastCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    expect((await t.post('/users/register', { ...user, emailCode: code === '000000' ? '111111' : '000000' })).data['code']).toBe('invalid_code_validation_tx');
    const step2 = await t.post('/users/register', { ...user, emailCode: code });
    expect(step2.data).toMatchObject({ step: 3, user: { email: user.email, name: 'Maria' } });
    expect(String(step2.data['token'])).toMatch(/^[0-9a-f]{64}$/);
    const me = await t.get('/users/me', bearer(step2.data['token']));
    expect(me.data).toMatchObject({ email: user.email, login: expect.stringMatching(/^user-\d+$/) });
  });
  it('SPEC 5 invalid_phone_number: refuses a phone that is not one; keeps the city the signup sends (SPEC 7)', async () => {
    for (const phone of ['12345', '6111abcd', '1'.repeat(18)]) {
      expect((await t.post('/users/register', { ...user, email: 'tel@example.com', phone })).data['code']).toBe('invalid_phone_number');
    }
    expect((await t.post('/users/register', { ...user, email: 'tel@example.com', phone: '6123-4567', city: 'David' })).data).toMatchObject({ step: 2 });
    const code = await lastCode('tel@example.com');
    await t.post('/users/register', { ...user, email: 'tel@example.com', phone: '6123-4567', city: 'David', emailCode: code });
    expect((await t.db.query<{ city: string }>('select city from users where email = $1', ['tel@example.com']))[0]).toEqual({ city: 'David' });
  });
  it('refuses a weak password; a taken e-mail gets the neutral answer, no code, and its code step fails', async () => {
    expect((await t.post('/users/register', { ...user, email: 'otro@example.com', pwd: 'password' })).data['code']).toBe('invalid_password');
    const again = await t.post('/users/register', user);
    expect(again.status).toBe(200);
    expect(again.data).toEqual({ step: 2, message: 'code_sent', registrationId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
    const mail = await t.admin('GET', `/mailbox?to=${encodeURIComponent(user.email)}`);
    expect(String((mail.json['messages'] as Array<{ body: string }>)[0]?.body)).not.toMatch(/\d{6}/);
    expect((await t.post('/users/register', { ...user, emailCode: '123456' })).data['code']).toBe('invalid_code_validation_tx');
  });
  it('a name keeps its accents and ñ (Lucía Núñez), kept as written; digits or signs are refused', async () => {
    const lucia = { ...user, email: 'lucia@example.com', name: 'Lucía', lastname: 'Núñez' };
    expect((await t.post('/users/register', lucia)).data).toMatchObject({ step: 2 });
    const step2 = await t.post('/users/register', { ...lucia, emailCode: await lastCode(lucia.email) });
    expect(step2.data).toMatchObject({ step: 3, user: { name: 'Lucía' } });
    expect((await t.post('/users/register', { ...lucia, email: 'x2@example.com', name: 'Lucía2' })).data['code']).toBe('name_letters_only');
  });
  it('step 1 keeps the registration waiting under a handle; the handle and the code alone confirm it, the handle alone sends a new code', async () => {
    const ana = { ...user, email: 'Ana.Handle@example.com', name: 'Ana', lastname: 'Ríos', city: 'David', login: 'ana.rios' };
    const step1 = await t.post('/users/register', ana);
    expect(step1.data).toEqual({ step: 2, message: 'code_sent', registrationId: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/) });
    const registrationId = String(step1.data['registrationId']);
    // The password is kept as its hash only.
    const [kept] = await t.db.query<{ payload: string }>(`select payload::text from verification_codes where purpose = 'register' and payload->>'handle' = $1`, [registrationId]);
    expect(kept?.payload).not.toContain(PASSWORD);
    const first = await lastCode(ana.email);
    const resent = await t.post('/users/register', { registrationId });
    expect(resent.data).toEqual({ step: 2, message: 'code_sent', registrationId });
    const second = await lastCode(ana.email);
    if (first !== second) expect((await t.post('/users/register', { registrationId, emailCode: first })).data['code']).toBe('invalid_code_validation_tx');
    expect((await t.post('/users/register', { registrationId: 'someone-elses-handle', emailCode: second })).data['code']).toBe('invalid_code_validation_tx');
    const confirmed = await t.post('/users/register', { registrationId, emailCode: second });
    expect(confirmed.data).toMatchObject({ step: 3, user: { email: ana.email, name: 'Ana', lastname: 'Ríos' } });
    expect((await t.db.query<{ city: string; login: string }>('select city, login from users where email = $1', [ana.email]))[0]).toEqual({ city: 'David', login: 'ana.rios' });
    expect((await t.post('/users/login', { login: 'ana.rios', password: PASSWORD })).data).toMatchObject({ user: { email: ana.email } });
    // Confirmed: the code is spent and nothing waits to be sent again.
    expect((await t.post('/users/register', { registrationId, emailCode: second })).data['code']).toBe('invalid_code_validation_tx');
    expect((await t.post('/users/register', { registrationId })).data['code']).toBe('request_expired');
    expect((await t.post('/users/register', { registrationId: 'nothing-waits-here' })).data['code']).toBe('request_expired');
  });
  it('a registered e-mail gets a handle too, sent again with a notice, which no code confirms', async () => {
    const step1 = await t.post('/users/register', user);
    const registrationId = String(step1.data['registrationId']);
    const resent = await t.post('/users/register', { registrationId });
    expect(resent).toMatchObject({ status: 200, data: { step: 2, message: 'code_sent', registrationId } });
    const mail = await t.admin('GET', `/mailbox?to=${encodeURIComponent(user.email)}`);
    expect(String((mail.json['messages'] as Array<{ body: string }>)[0]?.body)).not.toMatch(/\d{6}/);
    expect((await t.post('/users/register', { registrationId, emailCode: '123456' })).data['code']).toBe('invalid_code_validation_tx');
  });
  it('a waiting registration\'s code confirms once when sent twice at once, and its wrong codes count for the address', async () => {
    const twice = { ...user, email: 'dos.veces@example.com' };
    const registrationId = String((await t.post('/users/register', twice)).data['registrationId']);
    const code = await lastCode(twice.email);
    const answers = await Promise.all([0, 1].map(() => t.post('/users/register', { registrationId, emailCode: code })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect((await t.db.query('select id from users where email = $1', [twice.email])).length).toBe(1);

    const guessed = { ...user, email: 'adivina@example.com' };
    const handle = String((await t.post('/users/register', guessed)).data['registrationId']);
    const right = await lastCode(guessed.email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++) expect((await t.post('/users/register', { registrationId: handle, emailCode: wrong })).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await t.post('/users/register', { ...guessed, emailCode: wrong })).status).toBe(400);
    expect((await t.post('/users/register', { registrationId: handle, emailCode: right })).data['code']).toBe('code_tries_exceeded');
  });
  it('stores the password as an scrypt hash', async () => {
    const [row] = await t.db.query<{ password_hash: string }>('select password_hash from users where email = $1', [user.email]);
    expect(row?.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
  });
});

describe('login, sessions and lockout', () => {
  beforeAll(async () => {
    await t.admin('POST', '/users', { email: 'wallet@example.com', login: 'wallet', password: PASSWORD, balance: 150.25, cards: [{ brand: 'AMEX', last4: '0005' }] });
    await t.admin('POST', '/users', { email: 'staff@example.com', login: 'staff', password: PASSWORD, isEmployee: true });
    await t.admin('POST', '/users', { email: 'lock@example.com', login: 'lock', password: PASSWORD });
  });
  it('logs in by login or e-mail and reads the balance', async () => {
    const res = await t.post('/users/login', { login: 'wallet@example.com', password: PASSWORD });
    expect(res.data).toMatchObject({ user: { login: 'wallet' } });
    const cards = await t.get('/users/me/cards', bearer(res.data['token']));
    expect(cards.data['cards']).toEqual([expect.objectContaining({ cardType: 'AMEX', visibleNum: '**** **** **** 0005', isDefault: true })]);
    const balance = await t.get('/users/me/balance', bearer(res.data['token']));
    expect((balance.data['balance'] as Array<{ disponible: number }>)[0]?.disponible).toBe(150.25);
  });
  it('rejects employees with Invalid User', async () => {
    expect((await t.post('/users/login', { login: 'staff', password: PASSWORD })).data['code']).toBe('Invalid User');
  });
  it('answers 401 (session expired) without or with an unknown token', async () => {
    expect((await t.get('/users/me')).status).toBe(401);
    expect((await t.get('/users/me', bearer('f'.repeat(64)))).status).toBe(401);
  });
  it('answers 401 once the token has expired', async () => {
    const res = await t.post('/users/login', { login: 'wallet', password: PASSWORD });
    await t.db.query("update sessions set expires_at = now() - interval '1 second' where token_hash = $1", [sha256(String(res.data['token']))]);
    expect((await t.get('/users/me', bearer(res.data['token']))).status).toBe(401);
  });
  it('locks the account after 5 failed logins (account_temp_suspended), even for the right password', async () => {
    for (let i = 0; i < 4; i++) expect((await t.post('/users/login', { login: 'lock', password: 'Wrong#2026x' })).data['code']).toBe('invalid_credentials');
    expect((await t.post('/users/login', { login: 'lock', password: 'Wrong#2026x' })).data['code']).toBe('account_temp_suspended');
    expect((await t.post('/users/login', { login: 'lock', password: PASSWORD })).status).toBe(423);
  });
  it('refreshes a live token into a new one and ends the old', async () => {
    const res = await t.post('/users/login', { login: 'wallet', password: PASSWORD });
    const refreshed = await t.get('/users/refresh-login', bearer(res.data['token']));
    expect(refreshed.data['token']).not.toBe(res.data['token']);
    expect((await t.get('/users/me', bearer(res.data['token']))).status).toBe(401);
    expect((await t.get('/users/me', bearer(refreshed.data['token']))).status).toBe(200);
  });
});

describe('a session\'s token in the database (migration 155)', () => {
  it('is kept as its SHA-256 alone: a copy of the database opens no session', async () => {
    const login = await t.post('/users/login', { login: 'wallet', password: PASSWORD });
    const token = String(login.data['token']);
    const kept = await t.db.query<{ token_hash: string }>('select token_hash from sessions');
    expect(kept.map((r) => r.token_hash)).toContain(sha256(token));
    expect(kept.some((r) => r.token_hash.includes(token))).toBe(false);
    // What the database holds, presented as a token, is no session.
    expect((await t.get('/users/me', bearer(sha256(token)))).status).toBe(401);
    expect((await t.get('/users/me', bearer(token))).status).toBe(200);
  });

  it('a session open when the release comes stays open, and its token is no longer in the table', async () => {
    const upgraded = await createTestApp();
    try {
      await upgraded.admin('POST', '/users', { email: 'upgrade@example.com', login: 'upgrade', password: PASSWORD });
      const [user] = await upgraded.db.query<{ id: number }>("select id from users where login = 'upgrade'");
      // The table as the release before kept it: the token itself.
      await upgraded.db.query('alter table sessions rename column token_hash to token');
      await upgraded.db.query("delete from schema_migrations where name = '155_session_token_hash.sql'");
      const token = 'a'.repeat(64);
      await upgraded.db.query("insert into sessions (token, user_id, expires_at) values ($1, $2, now() + interval '10 minutes')", [token, user?.id]);
      expect(await migrate(upgraded.db, defaultPaths().migrationsDir)).toEqual(['155_session_token_hash.sql']);
      expect((await upgraded.get('/users/me', bearer(token))).status).toBe(200);
      expect(await upgraded.db.query('select token_hash from sessions where token_hash = $1', [token])).toEqual([]);
    } finally {
      await upgraded.close();
    }
  });
});

describe('SESSION_TTL_MS', () => {
  // Read once, in the settings, and handed to the node: a login lasts what the node was given, 30 minutes without it.
  it('a login lasts the node\'s session time, and 30 minutes by default', async () => {
    const short = await createTestApp({ sessionTtlMs: 120_000 });
    try {
      for (const [app, ttlMs] of [[short, 120_000], [t, 1_800_000]] as const) {
        await app.admin('POST', '/users', { email: `ttl${ttlMs}@example.com`, login: `ttl${ttlMs}`, password: PASSWORD });
        const before = Date.now();
        const login = await app.post('/users/login', { login: `ttl${ttlMs}`, password: PASSWORD });
        const expiresAt = Date.parse(String(login.data['expiresAt']));
        expect(expiresAt).toBeGreaterThanOrEqual(before + ttlMs);
        expect(expiresAt).toBeLessThanOrEqual(Date.now() + ttlMs);
      }
    } finally {
      await short.close();
    }
  });
});

describe('saved cards: only ever the owner\'s', () => {
  // SPEC 5 via core: CardNumberSchema (12-19 digits, Luhn, a known brand) and isCardExpiryValid (MM with YY or YYYY).
  // Issue 90: the card arrives as the vault's token; a number or a CVC is refused naming the field.
  it.each([
    [{ cardNumber: '4242424242424242' }, 400, 'card_token_required'],
    [{ cvv: '123' }, 400, 'card_token_required'],
    [{ cardNumber: `tok_${'Z'.repeat(32)}` }, 400, 'invalid_card'],
    [{ expMonth: '13' }, 400, 'expired'],
    [{}, 200, undefined],
  ])('registering %j answers %i %s', async (change, status, code) => {
    await t.admin('POST', '/users', { email: 'rules@example.com', login: 'reglas', password: PASSWORD });
    const token = (await t.post('/users/login', { login: 'reglas', password: PASSWORD })).data['token'];
    const res = await addCard({ ...(await tokenizedCardRegistration('4242424242424242', { nameOnCard: 'ANA' })), ...change }, bearer(token));
    expect(res.status).toBe(status);
    expect(res.data['code']).toBe(code);
  });
  it('registers cards (declined test cards answer status 0) and never shows them to another user', async () => {
    await t.admin('POST', '/users', { email: 'a@example.com', login: 'usera', password: PASSWORD });
    await t.admin('POST', '/users', { email: 'b@example.com', login: 'userb', password: PASSWORD });
    const a = (await t.post('/users/login', { login: 'usera', password: PASSWORD })).data['token'];
    const b = (await t.post('/users/login', { login: 'userb', password: PASSWORD })).data['token'];
    const added = await addCard(await tokenizedCardRegistration('5555555555554444'), bearer(a));
    expect(added.data).toMatchObject({ status: 1, card: { cardType: 'MC', visibleNum: '**** **** **** 4444', isDefault: true } });
    expect((await addCard(await tokenizedCardRegistration('4000000000000002'), bearer(a))).data).toMatchObject({ status: 0 });
    await addCard(await tokenizedCardRegistration('4242424242424242'), bearer(a));
    const latest = await t.get('/users/me/cards?limit=1&sort=desc', bearer(a));
    expect((latest.data['cards'] as Array<{ visibleNum: string }>).map((c) => c.visibleNum)).toEqual(['**** **** **** 4242']);
    expect((await t.get('/users/me/cards', bearer(b))).data['cards']).toEqual([]);
    const idRelCard = (added.data['card'] as { idRelCard: number }).idRelCard;
    expect((await t.app.request(`/api/v1/users/me/cards/${idRelCard}/default`, { method: 'PUT', headers: asCaller(b) })).status).toBe(404);
    const dump = (await t.db.query<{ t: string }>('select c::text as t from user_cards c')).map((r) => r.t).join();
    expect(dump).not.toContain('5555555555554444');
  });
});

describe('removing a saved card', () => {
  it('removes only your own card, and the newest remaining card becomes the default', async () => {
    await t.admin('POST', '/users', { email: 'quita@example.com', login: 'quita', password: PASSWORD });
    await t.admin('POST', '/users', { email: 'otro@example.com', login: 'otro', password: PASSWORD });
    const a = (await t.post('/users/login', { login: 'quita', password: PASSWORD })).data['token'];
    const b = (await t.post('/users/login', { login: 'otro', password: PASSWORD })).data['token'];
    const first = ((await addCard(await tokenizedCardRegistration('5555555555554444'), bearer(a))).data['card'] as { idRelCard: number }).idRelCard;
    await addCard(await tokenizedCardRegistration('4242424242424242'), bearer(a));
    expect((await t.post(`/users/me/cards/${first}/remove`, {}, bearer(b))).status).toBe(404);
    expect((await t.post(`/users/me/cards/${first}/remove`, {}, bearer(a))).data).toMatchObject({ removed: true });
    const cards = (await t.get('/users/me/cards', bearer(a))).data['cards'] as Array<{ visibleNum: string; isDefault: boolean }>;
    expect(cards).toEqual([expect.objectContaining({ visibleNum: '**** **** **** 4242', isDefault: true })]);
  });
});

describe('SPEC 3 storeCard on a card payment', () => {
  it("keeps a wallet user's approved card as the processor's token, and nothing for a declined one", async () => {
    await t.admin('POST', '/users', { email: 'guarda@example.com', login: 'guarda', password: PASSWORD });
    const token = (await t.post('/users/login', { login: 'guarda', password: PASSWORD })).data['token'];
    const declined = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(await newLink(t), { cardNumber: '4000000000000002' }), storeCard: true }, bearer(token));
    expect(declined.data['status']).toBe(0);
    const paid = await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(await newLink(t), { cardNumber: '5555555555554444' }), storeCard: true }, bearer(token));
    expect(paid.data['status']).toBe(1);
    const cards = (await t.get('/users/me/cards', bearer(token))).data['cards'];
    expect(cards).toEqual([expect.objectContaining({ cardType: 'MC', visibleNum: '**** **** **** 4444', isDefault: true })]);
    // Kept as the card processor saved it (saveCard under the payment's operation).
    const saved = t.simulator.books.list<unknown, { token: string; customer: string }>('card-saved').find((e) => e.key === `save-card:${String(paid.data['codOper'])}`);
    expect(saved?.state.token).toMatch(/^simtok_/);
    expect(await t.db.query("select card_token as token, card_customer as customer from user_cards where user_id = (select id from users where login = 'guarda')"))
      .toEqual([{ token: saved?.state.token, customer: saved?.state.customer }]);
  });
});

describe('password recovery (three steps)', () => {
  it('mails a code, checks it, sets the new password and logs in', async () => {
    await t.admin('POST', '/users', { email: 'olvido@example.com', login: 'olvido', password: PASSWORD });
    const step1 = await t.post('/users/recovery-password', { loginOrEmail: 'olvido' });
    const idUsr = step1.data['idUsr'];
    const code = await lastCode('olvido@example.com');
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code })).data).toMatchObject({ valid: true });
    const done = await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword: 'Nueva#2027x' });
    expect(done.data).toMatchObject({ step: 4, user: { login: 'olvido' } });
    expect((await t.post('/users/login', { login: 'olvido', password: PASSWORD })).status).toBe(400);
    expect((await t.post('/users/login', { login: 'olvido', password: 'Nueva#2027x' })).status).toBe(200);
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword: 'Otra#2028xx' })).status).toBe(400);
  });
  it('answers step 1 the same for an unknown account', async () => {
    expect((await t.post('/users/recovery-password', { loginOrEmail: 'nadie@example.com' })).data).toEqual({ step: 2, idUsr: expect.any(Number) });
  });

  it("answers step 1 with a handle, never the account's id: a real account's and an unknown one's are alike in shape and range", async () => {
    const created = await t.admin('POST', '/users', { email: 'mango@example.com', login: 'mango', password: PASSWORD });
    const accountId = Number(created.json['idUsr']);
    const inRange = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 2_147_483_647;
    const handles: Record<string, unknown[]> = { real: [], unknown: [] };
    for (let i = 0; i < 4; i++) {
      const real = await t.post('/users/recovery-password', { loginOrEmail: i % 2 === 0 ? 'mango' : 'mango@example.com' });
      const unknown = await t.post('/users/recovery-password', { loginOrEmail: i % 2 === 0 ? `nadie${i}` : `nadie${i}@example.com` });
      expect(Object.keys(real.data).sort()).toEqual(Object.keys(unknown.data).sort());
      handles['real']?.push(real.data['idUsr']);
      handles['unknown']?.push(unknown.data['idUsr']);
    }
    for (const handle of [...(handles['real'] ?? []), ...(handles['unknown'] ?? [])]) expect(inRange(handle), String(handle)).toBe(true);
    expect(handles['real']).not.toContain(accountId);
    expect(handles['real']).not.toContain(1);
    // The demo account of the spec's example, id 1.
    expect((await t.post('/users/recovery-password', { loginOrEmail: 'demo' })).data['idUsr']).not.toBe(1);
  });

  it("takes the handle back in steps 2 and 3, and not the account's id", async () => {
    const created = await t.admin('POST', '/users', { email: 'kiwi@example.com', login: 'kiwi', password: PASSWORD });
    const { idUsr } = (await t.post('/users/recovery-password', { loginOrEmail: 'kiwi' })).data;
    const code = await lastCode('kiwi@example.com');
    const accountId = Number(created.json['idUsr']);
    if (Number.isInteger(accountId) && accountId !== idUsr) {
      expect((await t.post('/users/recovery-password', { idUsr: accountId, confirmationCode: code })).data['code']).toBe('invalid_code_validation_tx');
    }
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code })).data).toMatchObject({ step: 3, valid: true });
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword: 'Nueva#2027x' })).data).toMatchObject({ step: 4, user: { login: 'kiwi' } });
  });

  it('asked again with the same text (the code sent again), the handle is the same, for a real account and an unknown one alike', async () => {
    await t.admin('POST', '/users', { email: 'pera@example.com', login: 'pera', password: PASSWORD });
    const first = (await t.post('/users/recovery-password', { loginOrEmail: 'pera' })).data['idUsr'];
    const again = (await t.post('/users/recovery-password', { loginOrEmail: 'pera' })).data['idUsr'];
    expect(again).toBe(first);
    // The checkout keeps the handle it holds and sends the newest code with it.
    const newest = await lastCode('pera@example.com');
    expect((await t.post('/users/recovery-password', { idUsr: first, confirmationCode: newest })).data).toMatchObject({ step: 3, valid: true });
    const unknown = (await t.post('/users/recovery-password', { loginOrEmail: 'nadie-pera' })).data['idUsr'];
    expect((await t.post('/users/recovery-password', { loginOrEmail: 'nadie-pera' })).data['idUsr']).toBe(unknown);
    expect(unknown).not.toBe(first);
  });

  it("an unknown account's handle is refused and counted as a real one's: wrong code 400, then 429 after 5", async () => {
    await t.admin('POST', '/users', { email: 'uva@example.com', login: 'uva', password: PASSWORD });
    const answersOf = async (loginOrEmail: string) => {
      const { idUsr } = (await t.post('/users/recovery-password', { loginOrEmail })).data;
      const codes: unknown[] = [];
      for (let i = 0; i < 6; i++) codes.push((await t.post('/users/recovery-password', { idUsr, confirmationCode: String(100000 + i) })).data['code']);
      // Asked again: the count goes on, as for a real account.
      const { idUsr: again } = (await t.post('/users/recovery-password', { loginOrEmail })).data;
      codes.push((await t.post('/users/recovery-password', { idUsr: again, confirmationCode: '999999' })).data['code']);
      return codes;
    };
    const real = await answersOf('uva');
    expect(real).toEqual([...Array(5).fill('invalid_code_validation_tx'), 'code_tries_exceeded', 'code_tries_exceeded']);
    expect(await answersOf('nadie-uva')).toEqual(real);
  });
});

describe('e-mailed codes: a try limit that asking for a new code does not reset', () => {
  it('after 5 wrong codes even the right new code is refused', async () => {
    await t.admin('POST', '/users', { email: 'intentos@example.com', login: 'intentos', password: PASSWORD });
    const idUsr = (await t.post('/users/recovery-password', { loginOrEmail: 'intentos' })).data['idUsr'];
    for (let i = 0; i < 5; i++) {
      expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: '000000' })).data['code']).toBe('invalid_code_validation_tx');
    }
    await t.post('/users/recovery-password', { loginOrEmail: 'intentos' });
    const fresh = await lastCode('intentos@example.com');
    // Told as too many tries, not as a wrong code, so the payer knows a new code will not help yet.
    const refused = await t.post('/users/recovery-password', { idUsr, confirmationCode: fresh }, { 'accept-language': 'es' });
    expect(refused).toMatchObject({ status: 429, data: { code: 'code_tries_exceeded' } });
    expect(String(refused.data['message'])).toContain('espera 10 minutos');
  });
});
