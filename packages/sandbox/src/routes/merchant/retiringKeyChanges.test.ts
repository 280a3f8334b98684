import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// docs/merchant-api.md "Rolling keys": only the current secret key may change keys, webhook
// endpoints or their secrets; the key being retired (in its overlap window) gets 403
// secret_key_retiring at every door, the sandbox's POST /sandbox/merchants/:id/keys included, nor
// change where and when the merchant's payouts go.
// And that door's webhookUrl null removes the primary endpoint as its DELETE does.

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/** A merchant with one endpoint, its key rolled with an hour's overlap: the old key still reads. */
async function rolledMerchant(name: string) {
  const m = await createMerchant(t, { name });
  const endpoint = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: 'http://127.0.0.1:9/hooks' } });
  expect(endpoint.status).toBe(201);
  const rolled = await api.call('POST', '/keys/roll', { key: m.key, body: { expiresInSeconds: 3600 } });
  expect(rolled.status).toBe(200);
  return { id: m.id, oldKey: m.key, newKey: String(rolled.json['secretKey']), endpointId: String(endpoint.json['id']) };
}

describe('a secret key being retired', () => {
  it('cannot mint fresh keys through POST /sandbox/merchants/:id/keys: 403 secret_key_retiring, and both keys keep working', async () => {
    const m = await rolledMerchant('Retiro S.A.');
    const minted = await t.admin('POST', `/merchants/${m.id}/keys`, {}, bearer(m.oldKey));
    expect([minted.status, minted.json['code'], minted.json['secretKey']]).toEqual([403, 'secret_key_retiring', undefined]);
    const moved = await t.admin('POST', `/merchants/${m.id}/keys`, { webhookUrl: 'http://127.0.0.1:9/elsewhere' }, bearer(m.oldKey));
    expect([moved.status, moved.json['code']]).toEqual([403, 'secret_key_retiring']);
    expect((await t.admin('POST', `/merchants/${m.id}/keys`, { webhookUrl: null }, bearer(m.oldKey))).status).toBe(403);
    expect((await api.call('GET', '/transactions', { key: m.oldKey })).status).toBe(200);
    expect((await api.call('GET', '/transactions', { key: m.newKey })).status).toBe(200);
    const endpoints = (await api.call('GET', '/webhook-endpoints', { key: m.newKey })).json['data'];
    expect(endpoints).toEqual([expect.objectContaining({ id: m.endpointId, url: 'http://127.0.0.1:9/hooks', primary: true })]);
    // The current key may: new keys end both old ones at once.
    const fresh = await t.admin('POST', `/merchants/${m.id}/keys`, {}, bearer(m.newKey));
    expect(fresh.status).toBe(201);
    expect((await api.call('GET', '/transactions', { key: m.oldKey })).status).toBe(401);
    expect((await api.call('GET', '/transactions', { key: m.newKey })).status).toBe(401);
    expect((await api.call('GET', '/transactions', { key: String(fresh.json['secretKey']) })).status).toBe(200);
  });

  it('cannot add, change, delete or roll the secret of a webhook endpoint: 403 secret_key_retiring, nothing changed', async () => {
    const m = await rolledMerchant('Retiro Endpoints S.A.');
    const refused = async (method: string, path: string, body?: unknown) => {
      const res = await api.call(method, path, { key: m.oldKey, body });
      expect([method, path, res.status, res.json['code']]).toEqual([method, path, 403, 'secret_key_retiring']);
      expect(res.json['secret']).toBeUndefined();
    };
    await refused('POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/attacker' });
    await refused('PATCH', `/webhook-endpoints/${m.endpointId}`, { url: 'http://127.0.0.1:9/attacker' });
    await refused('POST', `/webhook-endpoints/${m.endpointId}`, { events: ['transaction.approved'] });
    await refused('POST', `/webhook-endpoints/${m.endpointId}/roll-secret`, {});
    await refused('DELETE', `/webhook-endpoints/${m.endpointId}`);
    const endpoints = (await api.call('GET', '/webhook-endpoints', { key: m.oldKey })).json['data'];
    expect(endpoints).toEqual([expect.objectContaining({ id: m.endpointId, url: 'http://127.0.0.1:9/hooks', events: ['*'], primary: true, previousSecretExpiresAt: null })]);
    // The current key may.
    expect((await api.call('POST', `/webhook-endpoints/${m.endpointId}/roll-secret`, { key: m.newKey, body: {} })).status).toBe(200);
  });

  it('cannot send the payouts elsewhere: POST /sandbox/merchants/:id/books with payoutAccount or payoutSchedule, 403 secret_key_retiring, nothing changed', async () => {
    const m = await rolledMerchant('Retiro Pagos S.A.');
    const set = await t.admin('POST', `/merchants/${m.id}/books`, { payoutAccount: '1234567890', payoutSchedule: 'weekly' }, bearer(m.newKey));
    expect(set.status).toBe(200);
    for (const change of [{ payoutAccount: '9999999999' }, { payoutSchedule: 'daily' }]) {
      const refused = await t.admin('POST', `/merchants/${m.id}/books`, change, bearer(m.oldKey));
      expect([refused.status, refused.json['code']]).toEqual([403, 'secret_key_retiring']);
    }
    const books = await t.admin('GET', `/merchants/${m.id}/books`, undefined, bearer(m.oldKey));
    expect([books.status, books.json['payoutAccount'], books.json['payoutSchedule']]).toEqual([200, '1234567890', 'weekly']);
  });
});

describe('POST /sandbox/merchants/:id/keys with webhookUrl null', () => {
  it('removes the primary endpoint as its DELETE does: the oldest other takes its place, with its own secret', async () => {
    const m = await createMerchant(t, { name: 'Sin Primario S.A.', webhookUrl: 'http://127.0.0.1:9/primary' });
    const made: Array<{ id: string; secret: string }> = [];
    for (const path of ['second', 'third', 'fourth']) {
      const res = await api.call('POST', '/webhook-endpoints', { key: m.key, body: { url: `http://127.0.0.1:9/${path}` } });
      made.push({ id: String(res.json['id']), secret: String(res.json['secret']) });
    }
    const keys = await t.admin('POST', `/merchants/${m.id}/keys`, { webhookUrl: null });
    expect(keys.status).toBe(201);
    // The endpoint now primary keeps the secret it had; no new one was issued for it.
    expect(keys.json).toMatchObject({ webhookUrl: 'http://127.0.0.1:9/second', webhookSecret: null });
    const key = String(keys.json['secretKey']);
    const listed = (await api.call('GET', '/webhook-endpoints', { key })).json['data'] as Array<{ id: string; primary: boolean }>;
    expect(listed.map((e) => [e.id, e.primary])).toEqual([[made[0]?.id, true], [made[1]?.id, false], [made[2]?.id, false]]);
    expect(await t.db.query('select webhook_url, webhook_secret from merchants where id = $1', [m.id])).toEqual([{ webhook_url: 'http://127.0.0.1:9/second', webhook_secret: made[0]?.secret }]);
    // The next endpoint added is not the primary.
    const next = await api.call('POST', '/webhook-endpoints', { key, body: { url: 'http://127.0.0.1:9/fifth' } });
    expect(next.json['primary']).toBe(false);
  });

  it('with no other endpoint leaves none, and no webhook secret', async () => {
    const m = await createMerchant(t, { name: 'Sin Webhooks S.A.', webhookUrl: 'http://127.0.0.1:9/only' });
    const keys = await t.admin('POST', `/merchants/${m.id}/keys`, { webhookUrl: null });
    expect(keys.json).toMatchObject({ webhookUrl: null, webhookSecret: null });
    expect((await api.call('GET', '/webhook-endpoints', { key: String(keys.json['secretKey']) })).json['data']).toEqual([]);
  });
});
