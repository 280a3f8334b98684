import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { lastMailedCode } from '../../../test/mailedCode';

// An app of its own: these sign-ups are counted apart from users.test.ts's by the sign-up rate limit.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Segura#2026';

const lastCode = (email: string) => lastMailedCode(t, email);

// Step 1 asked again for an address (a second tab, a resend by the whole payload, two clicks) mails a
// new code: from then on only that code confirms, by the handle or by the whole payload again. An older
// code answers as a wrong one and takes a try, also when the two step 1 calls run at once.
describe('sign-up step 1 asked again: only the latest code mailed confirms', () => {
  const person = { name: 'Rosa', lastname: 'Vega', phone: '+50761234567', pwd: PASSWORD };
  const otherThan = (...codes: string[]) => ['000000', '111111', '222222'].find((c) => !codes.includes(c)) ?? '333333';

  /** The codes mailed to `email`, newest first. */
  async function codesMailed(email: string): Promise<string[]> {
    const res = await t.admin('GET', `/mailbox?to=${encodeURIComponent(email)}`);
    return (res.json['messages'] as Array<{ body: string; kind: string }>).filter((m) => m.kind === 'registration_code').map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? '');
  }
  const liveCodes = async (email: string) =>
    (await t.db.query<{ n: number }>(`select count(*)::int as n from verification_codes where purpose = 'register' and lower(email) = lower($1) and not used and expires_at > now()`, [email]))[0]?.n;

  /** Step 1 twice, one after the other, the second spelt in another case; asked again in the rare case both codes are alike. */
  async function askedTwice(email: string) {
    const first = { id: String((await t.post('/users/register', { ...person, email })).data['registrationId']), code: await lastCode(email) };
    for (;;) {
      const again = await t.post('/users/register', { ...person, email: email.toUpperCase() });
      expect(again.data).toMatchObject({ step: 2, message: 'code_sent' });
      const second = { id: String(again.data['registrationId']), code: await lastCode(email) };
      if (second.code !== first.code) return { first, second };
    }
  }

  it('the first code no longer confirms, by either handle or with the payload again; the latest does', async () => {
    const email = 'rosa.vega@example.com';
    const { first, second } = await askedTwice(email);
    expect(await liveCodes(email)).toBe(1);
    for (const registrationId of [first.id, second.id]) {
      const old = await t.post('/users/register', { registrationId, emailCode: first.code });
      expect([old.status, old.data['code']]).toEqual([400, 'invalid_code_validation_tx']);
    }
    const oldByPayload = await t.post('/users/register', { ...person, email, emailCode: first.code });
    expect([oldByPayload.status, oldByPayload.data['code']]).toEqual([400, 'invalid_code_validation_tx']);
    expect((await t.db.query('select id from users where lower(email) = $1', [email])).length).toBe(0);
    const confirmed = await t.post('/users/register', { registrationId: second.id, emailCode: second.code });
    expect(confirmed.data).toMatchObject({ step: 3, user: { email: email.toUpperCase() } });
  });

  it('the first code sent with the payload again is refused too, and the latest then confirms that way', async () => {
    const email = 'rosa.payload@example.com';
    const { first, second } = await askedTwice(email);
    expect((await t.post('/users/register', { ...person, email, emailCode: first.code })).data['code']).toBe('invalid_code_validation_tx');
    expect((await t.post('/users/register', { ...person, email, emailCode: second.code })).data).toMatchObject({ step: 3 });
  });

  it('an older code takes a try as any wrong one: five of them and even the latest is refused', async () => {
    const email = 'rosa.intentos@example.com';
    const { first, second } = await askedTwice(email);
    for (let i = 0; i < 2; i++) expect((await t.post('/users/register', { registrationId: first.id, emailCode: first.code })).status).toBe(400);
    for (let i = 0; i < 2; i++) expect((await t.post('/users/register', { ...person, email, emailCode: first.code })).status).toBe(400);
    expect((await t.post('/users/register', { registrationId: second.id, emailCode: otherThan(first.code, second.code) })).status).toBe(400);
    expect((await t.post('/users/register', { registrationId: second.id, emailCode: second.code })).data['code']).toBe('code_tries_exceeded');
  });

  it('two step 1 calls at once leave one live code, the one in the latest e-mail', async () => {
    for (const email of ['a.la.vez.1@example.com', 'a.la.vez.2@example.com', 'a.la.vez.3@example.com', 'a.la.vez.4@example.com']) {
      const answers = await Promise.all([email, email.toUpperCase()].map((spelt) => t.post('/users/register', { ...person, email: spelt })));
      expect(answers.map((a) => a.data['step'])).toEqual([2, 2]);
      expect(await liveCodes(email)).toBe(1);
      const [latest, older] = await codesMailed(email);
      if (!latest || !older || latest === older) continue;
      for (const registrationId of answers.map((a) => String(a.data['registrationId']))) {
        expect((await t.post('/users/register', { registrationId, emailCode: older })).data['code']).toBe('invalid_code_validation_tx');
      }
      expect((await t.post('/users/register', { ...person, email, emailCode: older })).data['code']).toBe('invalid_code_validation_tx');
      expect((await t.post('/users/register', { ...person, email, emailCode: latest })).data).toMatchObject({ step: 3 });
    }
  });
});
