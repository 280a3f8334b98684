import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type ApiAnswer, type TestApp } from '../../../test/testApp';
import { LOGIN_TRIES_WINDOW_MS, MAX_FAILED_LOGINS } from '@pasarela/core';
import { forgetLapsedLoginTries } from '../../store/users';
import { lastMailedCode } from '../../../test/mailedCode';

// Bursts of guesses sent at once: every guess counts, whatever the concurrency.
let t: TestApp;
beforeAll(async () => {
  // High request limits, so that what refuses a guess here is the try count, not the flood guard.
  t = await createTestApp({ rateLimits: { login: 10_000, signup: 10_000, recovery: 10_000, payments: 10_000 } });
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';
const WRONG_PASSWORD = 'Wrong#2026x';

const lastCode = (email: string) => lastMailedCode(t, email);

/** Six digits that are not `code`, different for each i. */
const wrongCode = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

const codesOf = (answers: ApiAnswer[]) => answers.map((a) => String(a.data['code']));
const countOf = (codes: string[], code: string) => codes.filter((c) => c === code).length;

async function newUser(login: string) {
  await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: PASSWORD });
}

/** The login_tries row of an account (core loginTriesKey). */
async function accountKey(login: string): Promise<string> {
  const [row] = await t.db.query<{ id: number }>('select id from users where login = $1', [login]);
  return `account:${String(row?.id)}`;
}

async function startRecovery(login: string): Promise<{ idUsr: unknown; code: string }> {
  const { idUsr } = (await t.post('/users/recovery-password', { loginOrEmail: login })).data;
  return { idUsr, code: await lastCode(`${login}@example.com`) };
}

describe('login lockout under concurrent guesses', () => {
  it('a login nobody has takes as long to refuse as a wrong password, so timing does not tell which accounts exist', async () => {
    await newUser('cronometro');
    const timeOf = async (login: string) => {
      const started = performance.now();
      expect((await t.post('/users/login', { login, password: WRONG_PASSWORD })).data['code']).toBe('invalid_credentials');
      return performance.now() - started;
    };
    // Paired, alternating, each pair measured as a ratio: its two tries meet the same load, where the
    // medians of each side apart moved 3x on a busy machine. The known account's tries are given back
    // between pairs so it never locks.
    const ratios: number[] = [];
    const key = await accountKey('cronometro');
    for (let i = 0; i < 7; i++) {
      const known = await timeOf('cronometro');
      ratios.push((await timeOf(`nadie${i}`)) / known);
      await t.db.query('delete from login_tries where login_key = $1', [key]);
    }
    const median = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)] ?? 0;
    // Both pay for one scrypt (about 50 ms); without it the unknown login answers in a millisecond or
    // two, 1/20 of the known one's time or less.
    expect(median).toBeGreaterThan(1 / 3);
  });

  it('a real and an unknown login, seven wrong passwords each, get the same status and body after each try', async () => {
    // docs/api.md "POST login": "5 failures lock 15 min; each try is counted before the password is
    // checked"; PRODUCT.md: "a login answers alike for unknown and real accounts, lockout included".
    await newUser('existe');
    const answerOf = async (login: string) => {
      const res = await t.post('/users/login', { login, password: WRONG_PASSWORD });
      return { status: res.status, body: res.data };
    };
    const answers: Array<{ real: unknown; unknown: unknown }> = [];
    for (let i = 0; i < 7; i++) answers.push({ real: await answerOf('existe'), unknown: await answerOf('no-existe') });
    for (const { real, unknown } of answers) expect(unknown).toEqual(real);
    expect(answers.map((a) => (a.real as { status: number }).status)).toEqual([400, 400, 400, 400, 423, 423, 423]);
    // Another spelling of each is the same login, locked alike.
    expect(await answerOf('EXISTE')).toEqual(await answerOf('NO-EXISTE'));
  });

  it('the tries of one account count together whatever spelling they use: the fifth wrong try across its login and its e-mail locks it', async () => {
    await newUser('doble');
    const codeOf = async (login: string, password = WRONG_PASSWORD) => (await t.post('/users/login', { login, password })).data['code'];
    for (let i = 0; i < 2; i++) expect(await codeOf('doble')).toBe('invalid_credentials');
    for (let i = 0; i < 2; i++) expect(await codeOf('Doble@Example.com')).toBe('invalid_credentials');
    expect(await codeOf('doble@example.com')).toBe('account_temp_suspended');
    for (const login of ['doble', 'DOBLE', 'doble@example.com']) expect(await codeOf(login, PASSWORD), login).toBe('account_temp_suspended');
  });

  it('4 wrong tries as the login and 4 as the e-mail are 8 tries of one account: locked at the fifth, as the demo account is', async () => {
    const { login, email } = { login: 'demo', email: 'demo@pasarela.test' };
    const statuses: number[] = [];
    for (const spelling of [login, login, login, login, email, email, email, email]) statuses.push((await t.post('/users/login', { login: spelling, password: WRONG_PASSWORD })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 423, 423, 423, 423]);
    // Unknown spellings are still counted, each by its text, so nothing is learned from a refusal.
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) unknown.push((await t.post('/users/login', { login: 'fantasma', password: WRONG_PASSWORD })).status);
    expect(unknown).toEqual([400, 400, 400, 400, 423, 423]);
  });

  it('40 wrong passwords at once check at most five, lock the account, and the right password then answers 423', async () => {
    await newUser('rafaga');
    const burst = codesOf(await Promise.all(Array.from({ length: 40 }, () => t.post('/users/login', { login: 'rafaga', password: WRONG_PASSWORD }))));
    expect(countOf(burst, 'invalid_credentials') + countOf(burst, 'account_temp_suspended')).toBe(40);
    // The fifth failure answers 423 itself, so at most four of the burst say invalid_credentials.
    expect(countOf(burst, 'invalid_credentials')).toBeLessThanOrEqual(MAX_FAILED_LOGINS - 1);
    const right = await t.post('/users/login', { login: 'rafaga', password: PASSWORD });
    expect([right.status, right.data['code']]).toEqual([423, 'account_temp_suspended']);
  });

  it('the right password within the five tries logs in and starts the count again', async () => {
    await newUser('cuarta');
    for (let i = 0; i < 4; i++) expect((await t.post('/users/login', { login: 'cuarta', password: WRONG_PASSWORD })).data['code']).toBe('invalid_credentials');
    expect((await t.post('/users/login', { login: 'cuarta', password: PASSWORD })).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 4 }, () => t.post('/users/login', { login: 'cuarta', password: WRONG_PASSWORD })));
    expect(codesOf(again)).toEqual(Array(4).fill('invalid_credentials'));
    expect((await t.post('/users/login', { login: 'cuarta', password: PASSWORD })).status).toBe(200);
  });

  it('a new password from recovery opens a locked login, spelt as the login or as the e-mail', async () => {
    await newUser('olvido');
    for (const login of ['olvido', 'olvido@example.com']) {
      for (let i = 0; i < MAX_FAILED_LOGINS; i++) await t.post('/users/login', { login, password: WRONG_PASSWORD });
      expect((await t.post('/users/login', { login, password: PASSWORD })).status).toBe(423);
    }
    const { idUsr, code } = await startRecovery('olvido');
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword: 'Nueva#2027x' })).data).toMatchObject({ step: 4 });
    for (const login of ['olvido', 'OLVIDO@example.com']) expect((await t.post('/users/login', { login, password: 'Nueva#2027x' })).status).toBe(200);
  });

  it('tries whose requests died lock the account for a while, never for good', async () => {
    await newUser('caida');
    const key = await accountKey('caida');
    // Five tries reserved and never finished (the node stopped mid-request).
    await t.db.query('insert into login_tries (login_key, tries) values ($1, $2)', [key, MAX_FAILED_LOGINS]);
    expect((await t.post('/users/login', { login: 'caida', password: PASSWORD })).status).toBe(423);
    const [row] = await t.db.query<{ locked: boolean }>('select locked_until > now() as locked from login_tries where login_key = $1', [key]);
    expect(row?.locked).toBe(true);
    await t.db.query("update login_tries set locked_until = now() - interval '1 second' where login_key = $1", [key]);
    expect((await t.post('/users/login', { login: 'caida', password: PASSWORD })).status).toBe(200);
  });

  it('failures older than the window no longer count: a wrong password after it starts a new count', async () => {
    // docs/api.md "5 failures within 15 min lock 15 min" (core LOGIN_TRIES_WINDOW_MS).
    await newUser('olvidadiza');
    for (let i = 0; i < MAX_FAILED_LOGINS - 1; i++) await t.post('/users/login', { login: 'olvidadiza', password: WRONG_PASSWORD });
    await t.db.query("update login_tries set counted_since = counted_since - $2::int * interval '1 millisecond' - interval '1 second' where login_key = $1", [await accountKey('olvidadiza'), LOGIN_TRIES_WINDOW_MS]);
    // The fifth wrong password, a window later: refused as wrong, not locked, and counted as the first of a new count.
    const late = await t.post('/users/login', { login: 'olvidadiza', password: WRONG_PASSWORD });
    expect(late.status).toBe(400);
    expect(late.data['code']).toBe('invalid_credentials');
    const [row] = await t.db.query<{ tries: number; locked: boolean }>('select tries, locked_until is not null as locked from login_tries where login_key = $1', [await accountKey('olvidadiza')]);
    expect(row).toEqual({ tries: 1, locked: false });
    expect((await t.post('/users/login', { login: 'olvidadiza', password: PASSWORD })).status).toBe(200);
    // Within the window the count goes on, lock included.
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) await t.post('/users/login', { login: 'olvidadiza', password: WRONG_PASSWORD });
    expect((await t.post('/users/login', { login: 'olvidadiza', password: PASSWORD })).status).toBe(423);
  });

  it("the nodes' sweep forgets counts whose window and lock have passed, and keeps those still counting or locked", async () => {
    const window = `${LOGIN_TRIES_WINDOW_MS} milliseconds`;
    await t.db.query(
      `insert into login_tries (login_key, tries, counted_since, locked_until) values
         ('lapsed', 3, now() - $1::interval - interval '1 second', null),
         ('lock-over', 6, now() - 2 * $1::interval, now() - interval '1 second'),
         ('counting', 2, now() - interval '1 minute', null),
         ('locked', 6, now() - $1::interval - interval '1 second', now() + interval '5 minutes')`,
      [window],
    );
    expect(await forgetLapsedLoginTries(t.db, LOGIN_TRIES_WINDOW_MS, 1)).toBe(2);
    const left = await t.db.query<{ login_key: string }>("select login_key from login_tries where login_key in ('lapsed', 'lock-over', 'counting', 'locked') order by login_key");
    expect(left.map((r) => r.login_key)).toEqual(['counting', 'locked']);
    // A login whose count was forgotten starts afresh.
    await newUser('lapsed');
    expect((await t.post('/users/login', { login: 'lapsed', password: PASSWORD })).status).toBe(200);
  });
});

const countsOf = (codes: readonly unknown[]) => codes.reduce<Record<string, number>>((counts, code) => ({ ...counts, [String(code)]: (counts[String(code)] ?? 0) + 1 }), {});

describe('e-mailed codes under concurrent guesses', () => {
  it('49 wrong recovery codes sent with the right one: the right one is refused, then and afterwards', async () => {
    await newUser('adivina');
    const { idUsr, code } = await startRecovery('adivina');
    const guesses = [...Array.from({ length: 49 }, (_, i) => wrongCode(code, i)), code];
    const burst = await Promise.all(guesses.map((confirmationCode) => t.post('/users/recovery-password', { idUsr, confirmationCode })));
    // The right code is the last sent: it could pass only if it were among the first five tries.
    // Five are checked and wrong; the rest are refused as too many tries, which the payer is told.
    expect(countsOf(codesOf(burst))).toEqual({ invalid_code_validation_tx: 5, code_tries_exceeded: 45 });
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code })).data['code']).toBe('code_tries_exceeded');
  });

  it('after four wrong codes the right one still checks and sets the password', async () => {
    await newUser('casi');
    const { idUsr, code } = await startRecovery('casi');
    const wrong = await Promise.all(Array.from({ length: 4 }, (_, i) => t.post('/users/recovery-password', { idUsr, confirmationCode: wrongCode(code, i) })));
    expect(codesOf(wrong)).toEqual(Array(4).fill('invalid_code_validation_tx'));
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code })).data).toMatchObject({ step: 3, valid: true });
    expect((await t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword: 'Nueva#2027x' })).data).toMatchObject({ step: 4 });
  });

  it('two step-3 requests with the right code at once: exactly one sets the password', async () => {
    await newUser('doble');
    const { idUsr, code } = await startRecovery('doble');
    const passwords = ['Primera#2027', 'Segunda#2027'];
    const answers = await Promise.all(passwords.map((newPassword) => t.post('/users/recovery-password', { idUsr, confirmationCode: code, newPassword })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const winner = passwords[answers.findIndex((a) => a.status === 200)];
    expect((await t.post('/users/login', { login: 'doble', password: winner })).status).toBe(200);
  });

  it('the signup code: 49 wrong codes sent with the right one, and no account is made', async () => {
    const user = { email: 'alta@example.com', name: 'Ana', lastname: 'Diaz', phone: '+50761234567', pwd: PASSWORD };
    await t.post('/users/register', user);
    const code = await lastCode(user.email);
    const guesses = [...Array.from({ length: 49 }, (_, i) => wrongCode(code, i)), code];
    const burst = await Promise.all(guesses.map((emailCode) => t.post('/users/register', { ...user, emailCode })));
    expect(countsOf(codesOf(burst))).toEqual({ invalid_code_validation_tx: 5, code_tries_exceeded: 45 });
    expect(await t.db.query('select id from users where email = $1', [user.email])).toEqual([]);
  });
});
