import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSecretProblem } from './apiDoor';
import { startSimulator, type RunningSimulator } from './startSimulator';

// The simulator's door: its processor API, its controls and its books answer only the server
// holding the API secret, whatever the origin or content type of a call without it; the payer's
// pages stay public. What a refused call would have done (a voucher paid, coins confirmed from an
// attacker's address, a card refunded, the books read) is checked not to have happened.

const SECRET = 'door-test-secret';
let simulator: RunningSimulator;

const soon = () => new Date(Date.now() + 5_000).toISOString();
const merchant = { name: 'Tienda', logo: null };

async function asServer(path: string, body: object) {
  const res = await fetch(`${simulator.url}/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { answer: unknown }).answer;
}

/** A cash voucher of 10.00 for the next hour, issued as the server issues one. */
const issueVoucher = (key: string) =>
  asServer('voucher/issue', { idempotencyKey: key, deadline: soon(), network: 'PAYCASH', amountCents: 1_000, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });

beforeAll(async () => {
  simulator = await startSimulator({ apiSecret: SECRET });
  await issueVoucher('V1');
  await asServer('crypto/address', { idempotencyKey: 'C1:USDT', deadline: soon(), currency: 'USDT', network: 'TRON', amountCrypto: 10 });
  await asServer('card/authorize', { idempotencyKey: 'K1', deadline: soon(), amountCents: 1_000, merchant, lang: 'es', capture: true, card: { number: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123', holder: 'ANA' } });
  await asServer('card/authorize', { idempotencyKey: 'K3DS', deadline: soon(), amountCents: 1_000, merchant, lang: 'es', capture: true, card: { number: '4000000000003220', expMonth: '12', expYear: '2099', cvc: '123', holder: 'ANA' } });
});
afterAll(() => simulator?.close());

const calls: Array<[string, object]> = [
  ['controls/voucher-pay', { key: 'V1' }],
  ['controls/crypto-confirm', { key: 'C1:USDT', paidCrypto: 10, senderAddress: 'attacker' }],
  ['card/refund', { idempotencyKey: 'K1:r', authorizationKey: 'K1', amountCents: 1_000 }],
  ['card/authorize', { idempotencyKey: 'K2', amountCents: 1_000, merchant, lang: 'es', capture: true, card: { number: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123', holder: 'X' } }],
  ['controls/card-complete', { key: 'K3DS', approved: true }],
  ['controls/dispute-decide', { reference: 'simch_SzE', disputeReference: 'dp_x', outcome: 'won' }],
];
const origins = [undefined, 'https://attacker.example', 'null', 'http://localhost:4000'];
const contentTypes = ['text/plain', 'application/json', 'application/x-www-form-urlencoded'];
const credentials = [undefined, 'Bearer wrong-secret', `Bearer ${SECRET}x`, SECRET, `Basic ${SECRET}`];

describe('the simulator behind its door', () => {
  it('refuses every API and control call without the secret (any origin, content type, wrong credential): 401, no CORS, nothing changed', async () => {
    const before = JSON.stringify(['voucher', 'crypto', 'card'].map((port) => simulator.books.list(port)));
    for (const [path, body] of calls) {
      for (const origin of origins) {
        for (const type of contentTypes) {
          for (const authorization of credentials) {
            const headers: Record<string, string> = { 'content-type': type };
            if (origin) headers['origin'] = origin;
            if (authorization) headers['authorization'] = authorization;
            const res = await fetch(`${simulator.url}/v1/${path}`, { method: 'POST', headers, body: JSON.stringify({ ...body, deadline: soon() }) });
            expect(res.status, `${path} ${origin} ${type} ${authorization}`).toBe(401);
            expect(res.headers.get('access-control-allow-origin')).toBeNull();
          }
        }
      }
    }
    expect(JSON.stringify(['voucher', 'crypto', 'card'].map((port) => simulator.books.list(port)))).toBe(before);
    expect(simulator.books.find('V1')?.state).toMatchObject({ state: 'issued' });
    expect(simulator.books.find('K1')?.state).not.toHaveProperty('refundedCents');
    expect(simulator.books.find('K2')).toBeUndefined();
    expect(simulator.books.find('C1:USDT')?.state).not.toMatchObject({ senderAddress: 'attacker' });
    expect(simulator.books.find('K3DS')?.state).toMatchObject({ status: 'challenge' });
  });

  it('its books are not read without the secret, and a browser\'s preflight is never allowed', async () => {
    for (const path of ['/v1/books?port=card', '/v1/books/K1', '/v1/controls/answers-due', '/nothing-here']) {
      const res = await fetch(`${simulator.url}${path}`, { headers: { origin: 'https://attacker.example' } });
      expect(res.status, path).toBe(401);
      expect(await res.text()).not.toContain('K1"');
    }
    const preflight = await fetch(`${simulator.url}/v1/controls/voucher-pay`, {
      method: 'OPTIONS', headers: { origin: 'https://attacker.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(401);
    for (const header of ['access-control-allow-origin', 'access-control-allow-headers', 'access-control-allow-methods']) expect(preflight.headers.get(header)).toBeNull();
  });

  it('answers the server holding the secret, and shows the payer\'s pages to anyone', async () => {
    const listed = await fetch(`${simulator.url}/v1/books?port=card`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(listed.status).toBe(200);
    // A voucher of its own: V1 stays issued for the refusals above, whichever test runs first.
    await issueVoucher('V2');
    expect(await asServer('controls/voucher-pay', { key: 'V2' })).toMatchObject({ state: 'paid' });
    const page = await fetch(`${simulator.url}/3ds/K3DS?returnTo=`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('3220');
    expect((await fetch(`${simulator.url}/health`)).status).toBe(200);
  });

  it('answers a server\'s health check (GET /v1/health) only with the secret, so a node can tell a wrong one', async () => {
    expect((await fetch(`${simulator.url}/v1/health`, { headers: { authorization: `Bearer ${SECRET}` } })).status).toBe(200);
    expect((await fetch(`${simulator.url}/v1/health`, { headers: { authorization: 'Bearer another-secret' } })).status).toBe(401);
    expect((await fetch(`${simulator.url}/v1/health`)).status).toBe(401);
  });
});

describe('a card\'s CVC', () => {
  const authorize = (key: string, cvc: unknown) =>
    fetch(`${simulator.url}/v1/card/authorize`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ idempotencyKey: key, deadline: soon(), amountCents: 1_000, merchant, lang: 'es', capture: true, card: { number: '4242424242424242', expMonth: '12', expYear: '2099', cvc, holder: 'ANA' } }),
    });

  it('is taken as 3 or 4 digits and kept nowhere', async () => {
    for (const [key, cvc] of [['CVC3', '123'], ['CVC4', '1234']] as const) {
      const res = await authorize(key, cvc);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ answer: { status: 'approved' } });
      expect(JSON.stringify(simulator.books.find(key))).not.toContain('cvc');
    }
  });

  it('is refused with a 400 naming the field when it is not 3 or 4 digits (a placeholder the vault did not fill), nothing charged', async () => {
    const placeholder = `{{vault:tok_${'A'.repeat(32)}:cvc}}`;
    for (const [i, cvc] of ['12', '12345', '12a', '', 123, null, placeholder].entries()) {
      const res = await authorize(`CVCBAD${i}`, cvc);
      expect(res.status, String(cvc)).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body).toEqual({ code: 'invalid_arguments', message: 'card.cvc must be 3 or 4 digits when given' });
      expect(simulator.books.find(`CVCBAD${i}`)).toBeUndefined();
    }
    const save = await fetch(`${simulator.url}/v1/card/save-card`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ idempotencyKey: 'CVCSAVE', deadline: soon(), currency: 'USD', customer: null, card: { number: '4242424242424242', expMonth: '12', expYear: '2099', cvc: placeholder, holder: 'ANA' } }),
    });
    expect(save.status).toBe(400);
  });
});

describe('the API secret itself (SIMULATOR_API_SECRET)', () => {
  // As the vault's VAULT_API_SECRET and the nodes': a guessable secret opens the books and the controls.
  it.each([[''], ['abc'], ['x'.repeat(15)]])('%j is refused at start, naming the setting', async (secret) => {
    expect(apiSecretProblem(secret)).toMatch(/^SIMULATOR_API_SECRET must be at least 16 characters/);
    await expect(startSimulator({ apiSecret: secret })).rejects.toThrow(/^SIMULATOR_API_SECRET must be at least 16 characters/);
  });

  it('16 characters or more is taken', () => {
    expect(apiSecretProblem('x'.repeat(16))).toBeUndefined();
  });
});
