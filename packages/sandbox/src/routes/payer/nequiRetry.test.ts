import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a Nequi QR or push asked for again under its trackId answers where it stands', () => {
  it('a QR already scanned and paid answers status 1, not a fresh QR to scan again', async () => {
    const code = await newLink(t);
    const trackId = crypto.randomUUID();
    const qr = await t.get(`/nequi/qr?action=GENERATE&code=${code}&amount=25&trackId=${trackId}`);
    expect(qr).toMatchObject({ status: 200, data: { status: -1 } });
    const codOper = String(qr.data['codOper']);
    expect((await t.admin('POST', `/nequi/${codOper}`, { result: 'approve' })).json).toMatchObject({ status: 1 });
    expect(await t.get(`/nequi/qr?action=GENERATE&code=${code}&amount=25&trackId=${trackId}`)).toMatchObject({ status: 200, data: { codOper, status: 1 } });
  });
  it('a QR refused in the app is 422 error_pay_qr_nequi', async () => {
    const code = await newLink(t);
    const trackId = crypto.randomUUID();
    const qr = await t.get(`/nequi/qr?action=GENERATE&code=${code}&amount=25&trackId=${trackId}`);
    const codOper = String(qr.data['codOper']);
    await t.admin('POST', `/nequi/${codOper}`, { result: 'fail' });
    // Named, so the shop's event of the refusal carries the payment's Oper although this answer is the first the caller hears.
    expect(await t.get(`/nequi/qr?action=GENERATE&code=${code}&amount=25&trackId=${trackId}`)).toMatchObject({ status: 422, data: { code: 'error_pay_qr_nequi', codOper } });
  });
  it('a push never answered past its window is 410 619, not a wait already over', async () => {
    const code = await newLink(t);
    const trackId = crypto.randomUUID();
    const push = await t.post('/nequi/push', { code, phone: '63333333', trackId });
    await t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [String(push.data['codOper'])]);
    expect(await t.post('/nequi/push', { code, phone: '63333333', trackId })).toMatchObject({ status: 410, data: { code: 619, codOper: push.data['codOper'] } });
  });
});
