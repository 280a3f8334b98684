import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';

// docs/sandbox.md "A subscription falling due": only an active (paid) subscription can fall due. One
// never paid is 409 saying so, an unknown key 404; neither changes anything.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /sandbox/subscriptions/:key/due', () => {
  it('a subscription never paid: 409 subscription_not_active, saying why, and nothing changed', async () => {
    const plan = await t.admin('POST', '/plans', { name: 'Plan', amount: 9.99, period: 'MO' });
    const created = await t.post('/subscriptions', { idPlan: Number(plan.json['idPlan'] ?? plan.json['id']), email: 'pagador@example.com' });
    const key = String(created.data['subscriptionKey']);
    const before = await t.db.query('select status, next_charge_at from subscriptions where subscription_key = $1', [key]);
    const answer = await t.admin('POST', `/subscriptions/${key}/due`, undefined, { 'accept-language': 'en' });
    expect(answer).toEqual({ status: 409, json: expect.objectContaining({ code: 'subscription_not_active', message: 'The subscription is not active: it has no payment yet, so no charge of it can fall due' }) });
    const spanish = await t.admin('POST', `/subscriptions/${key}/due`, undefined, { 'accept-language': 'es' });
    expect(spanish.json).toMatchObject({ code: 'subscription_not_active', message: 'La suscripción no está activa: aún no tiene ningún pago, así que ningún cobro suyo puede vencer' });
    expect(await t.db.query('select status, next_charge_at from subscriptions where subscription_key = $1', [key])).toEqual(before);
    expect(await t.db.query("select 1 from transactions where details->>'subscriptionKey' = $1", [key])).toEqual([]);
  });

  it('an unknown key: 404 error_to_load naming the key as no subscription', async () => {
    const answer = await t.admin('POST', '/subscriptions/SUBNOSUCHKEY0000/due', undefined, { 'accept-language': 'en' });
    expect(answer).toEqual({ status: 404, json: expect.objectContaining({ code: 'error_to_load', message: expect.stringContaining('key names no subscription') }) });
  });
});
