import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newLink, type TestApp } from '../test/testApp';
import { expireLapsedPayments } from './expireLapsedPayments';

// Issue 11: expiries are timed work that runs once across nodes, and leaves each payment as its
// status call would have.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lapse = (codOper: string) => t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [codOper]);
const rowOf = async (codOper: string) =>
  (await t.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]))[0];

describe('expireLapsedPayments', () => {
  it('expires lapsed cash, unanswered Nequi and Yappy payments once, however many sweeps run at once', async () => {
    const code = await newLink(t);
    const cash = String((await t.post('/cash/pay-cash', { code, email: 'a@example.com', phone: '61234567' })).data['Oper']);
    const nequi = String((await t.post('/nequi/push', { code, phone: '3993333333' })).data['codOper']);
    const answering = String((await t.post('/nequi/push', { code, phone: '3991111111' })).data['codOper']);
    const yappy = String((await t.post('/yappy/payments', { code, phone: '63333333' })).data['codOper']);
    const waiting = String((await t.post('/yappy/payments', { code, phone: '63333333' })).data['codOper']);
    for (const c of [cash, nequi, answering, yappy]) await lapse(c);
    const sweeps = await Promise.all([expireLapsedPayments(t.db), expireLapsedPayments(t.db), expireLapsedPayments(t.db)]);
    const expired = sweeps.flat().filter((c) => [cash, nequi, answering, yappy, waiting].includes(c));
    expect(expired.sort()).toEqual([cash, nequi, yappy].sort());
    expect(await rowOf(cash)).toEqual({ status: 3, auth_status: 'EXPIRED' });
    expect(await rowOf(nequi)).toEqual({ status: 0, auth_status: 'EXPIRED' });
    expect(await rowOf(yappy)).toEqual({ status: 0, auth_status: 'EXPIRED' });
    expect(await rowOf(waiting)).toEqual({ status: -1, auth_status: 'PENDING' });
    // A Nequi test phone that answers settles on its first read, as before.
    expect((await t.get(`/nequi/payments/${answering}`)).data['status']).toBe(1);
    // The status calls answer what they answered when they expired the payment themselves.
    expect((await t.get(`/nequi/payments/${nequi}`)).data['code']).toBe('waiting_time_over');
    expect((await t.get(`/yappy/payments/${yappy}`)).status).toBe(410);
    expect((await t.admin('POST', `/cash/${cash}/pay`)).json['code']).toBe('request_expired');
  });
});
