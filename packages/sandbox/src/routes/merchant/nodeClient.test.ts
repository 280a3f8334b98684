import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pasarela, PasarelaError } from '@pasarela/node';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// @pasarela/node against the real merchant API (the app in process, through the client's fetch):
// webhook endpoints, the key roll and its replay, the fuller transaction, an error's requestId.

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

const clientFor = (secretKey: string) => new Pasarela({ secretKey, baseUrl: 'http://localhost:4000', fetch: (url, init) => Promise.resolve(t.app.request(String(url), init)) });

describe('@pasarela/node against the server', () => {
  it('webhookEndpoints: create, list, retrieve, update, sendTest, listDeliveries, redeliver, rollSecret, del', async () => {
    const m = await createMerchant(t, { name: 'Cliente Node S.A.' });
    const pasarela = clientFor(m.key);
    const made = await pasarela.webhookEndpoints.create({ url: 'https://shop.example/webhooks', events: ['transaction.approved'] });
    expect(made).toMatchObject({ url: 'https://shop.example/webhooks', events: ['transaction.approved'] });
    expect(made.secret).toMatch(/^whsec_/);
    expect((await pasarela.webhookEndpoints.list()).data.map((e) => e.id)).toContain(made.id);
    const got = await pasarela.webhookEndpoints.retrieve(made.id);
    expect(got.secret).toBeUndefined();
    expect((await pasarela.webhookEndpoints.update(made.id, { events: ['*'] })).events).toEqual(['*']);
    const test = await pasarela.webhookEndpoints.sendTest(made.id, { type: 'transaction.refunded' });
    expect([test.test, test.state]).toEqual([true, 'pending']);
    const deliveries = [];
    for await (const d of pasarela.webhookEndpoints.listDeliveries(made.id)) deliveries.push(d.id);
    expect(deliveries).toContain(test.id);
    expect((await pasarela.webhookEndpoints.redeliver(made.id, test.id)).id).toBe(test.id);
    const rolled = await pasarela.webhookEndpoints.rollSecret(made.id, { expiresInSeconds: 60 });
    expect(rolled.secret).toMatch(/^whsec_/);
    expect(rolled.secret).not.toBe(made.secret);
    expect(rolled.previousSecretExpiresAt).not.toBeNull();
    expect(await pasarela.webhookEndpoints.del(made.id)).toEqual({ id: made.id, deleted: true });
    const gone = await pasarela.webhookEndpoints.retrieve(made.id).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(PasarelaError);
    expect(gone).toMatchObject({ status: 404, code: 'webhook_endpoint_not_found', requestId: expect.any(String) });
  });

  it('a link takes its description per language, and answers it back', async () => {
    const m = await createMerchant(t, { name: 'Cliente Idiomas S.A.' });
    const link = await clientFor(m.key).paymentLinks.create({ amount: 12, description: 'Pedido 7', descriptions: { es: 'Pedido 7', en: 'Order 7' } });
    expect(link).toMatchObject({ description: 'Pedido 7', descriptions: { es: 'Pedido 7', en: 'Order 7' } });
  });

  it('a transaction comes with its currency, totals, payer and card', async () => {
    const m = await createMerchant(t, { name: 'Cliente Tarjeta S.A.' });
    const pasarela = clientFor(m.key);
    const link = await pasarela.paymentLinks.create({ amount: 25, taxAmount: 1.75, description: 'Pedido' });
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(link.code));
    const tx = await pasarela.transactions.retrieve(String(paid.data['codOper']));
    expect(tx).toMatchObject({ currency: 'USD', donationAmount: 0, totalPaid: 26.75, refundableAmount: 26.75, walletPhone: null, result: 'APPROVED' });
    expect(tx.card?.last4).toMatch(/^\d{4}$/);
    expect(tx.payer).toEqual({ email: expect.any(String), name: expect.anything() });
  });
});

describe('POST /keys/roll with an Idempotency-Key', () => {
  it('replays the first answer (the same new key) to a retry instead of rolling again; the stored answer holds no readable key', async () => {
    const m = await createMerchant(t, { name: 'Rotación S.A.' });
    const first = await api.call('POST', '/keys/roll', { key: m.key, body: { expiresInSeconds: 600 }, idempotencyKey: 'roll-1' });
    const again = await api.call('POST', '/keys/roll', { key: m.key, body: { expiresInSeconds: 600 }, idempotencyKey: 'roll-1' });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const newKey = String(first.json['secretKey']);
    // The new key still works: the retry did not roll past it.
    expect((await api.call('GET', '/transactions', { key: newKey })).status).toBe(200);
    expect((await api.call('GET', '/transactions', { key: m.key })).status).toBe(200);
    const rows = await t.db.query<Record<string, unknown>>('select * from idempotency_keys where merchant_id = $1', [m.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(newKey);
    // Another body, or the same key sent by another secret key: another request, refused.
    expect((await api.call('POST', '/keys/roll', { key: m.key, body: { expiresInSeconds: 60 }, idempotencyKey: 'roll-1' })).json['code']).toBe('idempotency_key_reused');
    expect((await api.call('POST', '/keys/roll', { key: newKey, body: { expiresInSeconds: 600 }, idempotencyKey: 'roll-1' })).json['code']).toBe('idempotency_key_reused');
    // A new Idempotency-Key rolls again.
    const next = await api.call('POST', '/keys/roll', { key: newKey, body: {}, idempotencyKey: 'roll-2' });
    expect(next.json['secretKey']).not.toBe(newKey);
    expect((await api.call('GET', '/transactions', { key: newKey })).status).toBe(401);
  });

  it('keys.roll from the client: a retry after a lost answer gets the key the first roll made', async () => {
    const m = await createMerchant(t, { name: 'Respuesta Perdida S.A.' });
    let calls = 0;
    // The first answer is lost on the way back (the roll happened); the client tries again with the same key.
    const pasarela = new Pasarela({
      secretKey: m.key, baseUrl: 'http://localhost:4000', maxRetries: 1,
      fetch: async (url, init) => {
        const res = await t.app.request(String(url), init);
        if (++calls === 1) throw new TypeError('fetch failed');
        return res;
      },
    });
    const rolled = await pasarela.keys.roll({ expiresInSeconds: 600 });
    expect(calls).toBe(2);
    expect((await clientFor(rolled.secretKey).transactions.list()).data).toEqual([]);
    const [merchant] = await t.db.query<{ previous_secret_key_expires_at: Date | null }>('select previous_secret_key_expires_at from merchants where id = $1', [m.id]);
    expect(merchant?.previous_secret_key_expires_at?.toISOString()).toBe(rolled.previousKeyExpiresAt);
  });
});
