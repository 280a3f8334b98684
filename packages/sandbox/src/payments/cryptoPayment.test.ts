import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '@pasarela/core';
import { createTestApp, type TestApp } from '../../test/testApp';
import { findTransaction } from '../store/transactions';
import { depositKeyOf } from './cryptoReceived';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { sendCryptoRefund } from './cryptoPayment';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function newPayment(currency: string, network: string, amount = 25): Promise<string> {
  const link = await t.admin('POST', '/links', { amount, description: 'Pedido' });
  const created = await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency, network });
  expect(created.status).toBe(200);
  return String(created.data['id']);
}

/** The chain reports `paid` in all at the payment's current address; the processor tells the server. */
async function chainReports(id: string, paid: number, sender = 'sbxbtc_payer_wallet_1') {
  const row = await findTransaction(t.db, id);
  const deposit = await t.controls.crypto.chainConfirms(depositKeyOf(id, String(row?.details['network'])), paid, sender);
  if (!deposit) throw new Error('no deposit');
  return receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `test:${id}:${paid}`, key: id, kind: 'crypto', deposit });
}

describe('a crypto payment', () => {
  it('paid a fraction of the smallest unit short is under-paid, one unit owed (core cryptoPaidInFull)', async () => {
    const id = await newPayment('BTC', 'BTC');
    // 25 USD at 50,000: 0.0005 BTC; 0.0005 less half a billionth arrives: 49999 whole satoshis.
    await chainReports(id, 0.0005 - 5e-10);
    const answer = (await t.get(`/crypto/payments/${id}`)).data;
    expect(answer).toMatchObject({ txStatus: 0, underpaid: true });
  });

  it('coins arriving after the cancellation are owed back with those before, also once the refund was sent', async () => {
    const id = await newPayment('BTC', 'BTC');
    await chainReports(id, 0.0001);
    expect((await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true })).data).toMatchObject({ refund: { amount: 0.0001, status: 'pending' } });
    // More coins reach the address before the refund goes: the refund owes all of them.
    await chainReports(id, 0.00015);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ paidCrypto: 0.00015, refund: { amount: 0.00015, status: 'pending' } });
    expect((await t.admin('POST', `/crypto/${id}/refund`)).json).toMatchObject({ refund: { amount: 0.00015, status: 'refunded' } });
    // And after it went: the new coins are owed again, and sent back on their own.
    await chainReports(id, 0.0002);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ paidCrypto: 0.0002, refund: { amount: 0.0002, status: 'pending' } });
    expect((await t.admin('POST', `/crypto/${id}/refund`)).json).toMatchObject({ refund: { amount: 0.0002, status: 'refunded' } });
    const owed = await findTransaction(t.db, id);
    expect(owed?.details['owedToPayer']).toMatchObject({ amountCents: 1000, state: 'given_back' });
  });

  it('another coin on the same network gets a quote of its own', async () => {
    const id = await newPayment('USDT', 'ETH');
    const res = await t.app.request(`/api/v1/crypto/payments/${id}`, {
      method: 'PUT', body: JSON.stringify({ currency: 'ETH', network: 'ETH' }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
    });
    expect(res.status).toBe(200);
    const changed = { data: decodeBody((await res.json() as { data: string }).data) as Record<string, unknown> };
    expect(changed.data).toMatchObject({ currency: 'ETH', network: 'ETH', amountCrypto: 0.01, rate: 2500 });
    // The whole quote in ETH reaches the new address: paid.
    await chainReports(id, 0.01);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 1 });
  });

  it('coins arriving after the quote expired are counted at the coin\'s quote on arrival, not the old one', async () => {
    const id = await newPayment('BTC', 'BTC');
    // Quoted when BTC was at 62,500 (0.0004 BTC for 25 USD), its 10 minutes over; BTC is at 50,000 now.
    await t.db.query(`update transactions set details = details || $2::jsonb where cod_oper = $1`,
      [id, JSON.stringify({ amountCrypto: 0.0004, rate: 62500, rateExpiresAt: new Date(Date.now() - 60_000).toISOString() })]);
    await chainReports(id, 0.0004);
    const answer = (await t.get(`/crypto/payments/${id}`)).data;
    expect(answer).toMatchObject({ txStatus: 0, underpaid: true, amountCrypto: 0.0005, rate: 50000, paidCrypto: 0.0004 });
    expect(Date.parse(String(answer['rateExpiresAt']))).toBeGreaterThan(Date.now());
    // The rest at the new quote pays it.
    await chainReports(id, 0.0005);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 1, underpaid: false });
  });

  it('coins arriving within the frozen 10 minutes pay the quote they were sent for', async () => {
    const id = await newPayment('BTC', 'BTC');
    await t.db.query(`update transactions set details = details || $2::jsonb where cod_oper = $1`, [id, JSON.stringify({ amountCrypto: 0.0004, rate: 62500 })]);
    await chainReports(id, 0.0004);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 1, amountCrypto: 0.0004 });
  });

  it('cancelled after a dust deposit owes the payer what the dust was worth, not the order', async () => {
    const id = await newPayment('BTC', 'BTC');
    await chainReports(id, 0.00000001);
    expect((await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true })).data).toMatchObject({ refund: { amount: 0.00000001, status: 'pending' } });
    expect((await findTransaction(t.db, id))?.details['owedToPayer']).toMatchObject({ amountCents: 0, state: 'owed' });
  });

  it('coins arriving while the refund is being sent are sent back after it, never marked sent unsent', async () => {
    const id = await newPayment('BTC', 'BTC');
    await chainReports(id, 0.0001);
    await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true });
    const asRead = await findTransaction(t.db, id);
    // More coins are recorded between the refund's read and its send.
    await chainReports(id, 0.00015);
    const deps = { db: t.db, gateways: t.gateways } as unknown as Parameters<typeof sendCryptoRefund>[0];
    const afterFirst = await sendCryptoRefund(deps, asRead!);
    expect(afterFirst.details).toMatchObject({ refund: { amount: 0.00015, status: 'pending' }, refundSent: 0.0001 });
    const done = await sendCryptoRefund(deps, afterFirst);
    expect(done.details).toMatchObject({ refund: { amount: 0.00015, status: 'refunded' }, refundSent: 0.00015 });
  });
});
