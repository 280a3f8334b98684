import type { Gateways } from '@pasarela/gateways';
import { keyOf } from '@pasarela/vault/testing';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways } from '../../test/gateways/faultyGateways';
import { cardPayloadOf, createTestApp, freshCaptchaToken, newLink, testCardNumber, tokenizedCardPayload, tokenizedCardRegistration, type TestApp } from '../../test/testApp';
import { TEST_VAULT_API_SECRET, vaultCallLog, type VaultCallLog } from '../../test/testCardVault';
import { TEST_SIMULATOR_API_SECRET } from '../../test/testServer';
import { cardTokenHash, forgetSpentCardTokens } from '../store/cardTokenUses';

// PCI DSS 3.3.1.2: a typed card's CVC goes to the processor through the vault's forwarding
// (`{{vault:<token>:cvc}}` in the simulator adapter's card), is held by the vault while the
// authorization's outcome is unknown (a resend under the same key carries it again), and is dropped
// by the server once a final outcome is committed. A 3DS challenge or a pending answer keeps it for
// the vault's own time.

let t: TestApp;
/** The server's calls to its vault, through a proxy that notes them. */
let vaultCalls: VaultCallLog;
let faults: ReturnType<typeof faultyGateways>;
/** Set by a test: each card save, or authorization, waits on it before it goes out. */
let beforeSave: ((call: number) => Promise<void>) | undefined;
let beforeAuthorize: ((call: number) => Promise<void>) | undefined;
let saves = 0;
let authorizations = 0;
const gated = (inner: Gateways): Gateways => ({
  ...inner,
  card: {
    ...inner.card,
    saveCard: async (request) => {
      saves += 1;
      await beforeSave?.(saves);
      return inner.card.saveCard(request);
    },
    authorize: async (request) => {
      authorizations += 1;
      await beforeAuthorize?.(authorizations);
      return inner.card.authorize(request);
    },
  },
});
beforeAll(async () => {
  vaultCalls = await vaultCallLog();
  t = await createTestApp({
    wrapGateways: (inner: Gateways) => (faults = faultyGateways(gated(inner))).gateways,
    vaultApiUrl: (vault) => ((vaultCalls.target = vault.url), vaultCalls.url),
  });
});
afterAll(async () => {
  await t.close();
  await vaultCalls.close();
});

const held = async (token: string) => (await t.vault.database.query('select 1 from vault_cvcs where token = $1', [keyOf(token)])).length === 1;
/** The drop runs after the answer, off its path: it is waited for here. */
async function untilDropped(token: string): Promise<boolean> {
  for (const deadline = Date.now() + 3_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
    if (!(await held(token))) return true;
  }
  return false;
}
/**
 * The server's CVC drops of a token: waited for (they are gathered for up to 100 ms, then sent off the
 * answer's path, later on a busy machine), then as many as came in the gathering's time after the first.
 */
async function dropsOf(token: string): Promise<number> {
  const count = () => vaultCalls.calls.filter((call) => call.startsWith('POST /v1/cards/cvc-drops ') && call.split(' ')[2]?.split(',').includes(keyOf(token))).length;
  for (const deadline = Date.now() + 5_000; count() === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 25));
  await new Promise((resolve) => setTimeout(resolve, 300));
  return count();
}
const pay = (body: unknown) => t.post('/cards/auth-capture', body);
const tokenOf = (body: { cardInformation: { cardNumber: string } }) => body.cardInformation.cardNumber;
const simulatorCard = (cvc: string) => ({ number: '4242424242424242', expMonth: '12', expYear: '2034', cvc, holder: 'ANA' });

describe('a typed card\'s CVC', () => {
  it('reaches the simulator as its digits through the vault, and is dropped once the payment is approved', async () => {
    const body = await tokenizedCardPayload(await newLink(t));
    expect(await held(tokenOf(body))).toBe(true);
    // The simulator refuses a CVC that is not 3 or 4 digits: an approval is the vault's digits arriving.
    expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await untilDropped(tokenOf(body))).toBe(true);
    // A forward asking for it now is refused before the simulator hears of it.
    const forwarded = await fetch(`${t.vault.url}/forward/simulator/v1/card/authorize`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'vault-authorization': `Bearer ${TEST_VAULT_API_SECRET}`, authorization: `Bearer ${TEST_SIMULATOR_API_SECRET}` },
      body: JSON.stringify({ idempotencyKey: randomUUID(), amountCents: 100, merchant: { name: 'X', logo: null }, lang: 'es', capture: true, card: { ...simulatorCard(`{{vault:${keyOf(tokenOf(body))}:cvc}}`), number: keyOf(tokenOf(body)) } }),
    });
    expect(forwarded.status).toBe(409);
    expect(await forwarded.json()).toMatchObject({ code: 'cvc_unavailable' });
  });

  it('a payment reads the facts its token carries sealed: the vault hears only the authorization\'s forward and the drop', async () => {
    const body = await tokenizedCardPayload(await newLink(t));
    const before = vaultCalls.calls.length;
    expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await dropsOf(tokenOf(body))).toBe(1);
    expect(vaultCalls.calls.slice(before).filter((call) => call.startsWith('GET '))).toEqual([]);
  });

  it('spent, its token\'s record is kept two hours (past every CVC\'s time at the vault), then the nodes forget it', async () => {
    const old = await tokenizedCardPayload(await newLink(t));
    const recent = await tokenizedCardPayload(await newLink(t));
    for (const body of [old, recent]) expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    const usedAgo = (body: typeof old, minutes: number) =>
      t.db.query("update card_token_uses set used_at = now() - $2::int * interval '1 minute' where token_hash = $1", [cardTokenHash(keyOf(tokenOf(body))), minutes]);
    await usedAgo(old, 121);
    await usedAgo(recent, 119);
    expect(await forgetSpentCardTokens(t.db)).toBeGreaterThanOrEqual(1);
    const left = async (body: typeof old) => (await t.db.query('select 1 from card_token_uses where token_hash = $1', [cardTokenHash(keyOf(tokenOf(body)))])).length;
    expect([await left(old), await left(recent)]).toEqual([0, 1]);
  });

  it('gone before a new payment (dropped, or past its time), asked of the vault by the token\'s key: 400 invalid_cvc naming the card, nothing recorded or sent', async () => {
    const link = await newLink(t);
    const sealed = await tokenizedCardPayload(link);
    // A token without its seal (or one past the seal's times): the server asks the vault, which says the CVC is gone.
    const body = { ...sealed, cardInformation: { ...sealed.cardInformation, cardNumber: keyOf(tokenOf(sealed)) } };
    expect((await fetch(`${t.vault.url}/v1/cards/${keyOf(tokenOf(body))}/cvc`, { method: 'DELETE', headers: { authorization: `Bearer ${TEST_VAULT_API_SECRET}` } })).status).toBe(204);
    const before = authorizations;
    const answer = await pay(body);
    expect(answer).toMatchObject({ status: 400, data: { code: 'invalid_cvc' } });
    expect(String(answer.data['message'])).toContain('cardInformation.cardNumber');
    expect(authorizations).toBe(before);
    expect(await t.db.query('select 1 from transactions where link_code = $1', [link])).toEqual([]);
  });

  it('spent on an approved payment, its token in a second payment (another trackId) is refused (400 invalid_cvc), never left in doubt; a new token pays', async () => {
    const link = await newLink(t, { singleUse: false });
    const body = await tokenizedCardPayload(link);
    expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await untilDropped(tokenOf(body))).toBe(true);
    const again = { ...body, additionalData: { ...body.additionalData, trackId: randomUUID(), captchaToken: freshCaptchaToken() } };
    expect(await pay(again)).toMatchObject({ status: 400, data: { code: 'invalid_cvc' } });
    expect(await t.db.query("select 1 from transactions where link_code = $1 and auth_status = 'PROCESSING'", [link])).toEqual([]);
    // The same trackId as the approved one still answers that payment.
    expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    const fresh = await tokenizedCardPayload(link, { cardNumber: testCardNumber(randomUUID()) });
    expect(await pay(fresh)).toMatchObject({ status: 200, data: { status: 1 } });
  });

  it('spent on an approved payment, its token is refused at once, while its drop still waits to go to the vault with others', async () => {
    const link = await newLink(t, { singleUse: false });
    const body = await tokenizedCardPayload(link);
    expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    // Asked within the drop's gathering time (DROP_GATHER_MS): the vault still holds the CVC.
    expect(await held(tokenOf(body))).toBe(true);
    const again = { ...body, additionalData: { ...body.additionalData, trackId: randomUUID(), captchaToken: freshCaptchaToken() } };
    expect(await pay(again)).toMatchObject({ status: 400, data: { code: 'invalid_cvc' } });
    expect(await untilDropped(tokenOf(body))).toBe(true);
  });

  it('spent, its token is refused the same way by a subscription\'s first payment and by the wallet\'s add-card', async () => {
    const link = await newLink(t);
    const paid = await tokenizedCardPayload(link);
    expect(await pay(paid)).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await untilDropped(tokenOf(paid))).toBe(true);
    const { body } = await subscriptionPayment();
    const spent = { ...(body as { requestPay: { cardInformation: Record<string, unknown> } }) };
    spent.requestPay = { ...spent.requestPay, cardInformation: { ...spent.requestPay.cardInformation, cardNumber: tokenOf(paid) } };
    expect(await t.post('/process-tx', spent)).toMatchObject({ status: 400, data: { code: 'invalid_cvc' } });
    const login = `s${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const registration = await tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() });
    const added = await t.post('/users/me/cards', { ...registration, cardNumber: tokenOf(paid) }, auth);
    expect(added).toMatchObject({ status: 400, data: { code: 'invalid_cvc' } });
    expect(String(added.data['message'])).toContain('cardNumber');
  });

  it('left unfilled, is refused by the simulator (400): only the vault\'s digits pass', async () => {
    const sent = await fetch(`${t.simulator.url}/v1/card/authorize`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_SIMULATOR_API_SECRET}` },
      body: JSON.stringify({ idempotencyKey: randomUUID(), amountCents: 100, merchant: { name: 'X', logo: null }, lang: 'es', capture: true, card: simulatorCard(`{{vault:tok_${'A'.repeat(32)}:cvc}}`) }),
    });
    expect(sent.status).toBe(400);
  });

  it('is held while the outcome is unknown: the retry under the same key carries it again, then the approval drops it', async () => {
    const body = await tokenizedCardPayload(await newLink(t));
    faults.plan('card', 'lost_answer', 'authorize');
    expect((await pay(body)).status).toBe(504);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await held(tokenOf(body))).toBe(true);
    expect(await pay(body)).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await untilDropped(tokenOf(body))).toBe(true);
  });

  it('dropped by a payment\'s first request, its retry racing in (same trackId, call refused for the CVC) answers the first\'s outcome', async () => {
    const body = await tokenizedCardPayload(await newLink(t));
    // The first request's call waits until the retry's has begun; the retry's goes out only once the
    // first's approval dropped the CVC, so the vault refuses it (409 cvc_unavailable).
    let retry: Promise<Awaited<ReturnType<typeof pay>>> | undefined;
    let retryBegun = () => {};
    const begun = new Promise<void>((resolve) => (retryBegun = resolve));
    const first = authorizations + 1;
    beforeAuthorize = async (call) => {
      if (call === first) {
        retry = pay(body);
        return void (await Promise.race([begun, new Promise((resolve) => setTimeout(resolve, 3_000))]));
      }
      retryBegun();
      await untilDropped(tokenOf(body));
    };
    try {
      const answer = await pay(body);
      expect(authorizations - first + 1).toBe(2);
      expect(answer).toMatchObject({ status: 200, data: { status: 1 } });
      expect(await retry).toMatchObject({ status: 200, data: { status: 1, codOper: answer.data['codOper'] } });
      // The first request dropped it after its outcome; the retry answering that outcome drops nothing.
      expect(await dropsOf(tokenOf(body))).toBe(1);
    } finally {
      beforeAuthorize = undefined;
    }
  });

  it('is dropped after a decline too', async () => {
    const body = await tokenizedCardPayload(await newLink(t), { cardNumber: '4000000000000002' });
    expect((await pay(body)).data['status']).toBe(0);
    expect(await untilDropped(tokenOf(body))).toBe(true);
  });

  it('is kept at a 3DS challenge, for the vault\'s own time to drop', async () => {
    const body = await tokenizedCardPayload(await newLink(t), { cardNumber: '4000000000003220' });
    expect((await pay(body)).data['status']).toBe(-1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await held(tokenOf(body))).toBe(true);
  });

  it('is dropped after the wallet\'s add-card check', async () => {
    const login = `v${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const body = await tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() });
    expect((await t.post('/users/me/cards', body, auth)).data).toMatchObject({ status: 1 });
    expect(await untilDropped(body.cardNumber)).toBe(true);
  });

  it('spent by the wallet\'s add-card or a subscription\'s first payment, which read the card from its seal, its token is refused by a payment: 400 invalid_cvc, nothing recorded or sent', async () => {
    const login = `u${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const before = vaultCalls.calls.length;
    const registration = await tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() });
    expect((await t.post('/users/me/cards', registration, auth)).data).toMatchObject({ status: 1 });
    const { key, token, body } = await subscriptionPayment();
    expect((await t.post('/process-tx', body)).data).toMatchObject({ status: 1, subscriptionKey: key });
    // Neither asked the vault for the card's facts: the tokens' seals carried them.
    expect(vaultCalls.calls.slice(before).filter((call) => call.startsWith('GET '))).toEqual([]);
    for (const spent of [registration.cardNumber, token]) {
      // Its drop answered, the node no longer remembers asking it: only the spent token's record refuses it.
      expect(await dropsOf(spent)).toBe(1);
      const link = await newLink(t);
      const payment = await tokenizedCardPayload(link);
      const authorized = authorizations;
      const answer = await pay({ ...payment, cardInformation: { ...payment.cardInformation, cardNumber: spent } });
      expect(answer).toMatchObject({ status: 400, data: { code: 'invalid_cvc' } });
      expect(authorizations).toBe(authorized);
      expect(await t.db.query('select 1 from transactions where link_code = $1', [link])).toEqual([]);
    }
  });

  it('dropped by the first of two requests with one trackId, the second\'s call refused for it answers the first\'s outcome', async () => {
    const login = `r${randomUUID().slice(0, 8)}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const body = await tokenizedCardRegistration(testCardNumber(randomUUID()), { trackId: randomUUID() });
    // The first save waits until the second request's save has begun; the second goes out only once
    // the first's outcome dropped the CVC, so the vault refuses it (409 cvc_unavailable).
    let secondBegun = () => {};
    const second = new Promise<void>((resolve) => (secondBegun = resolve));
    const first = saves + 1;
    beforeSave = async (call) => {
      if (call === first) return void (await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 3_000))]));
      secondBegun();
      await untilDropped(body.cardNumber);
    };
    try {
      const answers = await Promise.all([t.post('/users/me/cards', body, auth), t.post('/users/me/cards', body, auth)]);
      expect(saves - first + 1).toBe(2);
      expect(answers.map((a) => [a.status, a.data['status']])).toEqual([[200, 1], [200, 1]]);
      expect((answers[1]!.data['card'] as { idRelCard: number }).idRelCard).toBe((answers[0]!.data['card'] as { idRelCard: number }).idRelCard);
      expect(await dropsOf(body.cardNumber)).toBe(1);
    } finally {
      beforeSave = undefined;
    }
  });

  /** A subscription's first payment by a typed card, as the checkout sends it (process tx). */
  async function subscriptionPayment(): Promise<{ key: string; token: string; body: unknown }> {
    const created = await t.admin('POST', '/plans', { name: 'Club', period: 'MO', amount: 12, chargeNow: true });
    const sub = await t.post('/subscriptions', { idPlan: created.json['idPlan'], email: 'socia@example.com' });
    const key = String(sub.data['subscriptionKey']);
    const { cardInformation } = await tokenizedCardPayload('x', { cardNumber: testCardNumber(randomUUID()) });
    const requestPay = { ...cardPayloadOf(key, { token: '', brand: 'VISA', expMonth: 12, expYear: 2034 }, { amount: 12, taxAmount: 0 }), cardInformation, serviceCode: 'REC', transactionsType: 'REC', txChannel: 'EPR' };
    const body = {
      requestPay, activateSubscription: { idSubscription: Number(sub.data['idSubscription']), subscriptionKey: key }, serviceCode: 'REC',
      idMerchant: Number((sub.data['plan'] as { idMerchant: number }).idMerchant),
    };
    return { key, token: cardInformation.cardNumber, body };
  }

  it('is dropped after a subscription\'s first payment (its save and its charge both carry it)', async () => {
    const { key, token, body } = await subscriptionPayment();
    const paid = await t.post('/process-tx', body);
    expect(paid.data).toMatchObject({ status: 1, subscriptionKey: key });
    expect(await untilDropped(token)).toBe(true);
  });

  it('dropped once by a subscription\'s first payment, its retry racing in (save refused for the CVC) answering that outcome', async () => {
    const { key, token, body } = await subscriptionPayment();
    // The first request's save waits until the retry's has begun; the retry's goes out only once the
    // first's approval dropped the CVC, so the vault refuses it (409 cvc_unavailable).
    let retry: Promise<Awaited<ReturnType<typeof t.post>>> | undefined;
    let retryBegun = () => {};
    const begun = new Promise<void>((resolve) => (retryBegun = resolve));
    const first = saves + 1;
    beforeSave = async (call) => {
      if (call === first) {
        retry = t.post('/process-tx', body);
        return void (await Promise.race([begun, new Promise((resolve) => setTimeout(resolve, 3_000))]));
      }
      retryBegun();
      await untilDropped(token);
    };
    try {
      const paid = await t.post('/process-tx', body);
      expect(saves - first + 1).toBe(2);
      expect(paid.data).toMatchObject({ status: 1, subscriptionKey: key });
      expect((await retry)?.data).toMatchObject({ status: 1, subscriptionKey: key, codOper: paid.data['codOper'] });
      expect(await dropsOf(token)).toBe(1);
    } finally {
      beforeSave = undefined;
    }
  });
});
