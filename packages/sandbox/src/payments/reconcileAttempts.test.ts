import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayOutcomeUnknown } from '@pasarela/gateways';
import { createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../test/testApp';

// The reconciler is timed work that runs on every node: each lapsed wait and each attempt in doubt
// is settled once, from what its gateway says.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lapse = (codOper: string) => t.db.query("update transactions set expires_at = now() - interval '1 second' where cod_oper = $1", [codOper]);
const rowOf = async (codOper: string) =>
  (await t.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]))[0];

describe('reconcileAttempts', () => {
  it('expires lapsed cash, unanswered Nequi and Yappy payments once, however many sweeps run at once', async () => {
    const code = await newLink(t);
    const cash = String((await t.post('/cash/pay-cash', { code, email: 'a@example.com', phone: '61234567' })).data['Oper']);
    const nequi = String((await t.post('/nequi/push', { code, phone: '63333333' })).data['codOper']);
    const answering = String((await t.post('/nequi/push', { code, phone: '61111111' })).data['codOper']);
    // The phone answered, and the event that told of it was lost: the wallet still knows.
    await t.simulator.books.move<{ answer: unknown }, unknown>('push', answering, (entry) => entry.request.answer);
    const yappy = String((await t.post('/yappy/payments', { code, phone: '63333333' })).data['codOper']);
    const waiting = String((await t.post('/yappy/payments', { code, phone: '63333333' })).data['codOper']);
    for (const c of [cash, nequi, answering, yappy]) await lapse(c);
    const sweeps = await Promise.all([t.reconcile(), t.reconcile(), t.reconcile()]);
    const expired = sweeps.flat().filter((c) => [cash, nequi, answering, yappy, waiting].includes(c));
    expect(expired.sort()).toEqual([answering, cash, nequi, yappy].sort());
    expect(await rowOf(cash)).toEqual({ status: 3, auth_status: 'EXPIRED' });
    expect(await rowOf(nequi)).toEqual({ status: 0, auth_status: 'EXPIRED' });
    expect(await rowOf(yappy)).toEqual({ status: 0, auth_status: 'EXPIRED' });
    expect(await rowOf(waiting)).toEqual({ status: -1, auth_status: 'PENDING' });
    // What the wallet said is recorded: approved, though its window had closed here.
    expect(await rowOf(answering)).toEqual({ status: 1, auth_status: 'APPROVED' });
    expect(await t.get(`/nequi/payments/${nequi}`)).toMatchObject({ status: 410, data: { code: 619 } });
    expect(await t.get(`/yappy/payments/${yappy}`)).toMatchObject({ status: 410, data: { code: 619 } });
    expect((await t.admin('POST', `/cash/${cash}/pay`)).json['code']).toBe('request_expired');
  });
});

const receiptsOf = (codOper: string) => t.db.query<{ subject: string; body: string }>(
  "select subject, body from mailbox where kind = 'receipt' and subject like '%' || $1 order by id", [codOper]);

// A card payment approved gets its receipt however it is settled: in the request, or later by the
// reconciler when the processor's answer never came (a node stopped, the deadline passed).
describe('a card payment in doubt the reconciler records approved', () => {
  it('mails the payer its receipt once, whichever nodes settle it', async () => {
    const code = await newLink(t, { captureMethod: 'automatic' });
    const card = t.gateways.card;
    const realAuthorize = card.authorize.bind(card);
    card.authorize = async (call) => {
      await realAuthorize(call);
      throw new GatewayOutcomeUnknown('card.authorize: no answer');
    };
    let codOper: string;
    try {
      const first = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 25, taxAmount: 1.75 }));
      expect(first.status).toBe(504);
      const [row] = await t.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]);
      codOper = String(row?.cod_oper);
    } finally {
      card.authorize = realAuthorize;
    }
    expect(await rowOf(codOper)).toMatchObject({ auth_status: 'PROCESSING' });
    expect(await receiptsOf(codOper)).toEqual([]);
    await t.db.query("update transactions set updated_at = now() - interval '1 minute' where cod_oper = $1", [codOper]);
    await Promise.all([t.reconcile(), t.reconcile()]);
    expect(await rowOf(codOper)).toEqual({ status: 1, auth_status: 'APPROVED' });
    const mails = await receiptsOf(codOper);
    expect(mails.map((mail) => mail.subject)).toEqual([`Comprobante de pago ${codOper}`]);
    expect(mails[0]?.body).toContain('Pagaste $26.75 a');
    // Settled already: a later pass sends nothing more.
    await t.reconcile();
    expect(await receiptsOf(codOper)).toHaveLength(1);
  });
});
