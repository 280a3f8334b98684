import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a Yappy request asked for again under its trackId answers where it stands', () => {
  it('declined in the app: 422 payment_rejected, never status 0 (which SPEC 4 reads as pending for Yappy)', async () => {
    const code = await newLink(t);
    const trackId = crypto.randomUUID();
    const first = await t.post('/yappy/payments', { code, phone: '62222222', trackId });
    expect(first).toMatchObject({ status: 200, data: { status: -1 } });
    await t.answerPhones();
    expect(await t.post('/yappy/payments', { code, phone: '62222222', trackId })).toMatchObject({ status: 422, data: { code: 'payment_rejected', codOper: first.data['codOper'] } });
    expect(await t.get(`/yappy/payments/${String(first.data['codOper'])}`)).toMatchObject({ status: 422, data: { code: 'payment_rejected' } });
  });
  it('never answered past its 5 minutes: 410 619, as its read', async () => {
    const code = await newLink(t);
    const trackId = crypto.randomUUID();
    const first = await t.post('/yappy/payments', { code, phone: '63333333', trackId });
    await t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [String(first.data['codOper'])]);
    expect(await t.post('/yappy/payments', { code, phone: '63333333', trackId })).toMatchObject({ status: 410, data: { code: 619, codOper: first.data['codOper'] } });
  });
  it('approved: status 1, and still waiting: status -1', async () => {
    const code = await newLink(t);
    const [paid, waiting] = [crypto.randomUUID(), crypto.randomUUID()];
    await t.post('/yappy/payments', { code, phone: '61111111', trackId: paid });
    await t.post('/yappy/payments', { code, phone: '63333333', trackId: waiting });
    await t.answerPhones();
    expect(await t.post('/yappy/payments', { code, phone: '61111111', trackId: paid })).toMatchObject({ status: 200, data: { status: 1 } });
    expect(await t.post('/yappy/payments', { code, phone: '63333333', trackId: waiting })).toMatchObject({ status: 200, data: { status: -1 } });
  });
});
