import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultyGateways } from '../../test/gateways/faultyGateways';
import { gatewayCall } from '../gateways/GatewayCall';
import { PaymentError } from '../errors/PaymentError';
import { insertTransaction } from '../store/insertTransaction';
import { expireLinkWithoutPayment } from '../store/links';
import { type NewTransaction, type TransactionRow } from '../store/transactions';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { reconcileGiveBacks } from './reconcileGiveBacks';
import { wayBackOf, type WayBack } from './withdrawAtGateway';

// Every port that can take money after a call-off has a way back: a voucher is cancelled at its
// network (the kiosk refuses it), a bank page is closed (the bank refuses it); money a gateway took
// anyway is given back through its port, or recorded owed to the payer, shown in the verify call
// and sent as a webhook. A give-back whose first try was cut is asked of its port again by the
// reconciler, under the same keys. One after the other here; races.test.ts has them at once on two nodes.

let t: TestApp;
let faults: ReturnType<typeof faultyGateways>;
let merchant: { id: number; secretKey: string };

beforeAll(async () => {
  t = await createTestApp({ wrapGateways: (inner) => (faults = faultyGateways(inner)).gateways });
  const res = await t.admin('POST', '/merchants', { name: 'Vuelta S.A.', webhookUrl: 'http://127.0.0.1:9/hooks' });
  merchant = { id: Number(res.json['idMerchant']), secretKey: String(res.json['secretKey']) };
});
afterAll(() => t.close());

/** A single-use link of the merchant ($25.00 + $1.75 tax). */
async function singleUseLink(): Promise<string> {
  const res = await t.app.request('/sandbox/links', {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${merchant.secretKey}` },
    body: JSON.stringify({ amount: 25, taxAmount: 1.75, description: 'Pedido único', singleUse: true }),
  });
  expect(res.status).toBe(201);
  return String(((await res.json()) as Record<string, unknown>)['code']);
}

const payByCard = async (code: string) => expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['status']).toBe(1);
const rowOf = async (codOper: string) => (await t.db.query<TransactionRow>('select * from transactions where cod_oper = $1', [codOper]))[0];
const simulated = async (codOper: string) => t.simulator.books.find<unknown, Record<string, unknown>>(codOper)?.state;
/** What happened at the gateway outside Pasarela (a phone, a kiosk, the chain), written in its books. */
const atGateway = (port: string, key: string, change: Record<string, unknown>) =>
  t.simulator.books.move<unknown, Record<string, unknown>>(port, key, (entry) => ({ ...entry.state, ...change }));
const verify = async (codOper: string) => (await (await t.app.request(`/api/v1/merchant/transactions/${codOper}`, { headers: { authorization: `Bearer ${merchant.secretKey}` } })).json()) as Record<string, unknown>;
const owedOf = async (codOper: string) => (await rowOf(codOper))?.details['owedToPayer'];
const owedEvents = async (codOper: string) => (await eventsOf(codOper)).filter((e) => e.event_type === 'transaction.owed_to_payer').length;
const reconcile = () => reconcileGiveBacks({ db: t.db, gateways: t.gateways });
/** The money was taken `ago` (past the give-back's wait), and no node's claim holds it. */
const pastWait = (codOper: string, ago = '1 minute') =>
  t.db.query(`update transactions set details = jsonb_set(details - 'giveBackCheckedAt', '{owedToPayer,takenAt}', to_jsonb((now() - $2::interval)::text))
    where cod_oper = $1`, [codOper, ago]);

/**
 * A Yappy payment called off (its link paid by card; the wallet's cancel never reached it) whose
 * phone approves it anyway (on the wallet's books too when `booked`), and whose first give-back try meets `refund`.
 */
async function yappyApprovedLate(o: { booked: boolean; refund: 'timeout' | 'lost_answer' | 'error_before' }): Promise<string> {
  const code = await singleUseLink();
  const push = String((await t.post('/yappy/payments', { code, phone: '63333333', trackId: randomUUID() })).data['codOper']);
  faults.plan('push', 'timeout');
  await payByCard(code);
  faults.plan('push', o.refund);
  if (o.booked) await atGateway('push', push, { state: 'approved' });
  await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `phone:${push}`, key: push, kind: 'push', answer: { state: 'approved' } });
  return push;
}
const eventsOf = async (codOper: string) =>
  (await t.db.query<{ event_type: string | null; owed_to_payer: { state: string; amountCents: number } | null }>(
    'select event_type, owed_to_payer from webhook_events where cod_oper = $1 order by created_at, id', [codOper]));

describe('ways back (docs/gateways.md)', () => {
  it.each<[string, WayBack]>([
    ['card', 'void_or_refund'], ['nequi', 'refund'], ['yappy', 'refund'], ['clave', 'refund'], ['cash', 'owed'], ['crypto', 'owed'],
  ])('%s gives back money taken after a call-off by: %s', (method, way) => {
    expect(wayBackOf(method)).toBe(way);
  });

  it('cancels a voucher at its network once a card pays its single-use link: the kiosk refuses it', async () => {
    const code = await singleUseLink();
    const voucher = String((await t.post('/cash/pay-cash', { code, email: 'caja@example.com', phone: '61234567', trackId: randomUUID() })).data['Oper']);
    await payByCard(code);
    expect(await rowOf(voucher)).toMatchObject({ auth_status: 'CANCELLED', details: expect.objectContaining({ cancelReason: 'paid_elsewhere' }) });
    expect(await t.gateways.voucher.status(gatewayCall(voucher))).toMatchObject({ state: 'cancelled' });
    const atKiosk = await t.admin('POST', `/cash/${voucher}/pay`);
    expect([atKiosk.status, atKiosk.json['code']]).toEqual([409, 'request_already_paid']);
    expect(await simulated(voucher)).toMatchObject({ state: 'cancelled' });
    // A voucher asked for on the link now is refused before anything is recorded or issued.
    const late = await t.post('/cash/pay-cash', { code, email: 'caja@example.com', phone: '61234567', trackId: randomUUID() });
    expect([late.status, late.data['code']]).toEqual([409, 'request_already_paid']);
  });

  it('closes a Clave page once a card pays its single-use link: the bank refuses the payer\'s approval', async () => {
    const code = await singleUseLink();
    const clave = String((await t.post('/clave/payments', { code, trackId: randomUUID() })).data['codOper']);
    await payByCard(code);
    expect(await t.gateways.bank.outcome(gatewayCall(clave))).toBe('cancelled');
    const approve = await t.app.request(`/sandbox/clave/${clave}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: 'result=approve' });
    expect(approve.status).toBe(400);
    expect((await t.app.request(`/sandbox/clave/${clave}`)).status).toBe(404);
    expect(await simulated(clave)).toEqual({ state: 'cancelled' });
  });

  it('records nothing on a paid single-use link, even from a request that read it open (the store\'s guard)', async () => {
    const code = await singleUseLink();
    const trackId = randomUUID();
    await payByCard(code);
    const row: NewTransaction = {
      track_id: trackId, link_code: code, merchant_id: merchant.id, method: 'cash', amount_cents: 2_500, tax_cents: 175, status: -1, auth_status: 'PROCESSING',
      message_key: 'processing', tx_type: 'AUTH_CAPTURE', card_brand: null, card_last4: null, card_token: null, card_fingerprint: null, payer_name: '',
      email: '', phone: '', concept: '', description: '', lang: 'es', tx_channel: 'WIDGET', redirect_url: null, expires_at: null, reference: null,
      user_id: null, anonymous_user_service_id: null, details: {}, campaign_bridge_id: null, campaign_cents: 0, request_fingerprint: null,
    };
    const refused = await insertTransaction(t.db, row).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentError);
    // Naming the payment that paid, so that payer's page shows its receipt (issue 92).
    const [paid] = await t.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1 and status = 1', [code]);
    expect(refused).toMatchObject({ kind: 'conflict', code: 'request_already_paid', fields: { paidBy: paid?.cod_oper, paidWith: 'card' } });
    expect(await t.db.query('select 1 from transactions where track_id = $1', [trackId])).toHaveLength(0);
  });

  // Issue 92: a shop whose order changed ends the order's old link before it makes the new one; a
  // payment that read the old link open just before records nothing on it.
  it('records nothing on a single-use link ended after the request read it open (the store\'s guard)', async () => {
    const code = await singleUseLink();
    const trackId = randomUUID();
    expect(await expireLinkWithoutPayment(t.db, code, (rows) => rows.length > 0)).toBe(true);
    const row: NewTransaction = {
      track_id: trackId, link_code: code, merchant_id: merchant.id, method: 'yappy', amount_cents: 2_500, tax_cents: 175, status: -1, auth_status: 'PROCESSING',
      message_key: 'processing', tx_type: 'AUTH_CAPTURE', card_brand: null, card_last4: null, card_token: null, card_fingerprint: null, payer_name: '',
      email: '', phone: '', concept: '', description: '', lang: 'es', tx_channel: 'WIDGET', redirect_url: null, expires_at: null, reference: null,
      user_id: null, anonymous_user_service_id: null, details: {}, campaign_bridge_id: null, campaign_cents: 0, request_fingerprint: null,
    };
    const refused = await insertTransaction(t.db, row).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentError);
    expect(refused).toMatchObject({ kind: 'gone', code: 3000 });
    expect(await t.db.query('select 1 from transactions where track_id = $1', [trackId])).toHaveLength(0);
  });

  it('records a voucher paid at a kiosk after its call-off (the cancel never reached the network) as owed to the payer: verify call and webhook', async () => {
    const code = await singleUseLink();
    const voucher = String((await t.post('/cash/pay-cash', { code, email: 'caja@example.com', phone: '61234567', trackId: randomUUID() })).data['Oper']);
    faults.plan('voucher', 'timeout');
    await payByCard(code);
    expect(await simulated(voucher)).toMatchObject({ state: 'issued' });
    // The kiosk takes the cash and its network tells Pasarela, as it would of any payment.
    const paid = { reference: String((await rowOf(voucher))?.reference), state: 'paid' as const };
    await atGateway('voucher', voucher, { state: 'paid' });
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `kiosk:${voucher}`, key: voucher, kind: 'voucher', voucher: paid });
    expect(await rowOf(voucher)).toMatchObject({ status: 3, auth_status: 'CANCELLED', details: expect.objectContaining({ owedToPayer: expect.objectContaining({ amountCents: 2_675, state: 'owed' }) }) });
    expect(await verify(voucher)).toMatchObject({ codOper: voucher, result: 'DECLINED', cancelReason: 'paid_elsewhere', owedToPayer: 26.75 });
    expect((await eventsOf(voucher)).map((e) => e.event_type)).toEqual([null, null, 'transaction.owed_to_payer']);
    // The same news again changes nothing.
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `kiosk:${voucher}`, key: voucher, kind: 'voucher', voucher: paid });
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `kiosk:${voucher}:again`, key: voucher, kind: 'voucher', voucher: paid });
    expect(await eventsOf(voucher)).toHaveLength(3);
  });

  it('gives back through the bank a Clave payment approved after its call-off (the close never reached the bank)', async () => {
    const code = await singleUseLink();
    const clave = String((await t.post('/clave/payments', { code, trackId: randomUUID() })).data['codOper']);
    faults.plan('bank', 'timeout');
    await payByCard(code);
    expect(await t.gateways.bank.outcome(gatewayCall(clave))).toBe('waiting');
    const approve = await t.app.request(`/sandbox/clave/${clave}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: 'result=approve' });
    expect(approve.status).toBe(200);
    expect(await simulated(clave)).toMatchObject({ state: 'approved', refundedCents: 2_675 });
    expect(await rowOf(clave)).toMatchObject({ auth_status: 'CANCELLED', details: expect.objectContaining({ owedToPayer: expect.objectContaining({ state: 'given_back' }) }) });
    expect(await verify(clave)).not.toHaveProperty('owedToPayer');
    expect((await eventsOf(clave)).map((e) => e.event_type)).not.toContain('transaction.owed_to_payer');
  });

  it('records a push approved after its call-off as owed when the wallet refuses to give it back', async () => {
    const push = await yappyApprovedLate({ booked: false, refund: 'error_before' });
    // A broken answer may hide a refund made: still being given back, shown owed, and no webhook yet.
    expect(await owedOf(push)).toMatchObject({ amountCents: 2_675, state: 'giving_back' });
    expect(await verify(push)).toMatchObject({ owedToPayer: 26.75 });
    expect(await owedEvents(push)).toBe(0);
    await pastWait(push);
    // Asked again, the wallet refuses: it has no approved payment on its books to give back.
    expect(await reconcile()).toEqual([push]);
    expect(await owedOf(push)).toMatchObject({ amountCents: 2_675, state: 'owed' });
    expect(await verify(push)).toMatchObject({ owedToPayer: 26.75 });
    expect(await owedEvents(push)).toBe(1);
    expect(await reconcile()).toEqual([]);
    expect(await owedEvents(push)).toBe(1);
  });

  it('asks the bank again, under the same key, for a give-back whose answer was lost: given back once, at the bank and here', async () => {
    const code = await singleUseLink();
    const clave = String((await t.post('/clave/payments', { code, trackId: randomUUID() })).data['codOper']);
    faults.plan('bank', 'timeout');
    await payByCard(code);
    // The bank makes the refund; its answer is lost.
    faults.plan('bank', 'lost_answer');
    const approve = await t.app.request(`/sandbox/clave/${clave}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: 'result=approve' });
    expect(approve.status).toBe(200);
    expect(await simulated(clave)).toMatchObject({ state: 'approved', refundedCents: 2_675 });
    expect(await owedOf(clave)).toMatchObject({ state: 'giving_back' });
    expect(await verify(clave)).toMatchObject({ owedToPayer: 26.75 });
    // Inside the port call's wait the reconciler leaves it alone.
    expect(await reconcile()).toEqual([]);
    await pastWait(clave);
    const asked = faults.calls.bank;
    expect(await reconcile()).toEqual([clave]);
    expect(faults.calls.bank - asked).toBe(1);
    expect(await reconcile()).toEqual([]);
    // Given back once: the bank's books hold one refund, under the first try's key.
    expect(await simulated(clave)).toMatchObject({ state: 'approved', refundedCents: 2_675, refundKeys: [`${clave}:refund`] });
    expect(await owedOf(clave)).toMatchObject({ amountCents: 2_675, state: 'given_back' });
    expect(await verify(clave)).not.toHaveProperty('owedToPayer');
    expect(await owedEvents(clave)).toBe(0);
  });

  it('leaves a give-back whose port is still silent for a later pass, claimed by one node, and records it owed a day on', async () => {
    const push = await yappyApprovedLate({ booked: true, refund: 'timeout' });
    await pastWait(push);
    faults.plan('push', 'timeout');
    expect(await reconcile()).toEqual([]);
    expect(await owedOf(push)).toMatchObject({ state: 'giving_back' });
    // Claimed for a while: another pass does not ask the wallet again before the claim lapses.
    const asked = faults.calls.push;
    expect(await reconcile()).toEqual([]);
    expect(faults.calls.push).toBe(asked);
    // A day on and the wallet still silent: owed (a person checks the wallet), one webhook.
    await pastWait(push, '25 hours');
    faults.plan('push', 'timeout');
    expect(await reconcile()).toEqual([push]);
    expect(await owedOf(push)).toMatchObject({ state: 'owed' });
    expect(await owedEvents(push)).toBe(1);
  });

  it('two reconciler passes at once change each give-back once: one given back once at the wallet, one refused and owed with one webhook', async () => {
    const made = await yappyApprovedLate({ booked: true, refund: 'lost_answer' });
    const refused = await yappyApprovedLate({ booked: false, refund: 'timeout' });
    expect(await simulated(made)).toMatchObject({ refundedCents: 2_675 });
    await pastWait(made);
    await pastWait(refused);
    const asked = faults.calls.push;
    const passes = await Promise.all([reconcile(), reconcile()]);
    expect(passes.flat().sort()).toEqual([made, refused].sort());
    expect(faults.calls.push - asked).toBe(2);
    expect(await simulated(made)).toMatchObject({ state: 'approved', refundedCents: 2_675, refundKeys: [`${made}:refund`] });
    expect(await owedOf(made)).toMatchObject({ state: 'given_back' });
    expect(await owedOf(refused)).toMatchObject({ state: 'owed' });
    expect([await owedEvents(made), await owedEvents(refused)]).toEqual([0, 1]);
  });

  it('shows coins that reached a called-off crypto payment as owed until the crypto refund sends them back', async () => {
    const code = await singleUseLink();
    const crypto = (await t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX', email: 'cripto@example.com', trackId: randomUUID() })).data;
    const codOper = String(crypto['codOper'] ?? crypto['id']);
    await payByCard(code);
    const row = await rowOf(codOper);
    const amountCrypto = Number(row?.details['amountCrypto']);
    // The chain delivers the coins anyway (the payer sent them before seeing the link paid).
    const deposit = { address: String(row?.reference), paidCrypto: amountCrypto, senderAddress: 'sbxtrx_payer_owed1' };
    await atGateway('crypto', `${codOper}:TRX`, { paidCrypto: amountCrypto, senderAddress: deposit.senderAddress });
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `chain:${codOper}`, key: codOper, kind: 'crypto', deposit });
    expect(await verify(codOper)).toMatchObject({ owedToPayer: 26.75, refund: { status: 'pending', to: deposit.senderAddress } });
    expect((await eventsOf(codOper)).map((e) => e.event_type)).toContain('transaction.owed_to_payer');
    expect((await t.admin('POST', `/crypto/${codOper}/refund`)).status).toBe(200);
    const after = await verify(codOper);
    expect(after).not.toHaveProperty('owedToPayer');
    expect(after).toMatchObject({ refund: { status: 'refunded' } });
  });

  it('owes back coins short of the quote too: an under-payment reaching a called-off crypto address, at its worth', async () => {
    const code = await singleUseLink();
    const crypto = (await t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX', email: 'cripto@example.com', trackId: randomUUID() })).data;
    const codOper = String(crypto['codOper'] ?? crypto['id']);
    await payByCard(code);
    const row = await rowOf(codOper);
    const half = Number(row?.details['amountCrypto']) / 2;
    const deposit = { address: String(row?.reference), paidCrypto: half, senderAddress: 'sbxtrx_payer_owed2' };
    await atGateway('crypto', `${codOper}:TRX`, { paidCrypto: half, senderAddress: deposit.senderAddress });
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `chain:${codOper}:half`, key: codOper, kind: 'crypto', deposit });
    const answer = await verify(codOper);
    expect(answer).toMatchObject({ result: 'DECLINED', refund: { status: 'pending', amount: half } });
    expect(Number(answer['owedToPayer'])).toBeCloseTo(13.38, 1);
  });
});
