import { catalogs } from '@pasarela/core';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi, type TestMerchant } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload } from '../../../test/testApp';
import { TO_RECEIVER, verifiedTimestampOf, deliverDueWebhooks } from '../../../test/webhookReceiver';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { reconcileAttempts } from '../../payments/reconcileAttempts';

// Refunds and voids through the merchant API (docs/merchant-api.md): each through its gateway's
// port (the simulated gateways' books show what they were asked), each a signed webhook, each
// answer checked against the OpenAPI document.

const setup = useMerchantApi({ webhooks: true });

const newMerchant = (name = 'Reembolsos S.A.'): Promise<TestMerchant> => setup.newMerchant(name);

async function newLink(m: TestMerchant, body: Record<string, unknown> = {}): Promise<string> {
  const res = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', ...body } });
  expect(res.status).toBe(201);
  return String(res.json['code']);
}

const refund = (m: TestMerchant, codOper: string, body?: Record<string, unknown>, idempotencyKey?: string) =>
  setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, ...(body ? { body } : {}), ...(idempotencyKey ? { idempotencyKey } : {}) });
const voidIt = (m: TestMerchant, codOper: string) => setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key });
const verify = async (m: TestMerchant, codOper: string) => (await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;

/** What a simulated gateway's book holds for a key. */
async function bookOf(key: string): Promise<Record<string, unknown>> {
  return setup.t.simulator.books.find<unknown, Record<string, unknown>>(key)?.state ?? {};
}

/** The webhooks delivered for a payment, each verified against the merchant's secret. */
async function eventsFor(m: TestMerchant, codOper: string) {
  while ((await deliverDueWebhooks(setup.t.db, TO_RECEIVER)) > 0);
  return setup.receiver.received.filter((r) => (JSON.parse(r.body) as { data: { codOper: string } }).data.codOper === codOper).map((r) => {
    expect(verifiedTimestampOf(r.headers['pasarela-signature'], r.body, m.webhookSecret)).toBeDefined();
    return JSON.parse(r.body) as { type: string; data: Record<string, unknown> };
  });
}

async function paidByCard(m: TestMerchant, cardNumber?: string): Promise<string> {
  const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m, { orderReference: `o-${randomUUID()}` }), cardNumber ? { cardNumber } : {}));
  return String(paid.data['codOper']);
}

describe('refunds', () => {
  it('refunds a card in parts up to what was paid, through the card processor, each a signed webhook shown in the verify call', async () => {
    const m = await newMerchant();
    const codOper = await paidByCard(m);
    const half = await refund(m, codOper, { amount: 13.38 });
    expect(half.status).toBe(201);
    expect(half.json).toMatchObject({ id: expect.stringMatching(/^re_/), codOper, amount: 13.38, status: 'succeeded', transaction: { refundedAmount: 13.38, result: 'APPROVED' } });
    expect((await bookOf(codOper))['refundedCents']).toBe(1338);
    // The payer's receipt: a partial refund proof with what was paid and what was given back.
    expect((await setup.t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 2, totalPay: 26.75, refundedAmount: 13.38 });
    const over = await refund(m, codOper, { amount: 13.38 });
    expect([over.status, over.json['code'], over.json['message']]).toEqual([422, 'refund_exceeds_remaining', expect.stringMatching(/quedan 13\.37 por reembolsar/)]);
    const rest = await refund(m, codOper);
    expect(rest.json).toMatchObject({ amount: 13.37, status: 'succeeded', transaction: { refundedAmount: 26.75 } });
    expect((await bookOf(codOper))['refundedCents']).toBe(2675);
    const third = await refund(m, codOper, { amount: 1 });
    expect([third.status, third.json['code']]).toEqual([409, 'transaction_fully_refunded']);

    expect(await verify(m, codOper)).toMatchObject({ refundedAmount: 26.75, refunds: [{ id: half.json['id'], amount: 13.38, status: 'succeeded' }, { id: rest.json['id'], amount: 13.37, status: 'succeeded' }] });
    const events = await eventsFor(m, codOper);
    expect(events.map((e) => e.type)).toEqual(['transaction.approved', 'transaction.refunded', 'transaction.refunded']);
    expect(events[1]?.data).toMatchObject({ refundId: half.json['id'], refundAmount: 13.38, refundedAmount: 13.38, orderReference: expect.stringMatching(/^o-/) });
    expect(events[2]?.data).toMatchObject({ refundId: rest.json['id'], refundAmount: 13.37, refundedAmount: 26.75 });
  });

  it('answers a repeated Idempotency-Key with the first refund, and refunds once', async () => {
    const m = await newMerchant();
    const codOper = await paidByCard(m);
    const key = randomUUID();
    const first = await refund(m, codOper, { amount: 5 }, key);
    const again = await refund(m, codOper, { amount: 5 }, key);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await refund(m, codOper, { amount: 6 }, key)).json['code']).toBe('idempotency_key_reused');
    expect((await verify(m, codOper))['refundedAmount']).toBe(5);
  });

  it('needs an Idempotency-Key: without one, 400 missing_idempotency_key and nothing given back', async () => {
    const m = await newMerchant();
    const codOper = await paidByCard(m);
    const bare = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 5 }, idempotencyKey: null });
    expect([bare.status, bare.json['code'], bare.json['message']]).toEqual([400, 'missing_idempotency_key', expect.stringContaining('Idempotency-Key')]);
    // Even without a body, and before the body is read.
    expect((await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, idempotencyKey: null })).json['code']).toBe('missing_idempotency_key');
    expect((await verify(m, codOper))).toMatchObject({ refundedAmount: 0, refunds: [] });
    expect(await setup.t.db.query('select id from refunds where cod_oper = $1', [codOper])).toEqual([]);
  });

  it('refuses a declined, a pending and another merchant\'s payment, and bad amounts, each with its own 4xx', async () => {
    const m = await newMerchant();
    const other = await newMerchant('Otra');
    const declined = await paidByCard(m, '4000000000000002');
    expect((await refund(m, declined)).json).toMatchObject({ code: 'transaction_not_refundable', message: expect.stringContaining('rechazado') });
    const push = await setup.t.post('/nequi/push', { code: await newLink(m), phone: '63333333', trackId: randomUUID() });
    const pending = await refund(m, String(push.data['codOper']));
    expect([pending.status, pending.json['code'], pending.json['message']]).toEqual([409, 'transaction_not_refundable', expect.stringContaining('anúlelo')]);
    const approved = await paidByCard(m);
    expect((await refund(other, approved)).status).toBe(404);
    expect((await refund(m, 'PPNOTHING0000')).json).toMatchObject({ code: 'transaction_not_found' });
    for (const [body, code] of [[{ amount: 0 }, 'amount'], [{ amount: -5 }, 'amount'], [{ amount: 'all' }, 'amount'], [{ amount: 1.005 }, 'amount'], [{ amount: 1e-9 }, 'amount'], [{ amount: 5.000000001 }, 'amount'], [{ reason: 'x' }, 'reason']] as const) {
      const res = await refund(m, approved, body);
      expect([res.status, res.json['message']], JSON.stringify(body)).toEqual([400, expect.stringContaining(code)]);
    }
    expect((await verify(m, approved))['refundedAmount']).toBe(0);
  });

  // docs/merchant-api.md: "a third decimal is 400 invalid_arguments whatever the number's size ... never
  // rounded". Judged on the literal sent: 1.1000000000000001 reads as the double 1.1.
  it('refuses a third decimal however many digits the literal has, though the double it reads as has two', async () => {
    const m = await newMerchant();
    const approved = await paidByCard(m);
    for (const text of ['{"amount":1.1000000000000001}', '{"amount":0.30000000000000004}', '{"amount":2.0000000000000001e0}', '{ "amount" : 1.001 }']) {
      const res = await setup.api.call('POST', `/transactions/${approved}/refunds`, { key: m.key, bytes: new TextEncoder().encode(text), headers: { 'content-type': 'application/json', 'accept-language': 'en' } });
      expect([res.status, res.json['code'], res.json['message']], text).toEqual([400, 'invalid_arguments', expect.stringContaining('amount must be a number with at most two decimals')]);
    }
    expect((await verify(m, approved))['refundedAmount']).toBe(0);
    // Two decimals written any way are taken: trailing zeros, an exponent.
    for (const [text, amount] of [['{"amount":1.10}', 1.1], ['{"amount":12.5e-1}', 1.25], ['{"amount":100e-2}', 1]] as const) {
      const res = await setup.api.call('POST', `/transactions/${approved}/refunds`, { key: m.key, bytes: new TextEncoder().encode(text), headers: { 'content-type': 'application/json' } });
      expect([res.status, res.json['amount']], text).toEqual([201, amount]);
    }
  });

  it('refuses a cash voucher paid at a kiosk and a Clave payment, saying why', async () => {
    const m = await newMerchant();
    const cash = await setup.t.post('/cash/pay-cash', { code: await newLink(m), email: 'caja@example.com', phone: '+50761234567', trackId: randomUUID() });
    const codOper = String(cash.data['Oper'] ?? cash.data['codOper']);
    expect((await setup.t.admin('POST', `/cash/${codOper}/pay`)).status).toBe(200);
    const res = await refund(m, codOper);
    expect([res.status, res.json['code'], res.json['message']]).toEqual([422, 'refund_not_supported', expect.stringContaining('quiosco')]);
    // Nor voided: and the refusal does not send the merchant to the refund just refused.
    const voided = await voidIt(m, codOper);
    expect([voided.status, voided.json['code'], voided.json['message']]).toEqual([409, 'transaction_not_pending', 'Solo se puede anular un pago pendiente (el pago fue aprobado: ya no se puede anular ni reembolsar por Pasarela; arréglelo con el pagador directamente)']);
    const clave = await setup.t.post('/clave/payments', { code: await newLink(m), trackId: randomUUID() });
    const claveOper = String(clave.data['codOper']);
    const approved = await setup.t.app.request(`/sandbox/clave/${claveOper}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: 'result=approve' });
    expect(approved.status).toBe(200);
    expect((await verify(m, claveOper))['result']).toBe('APPROVED');
    expect((await refund(m, claveOper)).json).toMatchObject({ code: 'refund_not_supported', message: expect.stringContaining('Clave') });
  });

  it('refunds Nequi and Yappy through the push wallet', async () => {
    const m = await newMerchant();
    for (const [path, phone] of [['/nequi/push', '61111111'], ['/yappy/payments', '61111111']] as const) {
      const push = await setup.t.post(path, { code: await newLink(m), phone, trackId: randomUUID() });
      const codOper = String(push.data['codOper']);
      await setup.t.answerPhones();
      expect((await verify(m, codOper))['result']).toBe('APPROVED');
      expect((await refund(m, codOper, { amount: 2.5 })).json).toMatchObject({ status: 'succeeded', transaction: { refundedAmount: 2.5 } });
      expect((await bookOf(codOper))['refundedCents']).toBe(250);
    }
  });

  it('gives a balance payment back to the wallet in the refund\'s own transaction', async () => {
    const m = await newMerchant();
    const login = `saldo${randomUUID().slice(0, 8)}`;
    await setup.t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', balance: 30 });
    const auth = { authorization: `Bearer ${String((await setup.t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const paid = await setup.t.post('/activity/pay', { sourceSearch: { paymentCode: await newLink(m) }, useFunds: true, trackId: randomUUID() }, auth);
    expect(paid.data).toMatchObject({ method: 'balance' });
    const balance = async () => ((await setup.t.get('/users/me/balance', auth)).data['balance'] as Array<{ disponible: number }>)[0]?.disponible;
    expect(await balance()).toBe(3.25);
    const listed = (await setup.api.call('GET', '/transactions?method=balance', { key: m.key })).json['data'] as Array<{ codOper: string }>;
    const codOper = String(listed[0]?.codOper);
    expect((await refund(m, codOper, { amount: 20 })).json).toMatchObject({ status: 'succeeded', transaction: { refundedAmount: 20 } });
    expect(await balance()).toBe(23.25);
    expect((await refund(m, codOper)).json).toMatchObject({ amount: 6.75, status: 'succeeded' });
    expect(await balance()).toBe(30);
  });

  it('refunds a paid crypto payment in parts, each its share of the coins, to the address they came from', async () => {
    const m = await newMerchant();
    const created = await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'BTC', network: 'BTC', email: 'cripto@example.com' });
    const codOper = String(created.data['id']);
    expect((await setup.t.admin('POST', `/crypto/${codOper}/confirm`, { fromAddress: 'sbxbtc_payer_wallet_9' })).status).toBe(200);
    expect((await verify(m, codOper))['result']).toBe('APPROVED');
    const [{ paidCrypto }] = (await setup.t.db.query<{ paidCrypto: number }>("select (details ->> 'paidCrypto')::float8 as \"paidCrypto\" from transactions where cod_oper = $1", [codOper])) as [{ paidCrypto: number }];
    expect((await refund(m, codOper, { amount: 10 })).json).toMatchObject({ amount: 10, status: 'succeeded', transaction: { refundedAmount: 10 } });
    expect((await refund(m, codOper, { amount: 16.76 })).json['code']).toBe('refund_exceeds_remaining');
    expect((await refund(m, codOper)).json).toMatchObject({ amount: 16.75, status: 'succeeded', transaction: { refundedAmount: 26.75 } });
    expect((await refund(m, codOper, { amount: 0.01 })).json['code']).toBe('transaction_fully_refunded');
    // The crypto processor sent back every coin received, in two transfers, to where they came from.
    const sent = (await bookOf(`${codOper}:BTC`))['refunds'] as Array<{ to: string; amountCrypto: number }>;
    expect(sent.map((r) => r.to)).toEqual(['sbxbtc_payer_wallet_9', 'sbxbtc_payer_wallet_9']);
    expect(Math.round((sent[0]!.amountCrypto + sent[1]!.amountCrypto) * 1e8)).toBe(Math.round(paidCrypto * 1e8));
    expect(sent[0]!.amountCrypto).toBeCloseTo((paidCrypto * 10) / 26.75, 8);
  });
});

describe('an overpaid crypto payment', () => {
  it('refunded whole, sends back the quote\'s coins, never the ones paid beyond it as the merchant\'s money', async () => {
    const m = await newMerchant();
    const created = await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'BTC', network: 'BTC', email: 'cripto@example.com' });
    const codOper = String(created.data['id']);
    const [{ quoted }] = (await setup.t.db.query<{ quoted: number }>("select (details ->> 'amountCrypto')::float8 as quoted from transactions where cod_oper = $1", [codOper])) as [{ quoted: number }];
    expect((await setup.t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: quoted * 2, fromAddress: 'sbxbtc_payer_wallet_9' })).status).toBe(200);
    expect((await verify(m, codOper))['result']).toBe('APPROVED');
    expect((await refund(m, codOper)).json).toMatchObject({ status: 'succeeded' });
    const sent = (await bookOf(`${codOper}:BTC`))['refunds'] as Array<{ key: string; amountCrypto: number }>;
    const [beyond, ...merchants] = [sent.filter((r) => r.key === `${codOper}:overpayment`), sent.filter((r) => r.key !== `${codOper}:overpayment`)];
    expect(Math.round((merchants[0] ?? []).reduce((sum, r) => sum + r.amountCrypto, 0) * 1e8)).toBe(Math.round(quoted * 1e8));
    // The coins beyond the quote went back as the payer's overpayment, on their own.
    expect(Math.round((beyond ?? []).reduce((sum, r) => sum + r.amountCrypto, 0) * 1e8)).toBe(Math.round(quoted * 1e8));
  });
});

describe('"an overpayment is the payer\'s": coins beyond the quote are flagged and sent back, never the merchant\'s money', () => {
  it('a 26.75 USDT quote paid with 36.75: approved at the quote, the 10 beyond it sent back to the sender once, told to the payer, shown to the merchant and the console', async () => {
    const m = await newMerchant();
    const created = await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'USDT', network: 'TRX', email: 'sobrepago@example.com' });
    const codOper = String(created.data['id']);
    expect(created.data['amountCrypto']).toBe(26.75);
    const confirmed = await setup.t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 36.75, fromAddress: 'sbxtrx_payer_wallet_7' });
    expect(confirmed.json).toMatchObject({ txStatus: 1, paidCrypto: 36.75, overpayment: { coin: 'USDT', network: 'TRX', amount: 10, to: 'sbxtrx_payer_wallet_7', status: 'refunded' } });
    // Sent back by the crypto processor out of the deposit, under the payment's own key.
    expect((await bookOf(`${codOper}:TRX`))['refunds']).toEqual([{ key: `${codOper}:overpayment`, to: 'sbxtrx_payer_wallet_7', amountCrypto: 10 }]);

    const tx = await verify(m, codOper);
    expect(tx).toMatchObject({ result: 'APPROVED', totalPaid: 26.75, refundableAmount: 26.75, overpayment: { amount: 10, coin: 'USDT', status: 'refunded', refundedAt: expect.any(String) } });
    // The books hold the order at its quote, to the cent: none of the 10 USDT is the merchant's.
    const lines = (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Array<{ type: string; amount: number; fee: number; net: number }>;
    expect(lines.map((l) => [l.type, l.amount])).toEqual([['payment', 26.75]]);
    expect(Math.round((lines[0]?.fee ?? 0) * 100) + Math.round((lines[0]?.net ?? 0) * 100)).toBe(2675);
    // The merchant heard of it with the approval.
    const approved = (await eventsFor(m, codOper)).find((e) => e.type === 'transaction.approved');
    expect(approved).toMatchObject({ type: 'transaction.approved', data: { overpayment: { amount: 10, coin: 'USDT', network: 'TRX' } } });
    // The payer is told where the coins went.
    const mails = await setup.t.db.query<{ subject: string; body: string }>('select subject, body from mailbox where to_email = $1', ['sobrepago@example.com']);
    expect(mails.map((mail) => mail.subject)).toEqual([`Te devolvimos 10 USDT enviados de más (operación ${codOper})`]);
    expect(mails[0]?.body).toContain('sbxtrx_payer_wallet_7');
    // The console shows it as the merchant API does.
    const listed = ((await setup.t.admin('GET', '/transactions/recent')).json['transactions'] as Array<Record<string, unknown>>).find((x) => x['codOper'] === codOper);
    expect(listed).toMatchObject({ paidAmount: 26.75, overpayment: { amount: 10, coin: 'USDT', status: 'refunded', to: 'sbxtrx_payer_wallet_7' } });

    // Asked again, nothing is sent twice; a refund in full sends the quote's coins: all that arrived went back, once.
    expect((await setup.t.admin('POST', `/crypto/${codOper}/refund`)).json).toMatchObject({ overpayment: { status: 'refunded' } });
    expect((await refund(m, codOper)).json).toMatchObject({ status: 'succeeded', amount: 26.75 });
    const sent = (await bookOf(`${codOper}:TRX`))['refunds'] as Array<{ amountCrypto: number }>;
    expect(sent.map((r) => r.amountCrypto)).toEqual([10, 26.75]);
    expect(await setup.t.db.query('select count(*)::int as n from mailbox where to_email = $1', ['sobrepago@example.com'])).toEqual([{ n: 1 }]);
  });

  it('one left pending (the node stopped before sending, or the processor did not send) is sent by the reconciler under the same key: never twice', async () => {
    const m = await newMerchant();
    const codOper = String((await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'USDT', network: 'TRX' })).data['id']);
    expect((await setup.t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 30, fromAddress: 'sbxtrx_payer_wallet_6' })).json).toMatchObject({ overpayment: { amount: 3.25, status: 'refunded' } });
    // As if the mark were lost after the processor sent them.
    await setup.t.db.query(`update transactions set details = jsonb_set(details, '{overpayment,status}', '"pending"'), updated_at = now() - interval '1 minute' where cod_oper = $1`, [codOper]);
    expect((await verify(m, codOper))['overpayment']).toMatchObject({ status: 'pending' });
    expect(await reconcileAttempts(setup.t)).toContain(codOper);
    expect((await verify(m, codOper))['overpayment']).toMatchObject({ amount: 3.25, status: 'refunded' });
    expect((await bookOf(`${codOper}:TRX`))['refunds']).toEqual([{ key: `${codOper}:overpayment`, to: 'sbxtrx_payer_wallet_6', amountCrypto: 3.25 }]);
    expect(await reconcileAttempts(setup.t)).not.toContain(codOper);
  });

  it('coins reaching the address after the approval are all beyond the quote: recorded and sent back too, only the new ones', async () => {
    const m = await newMerchant();
    const codOper = String((await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'USDT', network: 'TRX' })).data['id']);
    expect((await setup.t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 30, fromAddress: 'sbxtrx_payer_wallet_5' })).json).toMatchObject({ overpayment: { amount: 3.25, status: 'refunded' } });
    // The chain reports 40 in all: 10 more arrived after the approval.
    expect((await setup.t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 40 })).json).toMatchObject({ txStatus: 1, paidCrypto: 40, overpayment: { amount: 13.25, status: 'refunded' } });
    expect((await bookOf(`${codOper}:TRX`))['refunds']).toEqual([
      { key: `${codOper}:overpayment`, to: 'sbxtrx_payer_wallet_5', amountCrypto: 3.25 },
      { key: `${codOper}:overpayment:3.25`, to: 'sbxtrx_payer_wallet_5', amountCrypto: 10 },
    ]);
    expect(await verify(m, codOper)).toMatchObject({ result: 'APPROVED', totalPaid: 26.75, overpayment: { amount: 13.25, status: 'refunded' } });
    const lines = (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Array<{ type: string; amount: number }>;
    expect(lines.map((l) => [l.type, l.amount])).toEqual([['payment', 26.75]]);
    // The merchant's refund in full sends the quote's coins: all 40 USDT went back, each once.
    expect((await refund(m, codOper)).json).toMatchObject({ status: 'succeeded' });
    const sent = (await bookOf(`${codOper}:TRX`))['refunds'] as Array<{ amountCrypto: number }>;
    expect(Math.round(sent.reduce((sum, r) => sum + r.amountCrypto, 0) * 1e8)).toBe(40e8);
  });

  it('an exact payment owes nothing back; a payment called off owes all its coins as its refund, none as an overpayment', async () => {
    const m = await newMerchant();
    const exact = String((await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'USDT', network: 'TRX' })).data['id']);
    expect((await setup.t.admin('POST', `/crypto/${exact}/confirm`, {})).json).toMatchObject({ txStatus: 1, overpayment: null });
    expect(await verify(m, exact)).not.toHaveProperty('overpayment');

    // Its single-use link paid by card meanwhile: all 36.75 USDT are owed back as its refund, none sent as an overpayment.
    const code = await newLink(m, { singleUse: true });
    const late = String((await setup.t.post('/crypto/payments', { codeProcess: code, currency: 'USDT', network: 'TRX' })).data['id']);
    expect((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['status']).toBe(1);
    // The chain's report reaches the server as the processor's notification would bring it.
    // At the payment's own address: a report about another is not this payment's coins.
    const address = String((await setup.t.db.query<{ reference: string }>('select reference from transactions where cod_oper = $1', [late]))[0]?.reference);
    await receiveGatewayEvent(setup.t, { id: `evt-late-${late}`, key: late, kind: 'crypto', deposit: { address, paidCrypto: 36.75, senderAddress: 'sbxtrx_payer_wallet_8' } });
    const [row] = await setup.t.db.query<{ details: Record<string, unknown> }>('select details from transactions where cod_oper = $1', [late]);
    expect(row?.details['refund']).toMatchObject({ amount: 36.75, status: 'pending', to: 'sbxtrx_payer_wallet_8' });
    expect(row?.details).not.toHaveProperty('overpayment');
    expect((await bookOf(`${late}:TRX`))['refunds']).toBeUndefined();
  });
});

describe('voids', () => {
  it('voids an unanswered Nequi push: withdrawn at the wallet, DECLINED and CANCELLED, a transaction.voided webhook', async () => {
    const m = await newMerchant();
    const push = await setup.t.post('/nequi/push', { code: await newLink(m), phone: '63333333', trackId: randomUUID() });
    const codOper = String(push.data['codOper']);
    const voided = await voidIt(m, codOper);
    expect(voided.status).toBe(200);
    expect(voided.json).toMatchObject({ codOper, result: 'DECLINED', authStatus: 'CANCELLED' });
    expect((await bookOf(codOper))['state']).toBe('cancelled');
    expect((await eventsFor(m, codOper)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.voided']);
    // The payer's checkout, still waiting on it, reads that the shop called it off (not that the payer declined).
    expect(await setup.t.get(`/nequi/payments/${codOper}`)).toMatchObject({ status: 409, data: { code: 'payment_voided_by_merchant' } });
    // Voided is ended: again, or a refund, is refused.
    expect((await voidIt(m, codOper)).json['code']).toBe('transaction_not_pending');
    expect((await refund(m, codOper)).json['code']).toBe('transaction_not_refundable');
  });

  it('voids an unpaid cash voucher: the kiosk can no longer take it', async () => {
    const m = await newMerchant();
    const cash = await setup.t.post('/cash/pay-cash', { code: await newLink(m), email: 'caja@example.com', phone: '+50761234567', trackId: randomUUID() });
    const codOper = String(cash.data['Oper'] ?? cash.data['codOper']);
    expect((await voidIt(m, codOper)).json).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });
    expect((await bookOf(codOper))['state']).toBe('cancelled');
    expect((await setup.t.admin('POST', `/cash/${codOper}/pay`)).status).toBeGreaterThanOrEqual(400);
    expect(await verify(m, codOper)).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });
  });

  it('voids an unpaid crypto quote and a card waiting on 3D Secure (the challenge is voided at the processor)', async () => {
    const m = await newMerchant();
    const crypto = await setup.t.post('/crypto/payments', { codeProcess: await newLink(m), currency: 'BTC', network: 'BTC', email: 'cripto@example.com' });
    expect((await voidIt(m, String(crypto.data['id']))).json).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });
    const card = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(m), { cardNumber: '4000000000003220' }));
    const codOper = String(card.data['codOper']);
    expect((await verify(m, codOper))['result']).toBe('PENDING');
    expect((await voidIt(m, codOper)).json).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });
    expect((await bookOf(codOper))['voided']).toBe(true);
  });

  it('needs an Idempotency-Key: without one, 400 missing_idempotency_key and the payment stays pending', async () => {
    const m = await newMerchant();
    const push = await setup.t.post('/nequi/push', { code: await newLink(m), phone: '63333333', trackId: randomUUID() });
    const codOper = String(push.data['codOper']);
    const bare = await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key, idempotencyKey: null, headers: { 'accept-language': 'en' } });
    expect([bare.status, bare.json]).toEqual([400, { code: 'missing_idempotency_key', message: expect.stringMatching(/^This call needs an Idempotency-Key header \(.*voids/), requestId: expect.any(String) }]);
    expect(await verify(m, codOper)).toMatchObject({ result: 'PENDING' });
    expect((await bookOf(codOper))['state']).not.toBe('cancelled');
    expect((await voidIt(m, codOper)).json).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });
  });

  it('refuses to void an approved payment (refund it) and another merchant\'s', async () => {
    const m = await newMerchant();
    const codOper = await paidByCard(m);
    const res = await voidIt(m, codOper);
    expect([res.status, res.json['code'], res.json['message']]).toEqual([409, 'transaction_not_pending', expect.stringContaining('reembólselo')]);
    expect((await voidIt(await newMerchant('Otra'), codOper)).status).toBe(404);
    expect((await setup.api.call('POST', `/transactions/${codOper}/void`, { key: m.key, body: { reason: 'x' } })).status).toBe(400);
  });
});

describe('the console\'s refund and void buttons (the admin API, acting for the payment\'s merchant)', () => {
  it('refunds what remains and voids a pending payment through the same services; a merchant\'s key reaches its own only', async () => {
    const m = await newMerchant();
    const codOper = await paidByCard(m);
    expect((await refund(m, codOper, { amount: 6.75 })).status).toBe(201);
    const refunded = await setup.t.admin('POST', `/transactions/${codOper}/refunds`);
    expect([refunded.status, refunded.json['status']]).toEqual([201, 'succeeded']);
    expect(await verify(m, codOper)).toMatchObject({ refundedAmount: 26.75, refunds: [{ amount: 6.75 }, { amount: 20 }] });
    expect((await setup.t.admin('POST', `/transactions/${codOper}/refunds`)).json['code']).toBe('transaction_fully_refunded');
    // Said once in English: the detail that only repeats the code's words is not added in parentheses.
    expect((await setup.t.admin('POST', `/transactions/${codOper}/refunds`, {}, { 'accept-language': 'en' })).json['message']).toBe(catalogs.en.transaction_fully_refunded);
    const listed = (await setup.t.admin('GET', `/transactions/recent?code=${String((await verify(m, codOper))['linkCode'])}`)).json['transactions'] as Array<Record<string, unknown>>;
    expect(listed[0]).toMatchObject({ codOper, refundedAmount: 26.75 });

    const push = await setup.t.post('/nequi/push', { code: await newLink(m), phone: '63333333', trackId: randomUUID() });
    const pending = String(push.data['codOper']);
    const other = await newMerchant('Otra');
    expect((await setup.t.admin('POST', `/transactions/${pending}/void`, {}, { authorization: `Bearer ${other.key}` })).status).toBe(404);
    expect((await setup.t.admin('POST', `/transactions/${pending}/void`, {}, { authorization: `Bearer ${m.key}` })).json).toMatchObject({ codOper: pending, authStatus: 'CANCELLED' });
    expect((await eventsFor(m, pending)).map((e) => e.type)).toEqual(['transaction.pending', 'transaction.voided']);
    expect((await setup.t.admin('POST', '/transactions/PPNOTHING0000/void')).status).toBe(404);
  });
});
