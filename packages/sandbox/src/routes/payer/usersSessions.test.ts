import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { lastMailedCode } from '../../../test/mailedCode';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';
const NEW_PASSWORD = 'Nueva#2027x';
const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });

const lastCode = (email: string) => lastMailedCode(t, email);

/** The owner sets a new password by recovery (its three steps), which ends every older session. */
async function recover(login: string, email: string): Promise<void> {
  const { idUsr } = (await t.post('/users/recovery-password', { loginOrEmail: login })).data;
  const done = await t.post('/users/recovery-password', { idUsr, confirmationCode: await lastCode(email), newPassword: NEW_PASSWORD });
  expect(done.data).toMatchObject({ step: 4 });
}

/** Runs `during` once, just before the first statement `matches` picks, then lets that statement run. */
async function withStatementHook<T>(matches: (sql: string) => boolean, during: () => Promise<void>, run: () => Promise<T>): Promise<{ result: T; hooked: boolean }> {
  const db = t.db;
  const query = db.query.bind(db);
  let hooked = false;
  db.query = (async (sql: string, params?: readonly unknown[]) => {
    if (!hooked && matches(sql)) {
      hooked = true;
      await during();
    }
    return query(sql, params);
  }) as typeof db.query;
  try {
    return { result: await run(), hooked };
  } finally {
    db.query = query;
  }
}

describe('a session never outlives a password change that happens while it is being opened', () => {
  it('a login checked with the old password while recovery sets a new one opens no session', async () => {
    await t.admin('POST', '/users', { email: 'carrera@example.com', login: 'carrera', password: PASSWORD });
    // The new password lands after the login checked the old one (its tries are cleared next), before its session.
    const { result: login, hooked } = await withStatementHook((sql) => sql.startsWith('delete from login_tries'), () => recover('carrera', 'carrera@example.com'),
      () => t.post('/users/login', { login: 'carrera', password: PASSWORD }));
    expect(hooked).toBe(true);
    if (login.status === 200) expect((await t.get('/users/me', bearer(login.data['token']))).status).toBe(401);
    expect([login.status, login.data['code']]).toEqual([400, 'invalid_credentials']);
    expect((await t.post('/users/login', { login: 'carrera', password: NEW_PASSWORD })).status).toBe(200);
  });

  it('a refresh in flight while recovery sets a new password leaves no session open', async () => {
    await t.admin('POST', '/users', { email: 'refresco@example.com', login: 'refresco', password: PASSWORD });
    const token = (await t.post('/users/login', { login: 'refresco', password: PASSWORD })).data['token'];
    const { result: refreshed, hooked } = await withStatementHook((sql) => sql.startsWith('select * from users where id = $1'), () => recover('refresco', 'refresco@example.com'),
      () => t.get('/users/refresh-login', bearer(token)));
    expect(hooked).toBe(true);
    expect((await t.get('/users/me', bearer(token))).status).toBe(401);
    if (refreshed.status === 200) expect((await t.get('/users/me', bearer(refreshed.data['token']))).status).toBe(401);
  });

  it('a token refreshed twice at once is exchanged once', async () => {
    await t.admin('POST', '/users', { email: 'doble@example.com', login: 'doble', password: PASSWORD });
    const token = (await t.post('/users/login', { login: 'doble', password: PASSWORD })).data['token'];
    const answers = await Promise.all([0, 1].map(() => t.get('/users/refresh-login', bearer(token))));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(answers.find((a) => a.status === 401)?.data['code']).toBe('session_expired');
    const live = answers.find((a) => a.status === 200);
    expect((await t.get('/users/me', bearer(live?.data['token']))).status).toBe(200);
  });
});

describe('sign-up step 2 when another sign-up took the login meanwhile', () => {
  const base = { name: 'Maria', lastname: 'Lopez', phone: '+50761234567', pwd: PASSWORD };
  async function stepOne(email: string, login: string): Promise<string> {
    return String((await t.post('/users/register', { ...base, email, login })).data['registrationId']);
  }
  it.each([
    ['the same login', 'mismo.login', 'mismo.login'],
    ['the same login in another case', 'Otro.Login', 'otro.login'],
  ])('%s: the second confirmation answers 409 login_taken, and one account holds it', async (_, first, second) => {
    const a = `a.${second}@example.com`;
    const b = `b.${second}@example.com`;
    const handleA = await stepOne(a, first);
    const handleB = await stepOne(b, second);
    expect((await t.post('/users/register', { registrationId: handleA, emailCode: await lastCode(a) })).status).toBe(200);
    const late = await t.post('/users/register', { registrationId: handleB, emailCode: await lastCode(b) });
    expect([late.status, late.data['code']]).toEqual([409, 'login_taken']);
    expect(await t.db.query('select email from users where lower(login) = lower($1)', [second])).toEqual([{ email: a }]);
    // The login finds its one account.
    expect((await t.post('/users/login', { login: second, password: PASSWORD })).data).toMatchObject({ user: { email: a } });
  });
  it('the SPEC shape (the payload again with the code) answers the same', async () => {
    const a = 'spec.a@example.com';
    const b = { ...base, email: 'spec.b@example.com', login: 'Spec.Login' };
    const handleA = await stepOne(a, 'spec.login');
    await t.post('/users/register', b);
    expect((await t.post('/users/register', { registrationId: handleA, emailCode: await lastCode(a) })).status).toBe(200);
    const late = await t.post('/users/register', { ...b, emailCode: await lastCode(b.email) });
    expect([late.status, late.data['code']]).toEqual([409, 'login_taken']);
  });
});

describe('sign-up passwords', () => {
  it('refuses at step 1 a password with characters the login refuses, so no account is made that cannot log in', async () => {
    const user = { name: 'Maria', lastname: 'Lopez', phone: '+50761234567', email: 'tabulador@example.com', login: 'tabulador' };
    for (const pwd of ['Segura#2026\t', 'Segura#2026\u202E', 'Segura#2026\u0007']) {
      const res = await t.post('/users/register', { ...user, pwd });
      expect([res.status, res.data['code']]).toEqual([400, 'invalid_characters']);
      expect((await t.post('/users/login', { login: user.login, password: pwd })).data['code']).toBe('invalid_characters');
    }
    expect((await t.post('/users/register', { ...user, pwd: ' Segura#2026 ñ' })).data).toMatchObject({ step: 2 });
  });
});
