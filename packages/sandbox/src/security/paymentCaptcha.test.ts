import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WALLET_USER } from '../db/seed';
import { paymentBodies, paymentFixtures, type PaymentFixtures } from '../../test/paymentBodies';
import { randomUUID } from 'node:crypto';
import type { CaptchaVerifier } from '@pasarela/gateways';
import { createTestApp, TEST_CAPTCHA_TOKEN, type TestApp } from '../../test/testApp';
import { captchaUseKeepMs } from '@pasarela/core';
import { sandboxCaptchaVerifier } from '../payments/captchaVerdict';
import { forgetSpentCaptchaTokens } from '../store/captchaUses';

// SPEC 4 "Captcha: a valid score enables the payment": every payment route refuses a payment
// without a valid captcha token (403 error_captcha / invalid_score_captcha) before recording
// anything, by default; the environment (PAYMENT_CAPTCHA=0) or one merchant (captchaRequired
// false) may turn the requirement off, never the check of a token that is sent.

type Route = ReturnType<typeof paymentBodies>[number];

/** The route's body with its captcha token replaced (undefined: none at all). */
function withToken(route: Route, token: string | undefined): Record<string, unknown> {
  const data = route.body['additionalData'];
  if (typeof data === 'object' && data !== null) return { ...route.body, additionalData: { ...data, captchaToken: token } };
  return { ...route.body, captchaToken: token };
}

/** The route's body as a new payment (its own trackId) carrying `token`. */
function newPayment(route: Route, token: string, trackId: string = randomUUID()): Record<string, unknown> {
  const data = route.body['additionalData'];
  if (typeof data === 'object' && data !== null) return { ...route.body, additionalData: { ...data, captchaToken: token, trackId } };
  return { ...route.body, captchaToken: token, trackId };
}

async function stored(t: TestApp): Promise<string> {
  return JSON.stringify(await Promise.all([
    t.db.query('select cod_oper, status from transactions order by id'),
    t.db.query('select id, balance_cents from users order by id'),
    t.db.query('select subscription_key, status from subscriptions order by subscription_key'),
  ]));
}

const payments = (f: PaymentFixtures, code: string) => paymentBodies(f, code).filter((r) => r.path !== '/activity/send');

/** Every payment route, by the path its body is posted to (a subscription's under its key). */
const PAYMENT_ROUTES = ['/cards/auth-capture', '/nequi/push', '/yappy/payments', '/cash/pay-cash', '/cash/cash-point', '/clave/payments', '/crypto/payments', '/activity/pay', '/subscriptions/:key/pay'];

/** A test app with the payment fixtures and a logged-in wallet user, for one describe block. */
function withPaymentRoutes(captcha?: CaptchaVerifier) {
  const ctx = { t: undefined as unknown as TestApp, f: undefined as unknown as PaymentFixtures, wallet: '' };
  beforeAll(async () => {
    ctx.t = await createTestApp({ captcha });
    ctx.f = await paymentFixtures(ctx.t);
    ctx.wallet = String((await ctx.t.post('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password })).data['token']);
  });
  afterAll(() => ctx.t.close());
  return {
    ctx,
    /** The body of the route posted to `path`. */
    find(path: string): Route {
      const route = payments(ctx.f, ctx.f.link).find((r) => r.path === path || (path.includes(':key') && r.path.endsWith('/pay') && r.path.startsWith('/subscriptions/')));
      if (!route) throw new Error(`no body for ${path}`);
      return route;
    },
    /** The wallet user's bearer where the route needs one. */
    auth: (route: Route): Record<string, string> => (route.withToken ? { authorization: `Bearer ${ctx.wallet}` } : {}),
  };
}

describe('a payment without a valid captcha token', () => {
  const { ctx, find, auth } = withPaymentRoutes();

  it.each(PAYMENT_ROUTES)('%s: none is 403 error_captcha, a bot 403 error_captcha, a bot\'s score 403 invalid_score_captcha; nothing is stored', async (path) => {
    const route = find(path);
    const before = await stored(ctx.t);
    for (const [token, code] of [[undefined, 'error_captcha'], ['fail', 'error_captcha'], ['fail-score', 'invalid_score_captcha']] as const) {
      const res = await ctx.t.post(route.path, withToken(route, token), auth(route));
      expect(res.status).toBe(403);
      expect(res.data).toMatchObject({ code, message: expect.any(String) });
      expect(res.data['message']).not.toBe(code);
    }
    expect(await stored(ctx.t)).toBe(before);
    // The same payment with the widget's token goes through.
    expect((await ctx.t.post(route.path, withToken(route, TEST_CAPTCHA_TOKEN), auth(route))).status).toBeLessThan(300);
  });

  it('the Nequi QR (a GET) without a token is refused the same way', async () => {
    const before = await stored(ctx.t);
    const res = await ctx.t.get(`/nequi/qr?code=${ctx.f.link}&captchaToken=fail`);
    expect(res.status).toBe(403);
    const none = await ctx.t.app.request(`/api/v1/nequi/qr?code=${ctx.f.link}`, { headers: { 'x-api-key': 'pk_sandbox_pasarela_guest' } });
    expect(none.status).toBe(403);
    expect(await stored(ctx.t)).toBe(before);
    expect((await ctx.t.get(`/nequi/qr?code=${ctx.f.link}`)).status).toBe(200);
  });
});

describe('a merchant that turned its captcha off (PATCH /sandbox/merchants/:id { captchaRequired: false })', () => {
  const { ctx, find, auth } = withPaymentRoutes();

  it('is stored in the merchant row, and shown in the merchants list', async () => {
    expect((await ctx.t.admin('PATCH', '/merchants/1', { captchaRequired: 'no' })).status).toBe(400);
    const res = await ctx.t.admin('PATCH', '/merchants/1', { captchaRequired: false });
    expect(res).toMatchObject({ status: 200, json: { idMerchant: 1, captchaRequired: false } });
    expect((await ctx.t.db.query<{ captcha_required: boolean }>('select captcha_required from merchants where id = 1'))[0]?.captcha_required).toBe(false);
    expect((await ctx.t.admin('GET', '/merchants')).json['merchants']).toEqual(expect.arrayContaining([expect.objectContaining({ id: 1, captchaRequired: false })]));
    expect((await ctx.t.admin('PATCH', '/merchants/999999', { captchaRequired: false })).status).toBe(404);
  });

  it.each(PAYMENT_ROUTES)("%s: its payments pass without a token; a bot's token is still refused", async (path) => {
    const route = find(path);
    expect((await ctx.t.post(route.path, withToken(route, 'fail'), auth(route))).status).toBe(403);
    expect((await ctx.t.post(route.path, withToken(route, undefined), auth(route))).status).toBeLessThan(300);
  });

  it("another merchant's payments still need a token (the default for a new merchant), until it turns it off too", async () => {
    const other = await ctx.t.admin('POST', '/merchants', { name: 'Con captcha' });
    expect(other.json['captchaRequired']).toBe(true);
    const code = String((await ctx.t.admin('POST', '/links', { amount: 4, description: 'Otra', merchantId: other.json['idMerchant'] })).json['code']);
    const body = { code, phone: '63333333', email: 'p@example.com', trackId: 'other-merchant-1', captchaToken: undefined };
    const refused = await ctx.t.post('/nequi/push', body);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ code: 'error_captcha' });
    const off = await ctx.t.admin('POST', '/merchants', { name: 'Sin captcha', captchaRequired: false });
    expect(off.json['captchaRequired']).toBe(false);
    const offCode = String((await ctx.t.admin('POST', '/links', { amount: 4, description: 'Sin', merchantId: off.json['idMerchant'] })).json['code']);
    expect((await ctx.t.post('/nequi/push', { ...body, code: offCode, trackId: 'other-merchant-2' })).status).toBe(200);
    // Asking for it again: refused again.
    expect((await ctx.t.admin('PATCH', `/merchants/${String(off.json['idMerchant'])}`, { captchaRequired: true })).status).toBe(200);
    expect((await ctx.t.post('/nequi/push', { ...body, code: offCode, trackId: 'other-merchant-3' })).status).toBe(403);
  });
});

describe('PAYMENT_CAPTCHA=0 (the captcha off for a whole environment, docs/api.md "Captcha")', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ paymentCaptcha: false });
  });
  afterAll(() => t.close());

  it('lets a payment without a token through, and still refuses a bot\'s token', async () => {
    const f = await paymentFixtures(t);
    const route = payments(f, f.link).find((r) => r.path === '/nequi/push');
    if (!route) throw new Error('no Nequi body');
    expect((await t.post(route.path, withToken(route, undefined))).status).toBe(200);
    expect((await t.post(route.path, { ...withToken(route, 'fail'), trackId: 'captcha-off-2' })).status).toBe(403);
  });
});

// Issue 95 item 6 and issue 89 item 7: as reCAPTCHA, hCaptcha and Turnstile do, a token counts once,
// for the merchant it was made for, and each payment asks the captcha service once.
describe('a captcha token counts once, for one merchant', () => {
  /** The sandbox's service, counting how often it is asked about each token. */
  const asked = new Map<string, number>();
  const sandbox = sandboxCaptchaVerifier();
  /** Set: the service forgets tokens (an adapter breaking the rule), so only the database holds it. */
  let forgetful = false;
  const counting: CaptchaVerifier = {
    verify(request) {
      asked.set(request.token, (asked.get(request.token) ?? 0) + 1);
      return forgetful ? Promise.resolve({ valid: true, score: 0.9, madeFor: null }) : sandbox.verify(request);
    },
  };
  const { ctx, find, auth } = withPaymentRoutes(counting);

  it.each(PAYMENT_ROUTES)('%s: one payment asks the service once and passes; the token replayed by another payment is 403 error_captcha, nothing recorded', async (path) => {
    const route = find(path);
    const token = `persona-${randomUUID()}`;
    const first = await ctx.t.post(route.path, newPayment(route, token), auth(route));
    // The service refuses a token it has verified before: asked twice, the payment would fail.
    expect(first.status, JSON.stringify(first.data)).toBeLessThan(300);
    expect(asked.get(token)).toBe(1);
    const before = await stored(ctx.t);
    const replay = await ctx.t.post(route.path, newPayment(route, token), auth(route));
    expect([replay.status, replay.data['code']]).toEqual([403, 'error_captcha']);
    expect(await stored(ctx.t)).toBe(before);
    expect(asked.get(token)).toBe(1);
  });

  it('a retry of the same request (its trackId) gets its answer, without asking the service again', async () => {
    const route = find('/nequi/push');
    const token = `persona-${randomUUID()}`;
    const body = newPayment(route, token);
    const first = await ctx.t.post(route.path, body);
    const retry = await ctx.t.post(route.path, body);
    expect(first.status).toBe(200);
    expect([retry.status, retry.data['codOper']]).toEqual([200, first.data['codOper']]);
    expect(asked.get(token)).toBe(1);
  });

  // The widget's own sandbox token is `sandbox.<siteKey>.<n>@<merchantId>` (packages/widget/src/security/sandboxCaptcha.ts).
  it.each([
    ['a bare token', (nonce: string) => `persona-${nonce}`],
    ["the widget's token", (nonce: string) => `sandbox.site-key.${nonce.replace(/\D/g, '')}`],
  ])("another merchant's token is 403 error_captcha and records nothing; the token made for this merchant passes (%s)", async (_shape, made) => {
    const route = find('/nequi/push');
    const other = await ctx.t.admin('POST', '/merchants', { name: 'Otra tienda' });
    const otherId = Number(other.json['idMerchant']);
    const [link] = await ctx.t.db.query<{ merchant_id: number }>('select merchant_id from payment_links where code = $1', [ctx.f.link]);
    const nonce = randomUUID();
    const before = await stored(ctx.t);
    const foreign = await ctx.t.post(route.path, newPayment(route, `${made(nonce)}@${otherId}`));
    expect([foreign.status, foreign.data['code']]).toEqual([403, 'error_captcha']);
    expect(await stored(ctx.t)).toBe(before);
    expect(await ctx.t.db.query('select 1 from captcha_uses where merchant_id = $1', [otherId])).toEqual([]);
    expect((await ctx.t.post(route.path, newPayment(route, `${made(nonce)}@${String(link?.merchant_id)}`))).status).toBe(200);
  });

  it('ten payments at once with one token: one passes, nine are 403 error_captcha, one payment recorded (the database decides, whatever the service says)', async () => {
    forgetful = true;
    const route = find('/nequi/push');
    const token = `persona-${randomUUID()}`;
    const [{ n: before } = { n: 0 }] = await ctx.t.db.query<{ n: number }>('select count(*)::int as n from transactions');
    const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.t.post(route.path, newPayment(route, token))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403 && a.data['code'] === 'error_captcha')).toHaveLength(9);
    const [{ n: after } = { n: 0 }] = await ctx.t.db.query<{ n: number }>('select count(*)::int as n from transactions');
    expect(after - before).toBe(1);
    forgetful = false;
  });
});

describe('a spent token is forgotten a day after its use, when the captcha port says how long its tokens live', () => {
  const asked = new Map<string, number>();
  const sandbox = sandboxCaptchaVerifier();
  // As reCAPTCHA's siteverify: a token lives 2 minutes, and one verified before is refused.
  const service: CaptchaVerifier = {
    tokenLifeMs: 2 * 60_000,
    verify(request) {
      asked.set(request.token, (asked.get(request.token) ?? 0) + 1);
      return sandbox.verify(request);
    },
  };
  const { ctx, find } = withPaymentRoutes(service);
  const usedHoursAgo = (token: string, hours: number) =>
    ctx.t.db.query(`update captcha_uses set used_at = now() - $2::int * interval '1 hour' where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [token, hours]);

  it('keeps the tokens of the last day, deletes older ones; a forgotten token is asked about again and the service refuses it, nothing recorded', async () => {
    const route = find('/nequi/push');
    const old = `persona-${randomUUID()}`;
    const recent = `persona-${randomUUID()}`;
    expect((await ctx.t.post(route.path, newPayment(route, old))).status).toBe(200);
    expect((await ctx.t.post(route.path, newPayment(route, recent))).status).toBe(200);
    await usedHoursAgo(old, 25);
    await usedHoursAgo(recent, 23);

    expect(await forgetSpentCaptchaTokens(ctx.t.db, captchaUseKeepMs(service.tokenLifeMs ?? 0), 1)).toBe(1);
    const kept = await ctx.t.db.query<{ n: number }>('select count(*)::int as n from captcha_uses');
    expect(kept[0]?.n).toBeGreaterThanOrEqual(1);

    const before = await stored(ctx.t);
    const replayOld = await ctx.t.post(route.path, newPayment(route, old));
    expect([replayOld.status, replayOld.data['code']]).toEqual([403, 'error_captcha']);
    expect(asked.get(old)).toBe(2);
    const replayRecent = await ctx.t.post(route.path, newPayment(route, recent));
    expect([replayRecent.status, replayRecent.data['code']]).toEqual([403, 'error_captcha']);
    // Still kept: refused by the database, the service not asked again.
    expect(asked.get(recent)).toBe(1);
    expect(await stored(ctx.t)).toBe(before);
  });
});
