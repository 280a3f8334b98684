import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAnswers } from './storeHealth';
import { openPglite } from './vaultDatabase';
import { newMasterKey, serverHeaders, testVault, tokenize, nextYear, type TestVault } from './testing/testVault';

// A balancer and the server's /health ask the vault whether it can take cards: with its store away it
// says no, as POST /v1/cards does (503 store_unavailable), instead of 200 while every card fails.
describe('the vault\'s health with its store away', () => {
  let vault: TestVault;
  beforeAll(async () => {
    vault = await testVault({ database: await openPglite(undefined), masterKeys: [newMasterKey('k1')] });
  });
  afterAll(() => vault.close());

  const healthOf = async (path: string, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${vault.url}${path}`, { headers });
    return { status: answer.status, body: (await answer.json()) as unknown };
  };

  it('answers 200 ok on both paths while the store answers, and 503 store_unavailable once it is closed', async () => {
    expect(await healthOf('/health')).toEqual({ status: 200, body: { ok: true } });
    expect(await healthOf('/v1/health', serverHeaders)).toEqual({ status: 200, body: { ok: true } });
    await vault.database.close();
    expect((await tokenize(vault, { number: '4242 4242 4242 4242', expMonth: '12', expYear: nextYear(), cvc: '123' })).status).toBeGreaterThanOrEqual(500);
    const away = { status: 503, body: { ok: false, code: 'store_unavailable', message: expect.any(String) } };
    expect(await healthOf('/health')).toEqual(away);
    expect(await healthOf('/v1/health', serverHeaders)).toEqual(away);
    // The secret is still checked first: a caller without it learns nothing of the store.
    expect((await healthOf('/v1/health')).status).toBe(401);
  });
});

describe('storeAnswers', () => {
  it('is false for a store that does not answer within its time', async () => {
    const hung = { ping: () => new Promise<void>(() => undefined) };
    const started = Date.now();
    expect(await storeAnswers(hung, 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await storeAnswers({ ping: () => Promise.resolve() }, 50)).toBe(true);
  });
});
