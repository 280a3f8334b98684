import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin: merchants, stations, plans, campaigns', () => {
  it('creates a card-only merchant without guest payments, and its rules apply', async () => {
    const res = await t.admin('POST', '/merchants', { name: 'Farmacia Prueba', txLimit: 100, hasPaymentGuest: false, methods: ['card'], cardTypes: ['VISA'] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ merchantName: 'Farmacia Prueba', txLimit: 100, hasPaymentGuest: false });
    const merchantId = Number(res.json['idMerchant']);
    const code = await newLink(t, { merchantId, amount: 20 });
    expect((await t.post('/cards/auth-capture', cardPayload(code, { amount: 20 }))).data['code']).toBe('please_contact_merchant');
    const open = await t.admin('POST', '/merchants', { name: 'Solo Tarjeta', methods: ['card'] });
    const openCode = await newLink(t, { merchantId: Number(open.json['idMerchant']) });
    expect((await t.post('/nequi/push', { code: openCode, phone: '61111111' })).data['code']).toBe('service_unavailable');
    expect((await t.get(`/merchants/${merchantId}/commerce-user`)).data).toMatchObject({ result3: { user: { login: `owner.${merchantId}` } } });
    const methods = (await t.get(`/merchants/${merchantId}/payment-methods`)).data['paymentMethods'];
    expect(methods).toEqual([expect.objectContaining({ method: 'card', validations: [{ cardCode: 'VISA' }] })]);
  });
  it('creates a station, a plan and a campaign', async () => {
    expect((await t.admin('POST', '/stations', { stationId: 'CAJA-9', description: 'Caja 9', amount: 7 })).status).toBe(201);
    expect((await t.get('/stations/CAJA-9')).data).toMatchObject({ amount: 7 });
    expect((await t.admin('POST', '/stations', { stationId: 'CAJA-9', description: 'x' })).json['code']).toBe('station_taken');
    expect((await t.admin('POST', '/plans', { name: 'Semanal', amount: 3.5, period: 'WE' })).json).toMatchObject({ period: 'WE', amount: 3.5 });
    expect((await t.admin('POST', '/plans', { name: 'X', amount: 3.5, period: 'XX' })).status).toBe(400);
    const campaign = await t.admin('POST', '/campaigns', { title: 'Becas', endDate: null });
    expect(campaign.json).toMatchObject({ status: 1, campaign: { title: 'Becas' } });
  });
  it('answers bad input with 400 naming the field', async () => {
    const res = await t.admin('POST', '/merchants', { name: 'X', methods: ['cheque'] });
    expect(res.status).toBe(400);
    expect(String(res.json['message'])).toContain('methods');
  });
});
