import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPglite } from './vaultDatabase';
import { cardFactsKey, openCardToken } from './cardFacts';
import { API_SECRET, CHECKOUT_ORIGIN, keyOf, newMasterKey, nextYear, serverHeaders, testVault, tokenOf, tokenize, type TestVault } from './testing/testVault';

// One vault on a PGlite folder for the file: the dump at the end reads what every test stored.
const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-vault-'));
const masterKeys = [newMasterKey('k1')];
let vault: TestVault;
beforeAll(async () => {
  vault = await testVault({ database: await openPglite(dataDir), masterKeys, tokenizeLimit: { max: 1000, windowMs: 60_000 } });
});
afterAll(async () => {
  await vault.close();
  await vault.database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const good = { number: '4242 4242 4242 4242', expMonth: '12', expYear: nextYear(), cvc: '123' };

describe('POST /v1/cards', () => {
  it('answers an opaque token with brand, BIN, last four and expiry', async () => {
    const answer = await tokenize(vault, good);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('access-control-allow-origin')).toBe(CHECKOUT_ORIGIN);
    const card = (await answer.json()) as Record<string, unknown>;
    // The card's key, then its facts sealed for the server (cardFacts.ts).
    expect(card).toEqual({ token: expect.stringMatching(/^tok_[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{40,600}$/), brand: 'VISA', bin: '424242', last4: '4242', expMonth: 12, expYear: Number(nextYear()) });
    const again = (await (await tokenize(vault, good)).json()) as { token: string };
    expect(keyOf(again.token)).not.toBe(keyOf(String(card['token'])));
  });

  it('seals in the token the facts the server would ask for: they open under a key from the API secret only, and any change to it opens nothing', async () => {
    const before = Date.now();
    const token = await tokenOf(vault, '4111 1111 1111 1111');
    const asked = (await (await fetch(`${vault.url}/v1/cards/${keyOf(token)}`, { headers: serverHeaders })).json()) as Record<string, unknown>;
    const sealed = openCardToken(cardFactsKey(API_SECRET), token);
    expect(sealed).toMatchObject({ token: keyOf(token), brand: 'VISA', bin: '411111', last4: '1111', expMonth: 12, expYear: Number(nextYear()), fingerprint: asked['fingerprint'] });
    // The vault's times, from the moment it was asked: its CVC ten minutes, an unused card an hour (the defaults).
    expect(sealed!.cvcUntil).toBeGreaterThanOrEqual(before + 10 * 60_000);
    expect(sealed!.cvcUntil).toBeLessThanOrEqual(Date.now() + 10 * 60_000);
    expect(sealed!.unusedUntil).toBeGreaterThanOrEqual(before + 60 * 60_000);
    // Nothing of the card reads in it: the payer's browser carries it.
    const seal = token.split('.')[1]!;
    for (const text of ['4111', '411111', 'VISA', String(asked['fingerprint'])]) expect(Buffer.from(seal, 'base64url').toString('latin1')).not.toContain(text);
    expect(openCardToken(cardFactsKey('another-secret'), token)).toBeNull();
    const flipped = `${seal[0] === 'A' ? 'B' : 'A'}${seal.slice(1)}`;
    expect(openCardToken(cardFactsKey(API_SECRET), `${keyOf(token)}.${flipped}`)).toBeNull();
    // Moved to another card's key, it does not open either.
    const other = await tokenOf(vault, '4242 4242 4242 4242');
    expect(openCardToken(cardFactsKey(API_SECRET), `${keyOf(other)}.${seal}`)).toBeNull();
    expect(openCardToken(cardFactsKey(API_SECRET), keyOf(token))).toBeNull();
  });

  it.each([
    ['a number failing Luhn', { number: '4242 4242 4242 4241' }, 'number', 'invalid_card'],
    ['a number of no accepted brand', { number: '6011 1111 1111 1117' }, 'number', 'card_not_valid'],
    ['an expired card', { expMonth: '01', expYear: '2020' }, 'expiry', 'expired'],
    ['a month that is none', { expMonth: '13' }, 'expiry', 'expired'],
    // Not kept as 2030, the year of its last two digits.
    ['a year of four digits not of this century', { expMonth: '10', expYear: '2130' }, 'expiry', 'expired'],
    ['a short CVC', { cvc: '12' }, 'cvc', 'invalid_cvc'],
    ['a 3-digit CVC on Amex', { number: '3782 822463 10005', cvc: '123' }, 'cvc', 'invalid_cvc'],
    ['no number', { number: '' }, 'number', 'field_required'],
  ])('refuses %s with 400 naming the field', async (_name, change, field, code) => {
    const answer = await tokenize(vault, { ...good, ...change });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ field, code, errors: [{ field, code }] });
  });

  it('refuses a body no card needs, and one that is no card', async () => {
    expect((await tokenize(vault, { ...good, holder: 'A'.repeat(5000) })).status).toBe(413);
    const notJson = await fetch(`${vault.url}/v1/cards`, { method: 'POST', headers: { 'content-type': 'application/json', origin: CHECKOUT_ORIGIN }, body: 'number=4242' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: 'invalid_body' });
    expect(await (await tokenize(vault, { ...good, holder: '<b>Ana</b>' })).json()).toMatchObject({ field: 'holder', code: 'invalid_holder' });
  });

  it('checks a card sent in chunks, with no length declared, as one with its length', async () => {
    // fetch sends a ReadableStream body chunked (transfer-encoding), as some clients send any body.
    const chunked = (body: string) => fetch(`${vault.url}/v1/cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: CHECKOUT_ORIGIN },
      body: new ReadableStream({ start: (controller) => { controller.enqueue(new TextEncoder().encode(body)); controller.close(); } }),
      duplex: 'half',
    } as RequestInit);
    const small = await chunked(JSON.stringify(good));
    expect(small.status).toBe(201);
    expect(((await small.json()) as { last4: string }).last4).toBe('4242');
    expect((await chunked(JSON.stringify({ ...good, holder: 'A'.repeat(5000) }))).status).toBe(413);
  });

  // docs/security.md: each request the vault handles is logged with its id, and a setting it cannot use is named.
  it('logs each origin it refuses, under the request\'s id, with the origins it takes and the settings that name them', async () => {
    const logged = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const own = new URL(vault.url).origin;
      const answer = await fetch(`${vault.url}/v1/cards`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:4912', 'x-request-id': 'req-origin-1' }, body: JSON.stringify(good) });
      expect([answer.status, await answer.json()]).toEqual([403, { code: 'origin_not_allowed', message: 'This origin may not send cards to the vault' }]);
      expect(logged.mock.calls).toEqual([[
        `Card vault: request req-origin-1: refused a card from the origin http://localhost:4912 (403 origin_not_allowed): it takes cards from its own origin ${own} (VAULT_PUBLIC_URL, else the address it listens on) and from VAULT_CHECKOUT_ORIGINS (${CHECKOUT_ORIGIN})`,
      ]]);
      // A preflight from an origin not listed is the same refusal; a call from no browser (no Origin) is taken.
      const preflight = await fetch(`${vault.url}/v1/cards`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'x-request-id': 'req-origin-2' } });
      expect(preflight.status).toBe(403);
      expect(logged.mock.calls[1]?.[0]).toMatch(/^Card vault: request req-origin-2: refused a card from the origin https:\/\/evil\.example \(403 origin_not_allowed\)/);
      expect((await tokenize(vault, good, own)).status).toBe(201);
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      logged.mockRestore();
    }
  });

  it('takes a 4-digit CVC on Amex and tells Mastercard', async () => {
    expect(await (await tokenize(vault, { ...good, number: '3782 822463 10005', cvc: '1234' })).json()).toMatchObject({ brand: 'AMEX', last4: '0005' });
    expect(await (await tokenize(vault, { ...good, number: '5555555555554444' })).json()).toMatchObject({ brand: 'MC', bin: '555555' });
  });

  it('refuses another origin, and its preflight', async () => {
    const answer = await tokenize(vault, good, 'https://evil.example');
    expect(answer.status).toBe(403);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${vault.url}/v1/cards`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    const allowed = await fetch(`${vault.url}/v1/cards`, { method: 'OPTIONS', headers: { origin: CHECKOUT_ORIGIN, 'access-control-request-method': 'POST' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(CHECKOUT_ORIGIN);
    // The fields page posts from the vault's own origin.
    expect((await tokenize(vault, good, new URL(vault.url).origin)).status).toBe(201);
  });

  it('limits the cards one client sends', async () => {
    // A second node on the same store, with a lower limit.
    const limited = await testVault({ database: vault.database, masterKeys, tokenizeLimit: { max: 2, windowMs: 60_000 } });
    try {
      expect((await tokenize(limited, good)).status).toBe(201);
      expect((await tokenize(limited, { ...good, cvc: '1' })).status).toBe(400);
      const third = await tokenize(limited, good);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('the tokenizing limit behind load balancers (VAULT_TRUSTED_PROXIES)', () => {
  // The limit is taken before the card is read: a card refused for its CVC counts as one sent.
  const refusedCard = { ...good, cvc: '1' };
  const tokenizeFrom = (node: TestVault, forwardedFor: string) =>
    fetch(`${node.url}/v1/cards`, { method: 'POST', headers: { 'content-type': 'application/json', origin: CHECKOUT_ORIGIN, 'x-forwarded-for': forwardedFor }, body: JSON.stringify(refusedCard) });
  const statuses = async (node: TestVault, forwardedFor: string, count: number) => {
    const answers: number[] = [];
    for (let i = 0; i < count; i += 1) answers.push((await tokenizeFrom(node, forwardedFor)).status);
    return answers;
  };

  it('gives each payer behind a trusted proxy their own 30 a minute', async () => {
    // This test is the balancer: its connections come from 127.0.0.1.
    const node = await testVault({ database: vault.database, masterKeys, trustedProxies: ['10.0.0.0/24', '127.0.0.1'] });
    try {
      expect(await statuses(node, '203.0.113.1', 30)).toEqual(Array(30).fill(400));
      expect((await tokenizeFrom(node, '203.0.113.1')).status).toBe(429);
      // A second payer through the same balancer, and through a second balancer in front of it.
      expect(await statuses(node, '203.0.113.2', 30)).toEqual(Array(30).fill(400));
      expect((await tokenizeFrom(node, '203.0.113.3, 10.0.0.7')).status).toBe(400);
      // What the payer wrote left of the balancers' entries is the payer's word: still 203.0.113.1.
      expect((await tokenizeFrom(node, '198.51.100.4, 203.0.113.1')).status).toBe(429);
    } finally {
      await node.close();
    }
  });

  it('counts an IPv6 payer by its /64: another of its addresses is the same payer, the next /64 another', async () => {
    const node = await testVault({ database: vault.database, masterKeys, tokenizeLimit: { max: 2, windowMs: 60_000 }, trustedProxies: ['127.0.0.1'] });
    try {
      const sent = [];
      for (const address of ['2001:db8:5:6::1', '2001:db8:5:6:aaaa::2', '2001:db8:5:6:ffff:1:2:3', '2001:db8:5:7::1']) sent.push((await tokenizeFrom(node, address)).status);
      expect(sent).toEqual([400, 400, 429, 400]);
    } finally {
      await node.close();
    }
  });

  it('counts a client reaching the vault directly by its own address, whatever X-Forwarded-For it sends', async () => {
    const node = await testVault({ database: vault.database, masterKeys, tokenizeLimit: { max: 2, windowMs: 60_000 }, trustedProxies: ['10.0.0.0/24'] });
    try {
      expect([(await tokenizeFrom(node, '203.0.113.1')).status, (await tokenizeFrom(node, '203.0.113.2')).status, (await tokenizeFrom(node, '203.0.113.3')).status]).toEqual([400, 400, 429]);
    } finally {
      await node.close();
    }
  });
});

describe('GET /v1/cards/:token (the server only)', () => {
  it('answers the card facts and a keyed fingerprint, the same for the same number', async () => {
    const first = await tokenOf(vault, '4111 1111 1111 1111');
    const second = await tokenOf(vault, '4111111111111111');
    const other = await tokenOf(vault, '4242424242424242');
    const facts = async (token: string) => (await (await fetch(`${vault.url}/v1/cards/${token}`, { headers: serverHeaders })).json()) as Record<string, unknown>;
    const a = await facts(first);
    expect(a).toEqual({ token: keyOf(first), brand: 'VISA', bin: '411111', last4: '1111', expMonth: 12, expYear: Number(nextYear()), fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/), cvcHeld: true });
    // Whether its CVC is still held: false once the server dropped it.
    expect((await fetch(`${vault.url}/v1/cards/${first}/cvc`, { method: 'DELETE', headers: serverHeaders })).status).toBe(204);
    expect(await facts(first)).toMatchObject({ token: keyOf(first), cvcHeld: false });
    expect((await facts(second))['fingerprint']).toBe(a['fingerprint']);
    expect((await facts(other))['fingerprint']).not.toBe(a['fingerprint']);
    // Keyed: not the number's plain hash, and another key gives another.
    const { createHash } = await import('node:crypto');
    expect(a['fingerprint']).not.toBe(createHash('sha256').update('4111111111111111').digest('hex'));
    const otherKey = await testVault({ database: vault.database, masterKeys, fingerprintKey: Buffer.alloc(32, 8) });
    try {
      const facts = (await (await fetch(`${otherKey.url}/v1/cards/${first}`, { headers: serverHeaders })).json()) as Record<string, unknown>;
      expect(facts['last4']).toBe('1111');
      expect(facts['fingerprint']).not.toBe(a['fingerprint']);
    } finally {
      await otherKey.close();
    }
  });

  it('is 401 without the secret or with a wrong one, 404 for an unknown token', async () => {
    const token = await tokenOf(vault, '4242424242424242');
    expect((await fetch(`${vault.url}/v1/cards/${token}`)).status).toBe(401);
    expect((await fetch(`${vault.url}/v1/cards/${token}`, { headers: { authorization: `Bearer ${API_SECRET}x` } })).status).toBe(401);
    expect((await fetch(`${vault.url}/v1/cards/tok_${'A'.repeat(32)}`, { headers: serverHeaders })).status).toBe(404);
    expect((await fetch(`${vault.url}/v1/admin/rewrap`, { method: 'POST' })).status).toBe(401);
  });
});

// README's test cards, and every form a number could take in a dump.
const README_CARDS = ['4242 4242 4242 4242', '4111 1111 1111 1111', '5555 5555 5555 4444', '3782 822463 10005'];
function formsOf(spaced: string): Buffer[] {
  const digits = spaced.replace(/\s/g, '');
  const groups = digits.match(/.{1,4}/g)!.join(' ');
  const texts = [digits, spaced, groups, digits.match(/.{1,4}/g)!.join('-'), Buffer.from(digits).toString('base64'), Buffer.from(digits).toString('base64url'), Buffer.from(digits).toString('hex')];
  return texts.map((t) => Buffer.from(t));
}

describe('the store', () => {
  it('holds no card number in any form, in its rows nor in its files', async () => {
    const database = vault.database;
    {
      for (const number of README_CARDS) await tokenOf(vault, number);
      const tables = await database.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
      expect(tables.map((t) => t.table_name).sort()).toEqual(['vault_cards', 'vault_cvcs', 'vault_migrations']);
      let dump = '';
      for (const { table_name } of tables) dump += JSON.stringify(await database.query(`select row_to_json(t)::text as row from ${table_name} t`));
      expect(dump).toContain('424242'); // the BIN is kept: the dump is of the cards
      await database.query('checkpoint');
      const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
      const bytes = [Buffer.from(dump), ...files(dataDir).map((f) => readFileSync(f))];
      for (const number of README_CARDS) for (const form of formsOf(number)) for (const b of bytes) expect(b.includes(form), `${form.toString()} found`).toBe(false);
      // The check finds a number where there is one.
      expect(Buffer.from(`x${Buffer.from('4242424242424242').toString('base64')}`).includes(formsOf('4242 4242 4242 4242')[4]!)).toBe(true);
    }
  });
});

describe('the vault while its store is away (a PostgreSQL connection lost)', () => {
  it('answers 503 store_unavailable with Retry-After, logged by the store once per outage rather than per request', async () => {
    const real = await openPglite(undefined);
    let away = false;
    const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    const database = {
      query: <Row>(sql: string, params?: readonly unknown[]) => (away ? refused() : real.query<Row>(sql, params)),
      transaction: <T>(fn: Parameters<typeof real.transaction<T>>[0]) => (away ? refused() : real.transaction(fn)),
      close: () => real.close(),
    };
    const storeAway = await testVault({ database, masterKeys, tokenizeLimit: { max: 1000, windowMs: 60_000 } });
    const errors: string[] = [];
    const consoleError = console.error;
    console.error = (...words: unknown[]) => void errors.push(words.join(' '));
    try {
      away = true;
      const answer = await tokenize(storeAway, good);
      expect({ status: answer.status, retryAfter: answer.headers.get('retry-after'), body: await answer.json() })
        .toEqual({ status: 503, retryAfter: '2', body: { code: 'store_unavailable', message: 'The vault\'s store is unavailable: try again in a moment' } });
      expect(errors).toEqual([]);
      away = false;
      expect((await tokenize(storeAway, good)).status).toBe(201);
    } finally {
      console.error = consoleError;
      await storeAway.close();
      await real.close();
    }
  });
});
