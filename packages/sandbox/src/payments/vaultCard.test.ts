import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardVaultUnavailable, httpCardVault, noCardVault } from '../gateways/cardVault';
import { createLogger } from '../ops/logger';
import { dropCvcAfterOutcome } from './vaultCard';
import { createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../test/testApp';

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

  it('a 404 is no card; a card number is never sent to the vault at all', async () => {
    const asked: string[] = [];
    const vault = httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async (url) => (asked.push(String(url)), new Response('{}', { status: 404 })) });
    expect(await vault.card(TOKEN)).toBeNull();
    expect(await vault.card('4242424242424242')).toBeNull();
    expect(asked).toEqual([`http://vault.test/v1/cards/${TOKEN}`]);
  });
});

describe('the CVC\'s drop', () => {
  it('is a DELETE under the server\'s secret for a vault token; a processor\'s saved card or a number is never sent', async () => {
    const asked: Array<{ url: string; method: string | undefined; authorization: string | null }> = [];
    const vault = httpCardVault({ url: 'http://vault.test/', apiSecret: 's', fetch: async (url, init) => {
      asked.push({ url: String(url), method: init?.method, authorization: new Headers(init?.headers).get('authorization') });
      return new Response(null, { status: 204 });
    } });
    await vault.dropCvc(TOKEN);
    await vault.dropCvc('simtok_0123456789abcdef01234567');
    await vault.dropCvc('pm_card_visa');
    await vault.dropCvc('4242424242424242');
    expect(asked).toEqual([{ url: `http://vault.test/v1/cards/${TOKEN}/cvc`, method: 'DELETE', authorization: 'Bearer s' }]);
  });

  it('answered other than 204, or not at all, is the vault unavailable', async () => {
    await expect(answering(401, { code: 'unauthorized' }).dropCvc(TOKEN)).rejects.toBeInstanceOf(CardVaultUnavailable);
    await expect(httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => Promise.reject(new Error('ECONNREFUSED')) }).dropCvc(TOKEN)).rejects.toBeInstanceOf(CardVaultUnavailable);
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
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 service_unavailable, records nothing and charges nothing', async () => {
    const code = await newLink(t);
    const body = await tokenizedCardPayload(code);
    await t.vault.close();
    const answer = await t.post('/cards/auth-capture', body);
    expect(answer).toMatchObject({ status: 503, data: { code: 'service_unavailable' } });
    expect(await t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
    expect(t.simulator.books.list('card')).toEqual([]);
  });
});
