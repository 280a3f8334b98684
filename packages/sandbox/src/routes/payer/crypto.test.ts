import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { decodeBody } from '@pasarela/core';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { startWebhookReceiver, TO_RECEIVER, type WebhookReceiver, deliverDueWebhooks } from '../../../test/webhookReceiver';

// Issue "Money is never wrong": cancelling a crypto payment after coins arrived refunds them, and
// every party hears it: the payer (answer, receipt, e-mail), the merchant (webhook, verify call).

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  [t, receiver] = await Promise.all([createTestApp(), startWebhookReceiver()]);
});
afterAll(async () => {
  await Promise.all([t.close(), receiver.close()]);
});

interface Merchant { id: number; secretKey: string }

async function newMerchant(): Promise<Merchant> {
  const res = await t.admin('POST', '/merchants', { name: 'Cripto S.A.', webhookUrl: receiver.url });
  return { id: Number(res.json['idMerchant']), secretKey: String(res.json['secretKey']) };
}

async function newPayment(merchant: Merchant, email = 'ana@example.com') {
  const link = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId: merchant.id });
  const created = await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'BTC', network: 'BTC', email });
  expect(created.status).toBe(200);
  return String(created.data['id']);
}

const eventsFor = (codOper: string) =>
  receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> }).filter((e) => e.data['codOper'] === codOper);
const verify = async (m: Merchant, codOper: string) =>
  (await (await t.app.request(`/api/v1/merchant/transactions/${codOper}`, { headers: { authorization: `Bearer ${m.secretKey}` } })).json()) as Record<string, unknown>;

describe('cancelling a crypto payment', () => {
  it('with nothing received: one call, declined, nothing owed', async () => {
    const m = await newMerchant();
    const id = await newPayment(m);
    const cancelled = await t.post(`/crypto/payments/${id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({ txStatus: 0, authStatus: 'CANCELLED', cancelled: true, refund: null });
    expect(await verify(m, id)).toMatchObject({ result: 'DECLINED', authStatus: 'CANCELLED' });
    expect(await verify(m, id)).not.toHaveProperty('refund');
  });

  it('after an under-payment: refused without the payer\'s confirmation, then recorded with the refund owed to the sending address', async () => {
    const m = await newMerchant();
    const id = await newPayment(m);
    const under = await t.admin('POST', `/crypto/${id}/confirm`, { amountPaid: 0.0001, fromAddress: 'sbxbtc_payer_wallet_1' });
    expect(under.json).toMatchObject({ underpaid: true, paidCrypto: 0.0001 });

    const unconfirmed = await t.post(`/crypto/payments/${id}/cancel`, {});
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.data['code']).toBe('refund_confirmation_required');
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ cancelled: false, authStatus: 'UNDERPAID' });

    const refund = { coin: 'BTC', network: 'BTC', amount: 0.0001, to: 'sbxbtc_payer_wallet_1', status: 'pending', refundedAt: null };
    const cancelled = await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({ txStatus: 0, authStatus: 'CANCELLED', cancelled: true, refund });
    // A second click is the same cancellation.
    expect((await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true })).data).toMatchObject({ refund });

    // The receipt: declined, with the refund and the reason.
    const receipt = await t.get(`/receipts/${id}`);
    expect(receipt.data).toMatchObject({ status: 0, authStatus: 'CANCELLED', messageSys: 'crypto_refund_pending', refund });
    // The merchant: webhook and verify call say DECLINED with the refund owed.
    await deliverDueWebhooks(t.db, TO_RECEIVER);
    // Events of one batch are sent side by side: their order of arrival is not theirs.
    expect(eventsFor(id).map((e) => e.type).sort()).toEqual(['transaction.declined', 'transaction.pending', 'transaction.pending']);
    expect(eventsFor(id).find((e) => e.type === 'transaction.declined')).toMatchObject({ data: { result: 'DECLINED', authStatus: 'CANCELLED', refund } });
    expect(await verify(m, id)).toMatchObject({ result: 'DECLINED', refund });
    // The payer's e-mail, in the dev mailbox.
    const mail = await t.admin('GET', '/mailbox?to=ana@example.com');
    const mails = mail.json['mail'] ?? mail.json['messages'] ?? mail.json;
    expect(JSON.stringify(mails)).toContain(`Reembolso de 0.0001 BTC (operación ${id})`);
    expect(JSON.stringify(mails)).toContain('sbxbtc_payer_wallet_1');

    // Coins arriving after the cancellation are not taken; the payment takes no new coin.
    expect((await t.admin('POST', `/crypto/${id}/confirm`, {})).status).toBe(409);
    const put = await t.app.request(`/api/v1/crypto/payments/${id}`, {
      method: 'PUT', body: JSON.stringify({ currency: 'ETH', network: 'ETH' }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    });
    expect(put.status).toBe(404);

    // The admin marks the refund sent: the merchant hears it once more.
    const sent = await t.admin('POST', `/crypto/${id}/refund`);
    expect(sent.status).toBe(200);
    expect(sent.json['refund']).toMatchObject({ ...refund, status: 'refunded', refundedAt: expect.any(String) });
    expect((await t.admin('POST', `/crypto/${id}/refund`)).json['refund']).toMatchObject({ status: 'refunded' });
    await deliverDueWebhooks(t.db, TO_RECEIVER);
    const refunded = eventsFor(id).filter((e) => (e.data['refund'] as { status?: string } | undefined)?.status === 'refunded');
    expect(refunded).toEqual([expect.objectContaining({ type: 'transaction.declined', data: expect.objectContaining({ result: 'DECLINED' }) })]);
    expect((await t.get(`/receipts/${id}`)).data).toMatchObject({ messageSys: 'crypto_refunded', refund: { status: 'refunded' } });
  });

  it('a paid payment cannot be cancelled; a payment that owes nothing has no refund to mark', async () => {
    const m = await newMerchant();
    const paid = await newPayment(m);
    await t.admin('POST', `/crypto/${paid}/confirm`, {});
    expect((await t.post(`/crypto/payments/${paid}/cancel`, { confirmRefund: true })).data['code']).toBe('request_already_paid');
    expect((await t.admin('POST', `/crypto/${paid}/refund`)).status).toBe(409);
    expect((await t.post('/crypto/payments/PPNOPE/cancel', {})).status).toBe(404);
  });

  it('coins reported finer than the coin\'s smallest unit: the refund is what arrived rounded down, and the processor sends it', async () => {
    const m = await newMerchant();
    const id = await newPayment(m);
    // 10,000.51 satoshis reach the address: 10,000 of them can go back, never 10,001.
    expect((await t.admin('POST', `/crypto/${id}/confirm`, { amountPaid: 0.0001000051, fromAddress: 'sbxbtc_payer_wallet_9' })).json).toMatchObject({ underpaid: true });
    const cancelled = await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true });
    expect(cancelled.data).toMatchObject({ cancelled: true, refund: { amount: 0.0001, status: 'pending' } });
    const sent = await t.admin('POST', `/crypto/${id}/refund`);
    expect(sent.status).toBe(200);
    expect(sent.json['refund']).toMatchObject({ amount: 0.0001, to: 'sbxbtc_payer_wallet_9', status: 'refunded' });
  });

  it('without a sending address from the chain, the sandbox makes one up at the first coins and refunds there', async () => {
    const m = await newMerchant();
    const id = await newPayment(m);
    const under = await t.admin('POST', `/crypto/${id}/confirm`, { amountPaid: 0.0002 });
    expect(under.status).toBe(200);
    const cancelled = await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true });
    expect((cancelled.data['refund'] as { to: string }).to).toMatch(/^sbxbtc_payer_[0-9a-f]{24}$/);
  });
});

describe('changing a crypto payment\'s coin or network', () => {
  const put = async (id: string, body: { currency: string; network: string }) => {
    const res = await t.app.request(`/api/v1/crypto/payments/${id}`, {
      method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    });
    const envelope = (await res.json()) as { data: string };
    return { status: res.status, data: decodeBody(envelope.data) as Record<string, unknown> };
  };

  it('once coins arrived, another coin or network is refused and the coins stay counted and owed back', async () => {
    const m = await newMerchant();
    const id = await newPayment(m);
    expect((await t.admin('POST', `/crypto/${id}/confirm`, { amountPaid: 0.0001, fromAddress: 'sbxbtc_payer_wallet_2' })).status).toBe(200);
    for (const other of [{ currency: 'ETH', network: 'ETH' }, { currency: 'USDT', network: 'TRX' }]) {
      const refused = await put(id, other);
      expect(refused.status, JSON.stringify(refused.data)).toBe(409);
      expect(refused.data['code']).toBe('coins_received');
    }
    // The same coin on its network is quoted again, what arrived kept.
    const same = await put(id, { currency: 'BTC', network: 'BTC' });
    expect(same.status).toBe(200);
    expect(same.data).toMatchObject({ currency: 'BTC', network: 'BTC', paidCrypto: 0.0001, underpaid: true });
    const cancelled = await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true });
    expect(cancelled.data['refund']).toMatchObject({ coin: 'BTC', network: 'BTC', amount: 0.0001, to: 'sbxbtc_payer_wallet_2', status: 'pending' });
    expect((await t.admin('POST', `/crypto/${id}/refund`)).status).toBe(200);
  });

  it('before any coin, another network is another address; a change racing the cancellation never undoes it', async () => {
    const m = await newMerchant();
    const id = await newPayment(m);
    const moved = await put(id, { currency: 'USDT', network: 'TRX' });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ currency: 'USDT', network: 'TRX', paidCrypto: 0 });
    expect((await t.admin('POST', `/crypto/${id}/confirm`, { amountPaid: 5, fromAddress: 'sbxtrx_payer_wallet_3' })).status).toBe(200);
    // The cancellation and a change of the same coin at once: whichever is first, the payment ends
    // cancelled with its refund of the 5 USDT recorded.
    for (let round = 0; round < 4; round++) {
      const [, cancel] = await Promise.all([put(id, { currency: 'USDT', network: 'TRX' }), t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true })]);
      expect(cancel.status).toBe(200);
      const now = (await t.get(`/crypto/payments/${id}`)).data;
      expect(now).toMatchObject({ cancelled: true, refund: { coin: 'USDT', network: 'TRX', amount: 5, status: 'pending' } });
    }
    expect((await put(id, { currency: 'USDT', network: 'TRX' })).status).toBe(404);
  });
});

describe('a crypto payment repeated with its trackId', () => {
  it('is answered with the first payment even after it paid its single-use link; a new trackId is refused', async () => {
    const m = await newMerchant();
    const link = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId: m.id, singleUse: true });
    const request = { codeProcess: String(link.json['code']), currency: 'BTC', network: 'BTC', trackId: randomUUID() };
    const first = await t.post('/crypto/payments', request);
    expect(first.status).toBe(200);
    expect((await t.admin('POST', `/crypto/${String(first.data['id'])}/confirm`, {})).status).toBe(200);

    const again = await t.post('/crypto/payments', request);
    expect(again.status, JSON.stringify(again.data)).toBe(200);
    expect(again.data).toMatchObject({ id: first.data['id'], address: first.data['address'], txStatus: 1 });
    expect((await t.post('/crypto/payments', { ...request, trackId: randomUUID() })).data['code']).toBe('request_already_paid');
    const rows = await t.db.query<{ n: number }>('select count(*)::int as n from transactions where track_id = $1', [request.trackId]);
    expect(rows[0]?.n).toBe(1);
  });
});
