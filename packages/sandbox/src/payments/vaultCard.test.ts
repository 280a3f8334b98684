import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardVaultUnavailable, httpCardVault } from '../gateways/cardVault';
import { createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../test/testApp';

// Issue 90: the server reads a typed card's facts from the vault. A vault that does not answer, or
// answers something other than a card, charges nothing and records nothing: 503, the payer may retry.

const TOKEN = `tok_${'A'.repeat(32)}`;
const answering = (status: number, body: unknown) => httpCardVault({ url: 'http://vault.test', apiSecret: 's', fetch: async () => new Response(JSON.stringify(body), { status }) });

describe('the vault client', () => {
  it.each([
    ['a 500', answering(500, { code: 'internal_error' })],
    ['a card without its fingerprint', answering(200, { token: TOKEN, brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034 })],
    ['another card than asked', answering(200, { token: `tok_${'B'.repeat(32)}`, brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'a'.repeat(64) })],
    ['a number in the answer\'s BIN', answering(200, { token: TOKEN, brand: 'VISA', bin: '4242424242424242', last4: '4242', expMonth: 12, expYear: 2034, fingerprint: 'a'.repeat(64) })],
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
