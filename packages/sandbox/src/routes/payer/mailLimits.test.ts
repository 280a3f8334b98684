import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY } from '@pasarela/core';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { forgetLapsedWindowCounts } from '../../store/windowCounts';

// docs/api.md: the e-mails a caller can have sent (codes, payment requests) are held to 5 an hour
// to one address, and payment requests to 20 a day from one account; past that 429 with Retry-After,
// and nothing sent or recorded.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ wireEncoding: false });
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';
const HOUR_S = 3600;
const DAY_S = 24 * HOUR_S;

interface Answer { status: number; retryAfter: number | null; data: Record<string, unknown> }

async function call(path: string, body: unknown, options: { token?: string; lang?: string } = {}): Promise<Answer> {
  const res = await t.app.request(`/api/v1${path}${options.lang ? `?lang=${options.lang}` : ''}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      'x-api-key': options.token ? SANDBOX_WIDGET_KEY : SANDBOX_CLIENT_KEY,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });
  const retryAfter = res.headers.get('retry-after');
  const envelope = (await res.json()) as { data: string };
  return { status: res.status, retryAfter: retryAfter === null ? null : Number(retryAfter), data: JSON.parse(envelope.data) as Record<string, unknown> };
}

async function walletToken(login: string): Promise<string> {
  await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: PASSWORD });
  return String((await call('/users/login', { login, password: PASSWORD })).data['token']);
}

async function mailsTo(to: string): Promise<Array<{ kind: string; body: string }>> {
  return t.db.query<{ kind: string; body: string }>('select kind, body from mailbox where lower(to_email) = lower($1) order by id', [to]);
}

const statusesOf = (answers: Answer[]) => answers.map((a) => (a.status === 200 ? 200 : `${a.status} ${String(a.data['code'])}`));

async function inTurn(n: number, send: (i: number) => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < n; i++) answers.push(await send(i));
  return answers;
}

describe('payment requests (POST /activity/send)', () => {
  const request = (to: string, i = 0) => ({ to, amount: 1, description: `Pedido ${i}` });

  it('sends 5 an hour to one address, from any accounts; the 6th is 429 too_many_emails with Retry-After, and nothing is sent or recorded', async () => {
    const [ana, beto] = [await walletToken('ana'), await walletToken('beto')];
    const answers = await inTurn(6, (i) => call('/activity/send', request('target0@victim.example', i), { token: i % 2 === 0 ? ana : beto }));
    expect(statusesOf(answers)).toEqual([200, 200, 200, 200, 200, '429 too_many_emails']);
    const refused = answers[5];
    expect(refused?.retryAfter).toBeGreaterThan(HOUR_S - 60);
    expect(refused?.retryAfter).toBeLessThanOrEqual(HOUR_S);
    expect(await mailsTo('target0@victim.example')).toHaveLength(5);
    // Any case of the address is the same address.
    expect((await call('/activity/send', request('TARGET0@Victim.Example'), { token: ana })).status).toBe(429);
    const listed = await t.db.query("select 1 from process_records where kind = 'activity' and data->>'to' ilike 'target0@victim.example'");
    expect(listed).toHaveLength(5);
    // Another address is not held back.
    expect((await call('/activity/send', request('otro@example.com'), { token: ana })).status).toBe(200);
  });

  it('the e-mail says who asks and for what, and no stray punctuation when no description was given', async () => {
    const token = await walletToken('dora');
    expect((await call('/activity/send', { to: 'pagador@example.com', amount: 3 }, { token, lang: 'es' })).status).toBe(200);
    expect((await call('/activity/send', { to: 'pagador@example.com', amount: 3, description: 'Almuerzo' }, { token, lang: 'en' })).status).toBe(200);
    const [bare, described] = await t.db.query<{ subject: string; body: string }>("select subject, body from mailbox where to_email = 'pagador@example.com' order by id");
    expect(bare?.subject).toBe('Ana Prueba (dora@example.com) te envió una solicitud de pago');
    expect(bare?.body).toMatch(/^Ana Prueba \(dora@example\.com\) te pide \$3\.00 \(solicitud \d+\)\.$/);
    expect(described?.body).toMatch(/^Ana Prueba \(dora@example\.com\) asks you for \$3\.00 \(request \d+\)\.\nFor: Almuerzo$/);
  });

  it('is written in the recipient\'s own language when they are a wallet user with one, else in the sender\'s', async () => {
    const token = await walletToken('elena');
    // A wallet user who logged in in English (their e-mail in another case than the request's).
    await t.admin('POST', '/users', { email: 'Ingles@example.com', login: 'ingles', password: PASSWORD });
    expect((await call('/users/login', { login: 'ingles', password: PASSWORD }, { lang: 'en' })).status).toBe(200);
    // A wallet user who never logged in has no language of their own yet.
    await t.admin('POST', '/users', { email: 'sinidioma@example.com', login: 'sinidioma', password: PASSWORD });
    for (const to of ['ingles@example.com', 'sinidioma@example.com', 'nadie@example.com']) {
      expect((await call('/activity/send', { to, amount: 3 }, { token, lang: 'es' })).status).toBe(200);
    }
    const subjectTo = async (to: string) => (await t.db.query<{ subject: string }>('select subject from mailbox where to_email = $1', [to]))[0]?.subject;
    expect(await subjectTo('ingles@example.com')).toMatch(/sent you a payment request$/);
    expect(await subjectTo('sinidioma@example.com')).toMatch(/te envió una solicitud de pago$/);
    expect(await subjectTo('nadie@example.com')).toMatch(/te envió una solicitud de pago$/);
  });

  it('says why in the payer\'s language, with the wait', async () => {
    const token = await walletToken('carla');
    for (let i = 0; i < 5; i++) await call('/activity/send', request('idioma@example.com', i), { token });
    const es = await call('/activity/send', request('idioma@example.com'), { token, lang: 'es' });
    const en = await call('/activity/send', request('idioma@example.com'), { token, lang: 'en' });
    expect(es.data['message']).toMatch(/^Ya enviamos varios correos a esta dirección.*\(.*\d+ s\)$/);
    expect(en.data['message']).toMatch(/^Several e-mails already went to this address.*\(.*\d+ s\)$/);
  });

  it('sends 20 a day from one account; the 21st is 429 too_many_payment_requests, and does not use up its address\'s count', async () => {
    const token = await walletToken('dario');
    const answers = await inTurn(21, (i) => call('/activity/send', request(`amigo${i}@example.com`, i), { token }));
    expect(statusesOf(answers).slice(19)).toEqual([200, '429 too_many_payment_requests']);
    expect(answers[20]?.retryAfter).toBeGreaterThan(DAY_S - 60);
    expect(answers[20]?.retryAfter).toBeLessThanOrEqual(DAY_S);
    expect(await mailsTo('amigo20@example.com')).toEqual([]);
    // The refused address's hour was given back: another account still sends it 5.
    const other = await walletToken('elena');
    expect(statusesOf(await inTurn(6, () => call('/activity/send', request('amigo20@example.com'), { token: other })))).toEqual([200, 200, 200, 200, 200, '429 too_many_emails']);
  });

  it('sends again once the window has ended, and the nodes forget the ended counts', async () => {
    const token = await walletToken('fabio');
    for (let i = 0; i < 5; i++) await call('/activity/send', request('luego@example.com', i), { token });
    expect((await call('/activity/send', request('luego@example.com'), { token })).status).toBe(429);
    await t.db.query("update code_tries set window_ends_at = now() - interval '1 second' where who = 'luego@example.com'");
    expect(await forgetLapsedWindowCounts(t.db)).toBeGreaterThanOrEqual(1);
    expect((await call('/activity/send', request('luego@example.com'), { token })).status).toBe(200);
  });
});

describe('sign-up codes (POST /users/register without emailCode)', () => {
  const signup = (email: string) => ({ email, name: 'Maria', lastname: 'Lopez', phone: '+50761234567', pwd: PASSWORD });

  it('mails 5 codes an hour to one address, alike for a new and a registered one; the 6th is 429 and the last code still works', async () => {
    await t.admin('POST', '/users', { email: 'ya@example.com', login: 'ya', password: PASSWORD });
    const fresh = await inTurn(6, () => call('/users/register', signup('nueva@example.com')));
    const taken = await inTurn(6, () => call('/users/register', signup('ya@example.com')));
    expect(statusesOf(fresh)).toEqual([200, 200, 200, 200, 200, '429 too_many_emails']);
    expect(statusesOf(taken)).toEqual(statusesOf(fresh));
    expect(fresh[5]?.retryAfter).toBeGreaterThan(HOUR_S - 60);
    expect(await mailsTo('nueva@example.com')).toHaveLength(5);
    expect(await mailsTo('ya@example.com')).toHaveLength(5);
    const code = /\b(\d{6})\b/.exec((await mailsTo('nueva@example.com'))[4]?.body ?? '')?.[1];
    expect((await call('/users/register', { ...signup('nueva@example.com'), emailCode: code })).data).toMatchObject({ step: 3 });
  });
});

describe('recovery codes (POST /users/recovery-password step 1)', () => {
  it('mails 5 codes an hour to an account, whatever spelling asks; an unknown login is refused alike; the last code still works', async () => {
    await t.admin('POST', '/users', { email: 'olvido@example.com', login: 'olvido', password: PASSWORD });
    const real = await inTurn(6, (i) => call('/users/recovery-password', { loginOrEmail: i % 2 === 0 ? 'olvido' : 'OLVIDO@example.com' }));
    const unknown = await inTurn(6, () => call('/users/recovery-password', { loginOrEmail: 'nadie-aqui' }));
    expect(statusesOf(real)).toEqual([200, 200, 200, 200, 200, '429 too_many_emails']);
    expect(statusesOf(unknown)).toEqual(statusesOf(real));
    expect(real[5]?.retryAfter).toBeGreaterThan(HOUR_S - 60);
    expect(await mailsTo('olvido@example.com')).toHaveLength(5);
    const code = /\b(\d{6})\b/.exec((await mailsTo('olvido@example.com'))[4]?.body ?? '')?.[1];
    const step2 = await call('/users/recovery-password', { idUsr: real[4]?.data['idUsr'], confirmationCode: code });
    expect(step2.data).toMatchObject({ step: 3, valid: true });
  });
});
