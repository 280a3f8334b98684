import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways, type GatewayFault } from '../gateways/testing/faultyGateways';
import type { Gateways } from '../gateways/Gateways';
import { cardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../test/testApp';

// One payment intent makes at most one charge, whatever fails between Pasarela and its gateway: an
// answer that never comes, an answer lost after the operation, an adapter that breaks before or
// after it. Each payment is then sent again with its trackId (the checkout's retry), the reconciler
// runs, and the gateway's books are counted. The table is printed at the end.

let t: TestApp;
let faults: ReturnType<typeof faultyGateways>;
const table: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ wrapGateways: (inner: Gateways) => (faults = faultyGateways(inner)).gateways });
});
afterAll(async () => {
  console.log(['method | fault | first answer | charges made | expected | left pending', ...table].join('\n'));
  await t.close();
});

/** What the gateway's books hold as paid for these attempts (cards authorized, pushes and vouchers paid). */
async function chargesAt(port: string, keys: string[]): Promise<number> {
  const rows = await t.db.query<{ n: number }>(
    "select count(*)::int as n from gateway_simulator where port = $1 and key = any($2) and state ->> 'status' = 'approved' or (port = $1 and key = any($2) and state ->> 'state' in ('approved', 'paid'))",
    [port, keys],
  );
  return rows[0]?.n ?? 0;
}

/** Every attempt of a link, as recorded, after the reconciler ran with their deadline passed. */
async function reconciled(code: string) {
  await t.db.query("update transactions set updated_at = now() - interval '1 minute' where link_code = $1 and auth_status = 'PROCESSING'", [code]);
  await t.reconcile();
  return t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1 order by id', [code]);
}

const FAULTS: GatewayFault[] = ['timeout', 'lost_answer', 'error_before', 'error_after'];

describe('faults between a payment and its gateway', () => {
  it.each(FAULTS)('card, %s: one charge, found again by the retry, nothing left pending', async (fault) => {
    const code = await newLink(t);
    const body = cardPayload(code, { cardNumber: testCardNumber(randomUUID()) });
    faults.plan('card', fault);
    const first = await t.post('/cards/auth-capture', body);
    expect(first.status).toBe(504);
    const rows = await reconciled(code);
    const retry = await t.post('/cards/auth-capture', body);
    expect(retry).toMatchObject({ status: 200, data: { status: 1 } });
    const after = await t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
    const charges = await chargesAt('card', after.map((r) => r.cod_oper).concat(rows.map((r) => r.cod_oper)));
    table.push(`card | ${fault} | ${first.status} | ${charges} | 1 | ${after.filter((r) => r.auth_status === 'PROCESSING').length}`);
    expect(charges).toBe(1);
    expect(after.filter((r) => r.status === 1)).toHaveLength(1);
    expect(after.filter((r) => r.auth_status === 'PROCESSING')).toEqual([]);
  });

  it.each(FAULTS)('Nequi push, %s: one request at the wallet, the retry follows it, the phone pays it once', async (fault) => {
    const code = await newLink(t);
    const body = { code, phone: '3991111111', trackId: randomUUID() };
    faults.plan('push', fault);
    const first = await t.post('/nequi/push', body);
    expect(first.status).toBe(504);
    await reconciled(code);
    const retry = await t.post('/nequi/push', body);
    expect(retry.status).toBe(200);
    await t.answerPhones();
    const after = await t.db.query<{ cod_oper: string; status: number; auth_status: string }>('select cod_oper, status, auth_status from transactions where link_code = $1', [code]);
    const charges = await chargesAt('push', after.map((r) => r.cod_oper));
    table.push(`nequi | ${fault} | ${first.status} | ${charges} | 1 | ${after.filter((r) => r.auth_status === 'PROCESSING').length}`);
    expect(charges).toBe(1);
    expect(after.map((r) => r.status)).toEqual([1]);
  });

  it.each(FAULTS)('cash voucher, %s: one voucher at the network, the retry answers it', async (fault) => {
    const code = await newLink(t);
    const body = { code, email: 'caja@example.com', phone: '+50761234567', trackId: randomUUID() };
    faults.plan('voucher', fault);
    expect((await t.post('/cash/pay-cash', body)).status).toBe(504);
    await reconciled(code);
    const retry = await t.post('/cash/pay-cash', body);
    expect(retry.data).toMatchObject({ reference: expect.stringMatching(/^\d{12}$/) });
    const after = await t.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]);
    const vouchers = await t.db.query('select 1 from gateway_simulator where port = $1 and key = any($2)', ['voucher', after.map((r) => r.cod_oper)]);
    table.push(`cash | ${fault} | 504 | ${vouchers.length} voucher | 1 | 0`);
    expect(after).toHaveLength(1);
    expect(vouchers).toHaveLength(1);
  });
});

describe('gateway events', () => {
  it('delivered twice and out of order change the payment once', async () => {
    const code = await newLink(t);
    const codOper = String((await t.post('/nequi/push', { code, phone: '3993333333' })).data['codOper']);
    const approved = { id: `test:${codOper}:approved`, key: codOper, kind: 'push' as const, answer: { state: 'approved' as const } };
    const { receiveGatewayEvent } = await import('./receiveGatewayEvent');
    const deps = { db: t.db, gateways: t.gateways };
    expect((await receiveGatewayEvent(deps, approved))?.kind).toBe('settled');
    expect((await receiveGatewayEvent(deps, approved))?.kind).toBe('finished');
    // An older "still waiting" and a "declined" arriving late change nothing.
    expect((await receiveGatewayEvent(deps, { id: `test:${codOper}:waiting`, key: codOper, kind: 'push', answer: { state: 'waiting' } }))?.kind).toBe('finished');
    expect((await receiveGatewayEvent(deps, { id: `test:${codOper}:declined`, key: codOper, kind: 'push', answer: { state: 'declined' } }))?.kind).toBe('finished');
    const [row] = await t.db.query<{ status: number }>('select status from transactions where cod_oper = $1', [codOper]);
    expect(row?.status).toBe(1);
    const events = await t.db.query('select 1 from gateway_events where attempt_key = $1', [codOper]);
    expect(events).toHaveLength(3);
  });
});
