import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TOKEN_PATTERN } from '@pasarela/core';
import { vaultCardKey } from '@pasarela/gateways';
import { cardFactsKey, sealedCardToken } from '@pasarela/vault/card-facts';
import { openPglite } from '@pasarela/vault';
import { keyOf, newMasterKey } from '@pasarela/vault/testing';
import { CardVaultUnavailable, DROP_GATHER_MS, httpCardVault, noCardVault, SEALED_FACTS_MARGIN_MS } from '../gateways/cardVault';
import { createLogger } from '../ops/logger';
import { dropCvcAfterOutcome } from './vaultCard';
import { createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../test/testApp';
import { aroundCardAuthorize, loseAnswer } from '../../test/gateways/cardAuthorize';
import { TEST_VAULT_API_SECRET } from '../../test/testCardVault';

// Issue 90: the server reads a typed card's facts from the vault. A vault that does not answer, or
// answers something other than a card, charges nothing and records nothing: 503, the payer may retry.

const TOKEN = `tok_${'A'.repeat(32)}`;
const answering = (status: number, body: unknown) => httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => new Response(JSON.stringify(body), { status }) });

describe('the vault client', () => {
  it.each([
    ['a 500', answering(500, { code: 'internal_error' })],
    ['a card without its fingerprint', answering(200, { token: TOKEN, brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034 })],
    ['another card than asked', answering(200, { token: `tok_${'B'.repeat(32)}`, brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'a'.repeat(64), cvcHeld: true })],
    ['a number in the answer\'s BIN', answering(200, { token: TOKEN, brand: 'VISA', bin: '4242424242424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'a'.repeat(64), cvcHeld: true })],
  ])('%s is the vault unavailable', async (_case, vault) => {
    await expect(vault.card(TOKEN)).rejects.toBeInstanceOf(CardVaultUnavailable);
  });

  it('a refused connection says so and where; another failure says its cause', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4783'), { code: 'ECONNREFUSED' }) });
    await expect(httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => Promise.reject(refused) }).card(TOKEN))
      .rejects.toThrow(new CardVaultUnavailable('The card vault refused the connection at http://vault.test'));
    const closed = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    await expect(httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => Promise.reject(closed) }).card(TOKEN))
      .rejects.toThrow(new CardVaultUnavailable('The card vault at http://vault.test did not answer (fetch failed: other side closed)'));
  });

  it('a 404 is no card; a card number is never sent to the vault at all', async () => {
    const asked: string[] = [];
    const vault = httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async (url) => (asked.push(String(url)), new Response('{}', { status: 404 })) });
    expect(await vault.card(TOKEN)).toBeNull();
    expect(await vault.card('4242424242424242')).toBeNull();
    expect(asked).toEqual([`http://vault.test/v1/cards/${TOKEN}`]);
  });
});

// @pasarela/gateways depends on no other package, so it writes the vault token's form again
// (vaultCardKey): what core takes as a token is what an adapter takes the vault's key of.
describe('the vault token\'s form, as core and the gateways package write it', () => {
  const sealedToken = sealedCardToken(cardFactsKey('s'), TOKEN, { brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'f'.repeat(64), cvcUntil: 1, unusedUntil: 1 });
  it.each([
    ['the key alone', TOKEN],
    ['a sealed token as the vault makes it', sealedToken],
    ['the shortest seal (40)', `${TOKEN}.${'A'.repeat(40)}`],
    ['the longest seal (600)', `${TOKEN}.${'a1_-'.repeat(150)}`],
    ['a seal too short (39)', `${TOKEN}.${'A'.repeat(39)}`],
    ['a seal too long (601)', `${TOKEN}.${'A'.repeat(601)}`],
    ['an empty seal after the dot', `${TOKEN}.`],
    ['two seals', `${TOKEN}.${'A'.repeat(40)}.${'A'.repeat(40)}`],
    ['a seal padded with =', `${TOKEN}.${'A'.repeat(39)}=`],
    ['a seal in base64, not base64url', `${TOKEN}.${'A'.repeat(39)}+`],
    ['the key and a line break', `${TOKEN}\n`],
    ['a space before the key', ` ${TOKEN}`],
    ['a key one character short', TOKEN.slice(0, -1)],
    ['a key one character long', `${TOKEN}A`],
    ['a key in base64, not base64url', `tok_${'A'.repeat(31)}/`],
    ['TOK_ in capitals', `TOK_${'A'.repeat(32)}`],
    ["Stripe's own tok_ of another length", 'tok_1PqRsTuVwXyZaBcDeFgHiJkL'],
    ["Stripe's payment method", 'pm_1PqRsTuVwXyZaBcDeFgHiJkL'],
    ['a card number', '4242424242424242'],
    ['nothing', ''],
  ])('%s: core takes it as a token exactly when the gateways package gives its key', (_case, token) => {
    expect(vaultCardKey(token) !== undefined).toBe(CARD_TOKEN_PATTERN.test(token));
    if (CARD_TOKEN_PATTERN.test(token)) expect(vaultCardKey(token)).toBe(token.split('.')[0]);
  });

  it('takes the key and sealed tokens of the vault\'s form, and refuses a seal out of its bounds', () => {
    expect([TOKEN, sealedToken, `${TOKEN}.${'A'.repeat(39)}`, `${TOKEN}.${'A'.repeat(601)}`].map((token) => CARD_TOKEN_PATTERN.test(token))).toEqual([true, true, false, false]);
  });
});

describe('a token that carries its facts sealed', () => {
  const FACTS = { brand: 'VISA' as const, bin: '424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'f'.repeat(64) };
  const sealedBy = (secret: string, times: { cvcMs?: number; unusedMs?: number } = {}) => sealedCardToken(cardFactsKey(secret), TOKEN, {
    ...FACTS, cvcUntil: Date.now() + (times.cvcMs ?? 600_000), unusedUntil: Date.now() + (times.unusedMs ?? 3_600_000),
  });
  const asking = (asked: string[]) => httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async (url, init) => {
    asked.push(`${init?.method ?? 'GET'} ${String(url)}`);
    return url.toString().endsWith('cvc-drops') ? new Response(null, { status: 204 }) : Response.json({ token: TOKEN, ...FACTS, fingerprint: 'e'.repeat(64), cvcHeld: true });
  } });

  it('gives its facts with no call, its CVC spent once this server asked its drop', async () => {
    const asked: string[] = [];
    const vault = asking(asked);
    const token = sealedBy('s');
    expect(vault.sealed(token)).toEqual({ token: TOKEN, ...FACTS, cvcHeld: true });
    const dropped = vault.dropCvc(token);
    expect(vault.sealed(token)).toMatchObject({ cvcHeld: false });
    await dropped;
    expect(asked).toEqual(['POST http://vault.test/v1/cards/cvc-drops']);
  });

  it.each([
    ['a card number', '4242424242424242'],
    ["a processor's own token", 'pm_1PqRsTuVwXyZaBcDeFgHiJkL'],
    ['a sealed token with a space after it', `${sealedBy('s')} `],
    ['a sealed token with its key cut short', sealedBy('s').slice(1)],
  ])('%s is not of the token\'s form: no facts', (_case, token) => {
    expect(asking([]).sealed(token)).toBeNull();
  });

  it.each([
    ['sealed under another secret', () => sealedBy('another')],
    ['no seal at all', () => TOKEN],
    ['a CVC the vault drops within the margin', () => sealedBy('s', { cvcMs: SEALED_FACTS_MARGIN_MS - 1_000 })],
    ['a card the vault deletes unused within the margin', () => sealedBy('s', { unusedMs: SEALED_FACTS_MARGIN_MS - 1_000 })],
    ['a seal cut short', () => sealedBy('s').slice(0, -4)],
  ])('%s gives nothing: the vault is asked, by the key alone', async (_case, token) => {
    const asked: string[] = [];
    const vault = asking(asked);
    expect(vault.sealed(token())).toBeNull();
    expect(await vault.card(token())).toMatchObject({ token: TOKEN, fingerprint: 'e'.repeat(64) });
    expect(asked).toEqual([`GET http://vault.test/v1/cards/${TOKEN}`]);
  });
});

describe('the CVC\'s drop', () => {
  type Asked = { url: string; method: string | undefined; authorization: string | null; tokens: string[] };
  const recording = (asked: Asked[], status = 204) => httpCardVault({ url: 'http://vault.test/', apiSecret: 's', fetch: async (url, init) => {
    asked.push({ url: String(url), method: init?.method, authorization: new Headers(init?.headers).get('authorization'), tokens: (JSON.parse(String(init?.body)) as { tokens: string[] }).tokens });
    return new Response(null, { status });
  } });
  const OTHER = `tok_${'B'.repeat(32)}`;

  it('goes with the drops asked within a moment, in one POST under the server\'s secret; a processor\'s saved card or a number is never sent', async () => {
    const asked: Asked[] = [];
    const vault = recording(asked);
    const started = Date.now();
    await Promise.all([vault.dropCvc(TOKEN), vault.dropCvc('simtok_0123456789abcdef01234567'), vault.dropCvc('pm_card_visa'), vault.dropCvc('4242424242424242'), vault.dropCvc(OTHER), vault.dropCvc(TOKEN)]);
    expect(asked).toEqual([{ url: 'http://vault.test/v1/cards/cvc-drops', method: 'POST', authorization: 'Bearer s', tokens: [TOKEN, OTHER] }]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DROP_GATHER_MS - 5);
  });

  it('of more than the vault takes in a call (100) goes in several calls, every token in one', async () => {
    const asked: Asked[] = [];
    const vault = recording(asked);
    const tokens = Array.from({ length: 150 }, (_, i) => `tok_${String(i).padStart(32, 'A')}`);
    await Promise.all(tokens.map((token) => vault.dropCvc(token)));
    expect(asked.map((call) => call.tokens.length)).toEqual([100, 50]);
    expect(asked.flatMap((call) => call.tokens)).toEqual(tokens);
  });

  it('answered other than 204, or not at all, is the vault unavailable for every drop the call carried', async () => {
    const refused = recording([], 401);
    const both = [refused.dropCvc(TOKEN), refused.dropCvc(OTHER)];
    for (const drop of both) await expect(drop).rejects.toBeInstanceOf(CardVaultUnavailable);
    await expect(httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => Promise.reject(new Error('ECONNREFUSED')) }).dropCvc(TOKEN)).rejects.toBeInstanceOf(CardVaultUnavailable);
  });

  it('asked and not yet answered: the card\'s facts say its CVC is spent, as the vault will; answered, the vault\'s word again', async () => {
    let release = () => {};
    const facts = { token: TOKEN, brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'a'.repeat(64), cvcHeld: true };
    const vault = httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async (url) => String(url).endsWith('/cvc-drops')
      ? new Promise<Response>((resolve) => (release = () => resolve(new Response(null, { status: 204 }))))
      : new Response(JSON.stringify(facts), { status: 200 }) });
    expect(await vault.card(TOKEN)).toMatchObject({ cvcHeld: true });
    const dropped = vault.dropCvc(TOKEN);
    expect(await vault.card(TOKEN)).toMatchObject({ cvcHeld: false });
    // Sent, its answer not yet in.
    await new Promise((resolve) => setTimeout(resolve, DROP_GATHER_MS + 20));
    expect(await vault.card(TOKEN)).toMatchObject({ cvcHeld: false });
    release();
    await dropped;
    expect(await vault.card(TOKEN)).toMatchObject({ cvcHeld: true });
  });

  it('waiting when the node stops is sent by close, at once', async () => {
    const asked: Asked[] = [];
    const vault = recording(asked);
    const dropped = vault.dropCvc(TOKEN);
    const closing = vault.close();
    // Sent within close() itself, no timer run: not the gather's after DROP_GATHER_MS (however slow the machine).
    expect(asked.map((call) => call.tokens)).toEqual([[TOKEN]]);
    await closing;
    await dropped;
  });

  it('sent by its time and not yet answered when the node stops: close waits for its answer', async () => {
    let answer = () => {};
    const vault = httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => new Promise<Response>((resolve) => (answer = () => resolve(new Response(null, { status: 204 })))) });
    let dropped = false;
    void vault.dropCvc(TOKEN).then(() => (dropped = true));
    await new Promise((resolve) => setTimeout(resolve, DROP_GATHER_MS + 20));
    let closed = false;
    const closing = vault.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([dropped, closed]).toEqual([false, false]);
    answer();
    await closing;
    expect([dropped, closed]).toEqual([true, true]);
  });

  it('after an outcome is not waited for, and its failure is a warning, never thrown', async () => {
    const lines: string[] = [];
    const logger = createLogger('warn', { write: (line: string) => void lines.push(line) });
    let release = () => {};
    const failing = { ...noCardVault, dropCvc: () => new Promise<void>((_resolve, reject) => (release = () => reject(new CardVaultUnavailable('The card vault answered 500')))) };
    expect(dropCvcAfterOutcome({ cardVault: failing, logger }, { token: TOKEN, brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'a'.repeat(64), cvcHeld: true })).toBeUndefined();
    expect(lines).toEqual([]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: expect.stringContaining('did not drop a CVC'), err: { message: 'The card vault answered 500' } });
  });
});

describe('a payment while the vault is down', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestApp({ logger: createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) }) });
  });
  afterAll(() => t.close());

  it('says the card vault refuses this node\'s secret: degraded, cardVault secret_refused (its health asked with the secret)', async () => {
    const wrong = httpCardVault({ url: t.vault.url, apiSecret: 'not-the-vault-secret' });
    expect(await wrong.health()).toBe('secret_refused');
    expect(await httpCardVault({ url: t.vault.url, apiSecret: TEST_VAULT_API_SECRET }).health()).toBe('ok');
  });

  it('asked for a token\'s facts (a token without its seal): answers 503 card_payments_unavailable, records nothing and charges nothing', async () => {
    const up = await t.app.request('/health');
    expect({ status: up.status, body: await up.json() }).toMatchObject({ status: 200, body: { status: 'ok', cardVault: 'ok' } });
    const code = await newLink(t);
    const body = await tokenizedCardPayload(code);
    await t.vault.close();
    const keyOnly = { ...body, cardInformation: { ...body.cardInformation, cardNumber: keyOf(body.cardInformation.cardNumber) } };
    // The look-up's connection refused before anything was recorded under the trackId: the checkout's
    // known refusal (core isOutcomeUnknown), not an outcome to wait for.
    const answer = await t.post('/cards/auth-capture', keyOnly);
    expect(answer).toMatchObject({ status: 503, data: { code: 'card_payments_unavailable' } });
    expect(await t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
    expect(t.simulator.books.list('card')).toEqual([]);
    // With its seal the facts need no call: the attempt is recorded and its authorization goes to the
    // vault's forwarding, whose connection is refused. Nothing was sent: 503 card_payments_unavailable
    // at once (not a 504 after the call's 10 s), the attempt forgotten, nothing charged.
    const started = Date.now();
    const sealed = await t.post('/cards/auth-capture', { ...body, additionalData: { ...body.additionalData } });
    expect(sealed).toMatchObject({ status: 503, data: { code: 'card_payments_unavailable', message: 'Los pagos con tarjeta no están disponibles en este momento. No se hizo ningún cargo: intenta de nuevo en unos minutos' } });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
    expect(t.simulator.books.list('card')).toEqual([]);
    // The node says so, and stays in the balancer: every other method still works.
    const health = await t.app.request('/health');
    expect({ status: health.status, body: await health.json() }).toMatchObject({ status: 200, body: { status: 'degraded', cardVault: 'unavailable' } });
    // Each failure is one line, a dependency's outage (warn), naming the card vault and where it was
    // reached; none is an error line that says nothing of the cause.
    const failed = lines.filter((l) => l['path'] === '/api/v1/cards/auth-capture');
    expect(failed).toEqual([
      expect.objectContaining({ level: 40, msg: 'request failed: a dependency is down', status: 503, code: 'card_payments_unavailable', cause: expect.stringMatching(new RegExp(`^The card vault (refused the connection at ${t.vault.url}|at ${t.vault.url} .*): the card's facts were not read$`)) }),
      expect.objectContaining({ level: 40, msg: 'request failed: a dependency is down', status: 503, code: 'card_payments_unavailable', cause: `The card vault refused the connection at ${t.vault.url}/forward/simulator/v1/card/authorize: the card payment was not sent` }),
    ]);
  });
});

describe('a payment while the processor behind the vault is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('fails at once, nothing recorded or charged: the vault says the processor refused its connection', async () => {
    const code = await newLink(t);
    const body = await tokenizedCardPayload(code);
    await t.simulator.close();
    const started = Date.now();
    const answer = await t.post('/cards/auth-capture', body);
    expect(answer).toMatchObject({ status: 503, data: { code: 'card_payments_unavailable' } });
    // Where a processor that timed out (it may have charged) keeps the call in doubt until its 10 s deadline.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
  });
});

describe('a retry of a payment in doubt while the vault is down', () => {
  // The first call reached the processor through the vault and charged; its answer was lost. The
  // vault then goes down and the payer retries with the same trackId: the refused connection says
  // nothing of that first call, so the attempt stays in doubt (504) for the reconciler and the next
  // retry, never forgotten as "nothing was charged".
  let t: TestApp;
  let loseNext = true;
  beforeAll(async () => {
    t = await createTestApp({
      wrapGateways: aroundCardAuthorize((authorize, request) => {
        if (!loseNext) return authorize(request);
        loseNext = false;
        return loseAnswer(authorize(request));
      }),
    });
  });
  afterAll(() => t.close());

  it('stays in doubt: 504, the attempt kept, the one charge found by its key', async () => {
    const code = await newLink(t);
    const body = await tokenizedCardPayload(code);
    const first = await t.post('/cards/auth-capture', body);
    expect(first).toMatchObject({ status: 504 });
    expect(t.simulator.books.list('card')).toHaveLength(1);
    await t.vault.close();
    const retry = await t.post('/cards/auth-capture', body);
    expect(retry).toMatchObject({ status: 504 });
    expect(await t.db.query('select auth_status from transactions where link_code = $1', [code])).toEqual([{ auth_status: 'PROCESSING' }]);
    expect(t.simulator.books.list('card')).toHaveLength(1);
    // The same retry with a token whose seal no longer serves (the vault is asked for its facts, and
    // refuses): the trackId's attempt is in doubt, so never "nothing was charged", and it is kept.
    const keyOnly = { ...body, cardInformation: { ...body.cardInformation, cardNumber: keyOf(body.cardInformation.cardNumber) } };
    const asked = await t.post('/cards/auth-capture', keyOnly);
    expect(asked).toMatchObject({ status: 503, data: { code: 'service_unavailable' } });
    expect(await t.db.query('select auth_status from transactions where link_code = $1', [code])).toEqual([{ auth_status: 'PROCESSING' }]);
  });
});


describe('the vault running with its store away', () => {
  it('is unavailable in the node\'s /health: degraded, cardVault unavailable', async () => {
    const database = await openPglite(undefined);
    const t = await createTestApp({ vaultStore: { database, masterKeys: [newMasterKey('store-away')] } });
    try {
      const up = await t.app.request('/health');
      expect({ status: up.status, body: await up.json() }).toMatchObject({ status: 200, body: { status: 'ok', cardVault: 'ok' } });
      await database.close();
      const health = await t.app.request('/health');
      expect({ status: health.status, body: await health.json() }).toMatchObject({ status: 200, body: { status: 'degraded', cardVault: 'unavailable' } });
    } finally {
      await t.close();
    }
  });
});
