import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody, encodeBody, SANDBOX_CLIENT_KEY } from '@pasarela/core';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

// SPEC 7 names several calls that the sandbox answers like another one; each still gets a test.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('calls answered like another', () => {
  it.each(['/process-tx', '/v2/process-tx', '/process-tx/form'])('%s pays like auth-capture', async (path) => {
    const res = await t.post(path, await tokenizedCardPayload(await newLink(t)));
    expect(res.data).toMatchObject({ status: 1, cardType: 'VISA' });
  });
  it('cash registration issues a voucher like pay-cash', async () => {
    expect((await t.post('/cash/registration', { code: await newLink(t) })).data).toMatchObject({ resultCode: '100', status: 0 });
  });
  it('Nequi request sends a push like /nequi/push', async () => {
    expect((await t.post('/nequi/request', { code: await newLink(t), phone: '61111111' })).data).toMatchObject({ status: -1, kind: 'push' });
  });
  it('process-QR info is saved and updated like process-tx-info', async () => {
    const created = await t.post('/process-qr-info', { code: 'Q', amount: 3 });
    const res = await t.app.request(`/api/v1/process-qr-info/${String(created.data['id'])}`, {
      method: 'PUT', body: encodeBody({ actionSave: 'UPDATE_ONLY_VALUES', amount: 4 }), headers: { 'content-type': 'text/plain', 'x-api-key': SANDBOX_CLIENT_KEY },
    });
    expect(decodeBody(((await res.json()) as { data: string }).data)).toMatchObject({ code: 'Q', amount: 4 });
  });
  it('logout ends the session', async () => {
    await t.admin('POST', '/users', { email: 'salir@example.com', login: 'salir', password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login: 'salir', password: 'Segura#2026' })).data['token'])}` };
    expect((await t.post('/users/logout', {}, auth)).data).toEqual({ loggedOut: true });
    expect((await t.get('/users/me', auth)).status).toBe(401);
  });
});
