import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody } from '@pasarela/core';
import { createMerchant, createTestApp, type TestApp } from '../../test/testApp';
import { merchantApiClient } from '../../test/merchantApiClient';
import { findTransaction } from '../store/transactions';
import { depositKeyOf } from './cryptoReceived';
import { receiveGatewayEvent } from './receiveGatewayEvent';
import { receiveNotification } from './receiveNotification';
import { askGateway as askRefundGateway } from './reconcileRefunds';
import { sendCryptoRefund } from './cryptoPayment';
import { reconcileGiveBacks } from './reconcileGiveBacks';

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
  if (!row) throw new Error('no payment');
  const deposit = await t.controls.crypto.chainConfirms(depositKeyOf(row), paid, sender);
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
    // Owed to the payer: only the 0.00005 BTC not sent yet (2.50 USD at 50,000), never the 0.00015 that went back.
    expect((await findTransaction(t.db, id))?.details['owedToPayer']).toMatchObject({ amountCents: 250, state: 'owed' });
    expect((await t.admin('POST', `/crypto/${id}/refund`)).json).toMatchObject({ refund: { amount: 0.0002, status: 'refunded' } });
    const owed = await findTransaction(t.db, id);
    expect(owed?.details['owedToPayer']).toMatchObject({ amountCents: 250, state: 'given_back' });
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
    // Worth under a cent: no money owed beside the coins (no owedToPayer of 0, no transaction.owed_to_payer of nothing).
    expect((await findTransaction(t.db, id))?.details['owedToPayer']).toBeUndefined();
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
    // Owed to the payer meanwhile: the 0.00005 BTC not sent yet (2.50 USD), not the 0.0001 that went.
    expect(afterFirst.details['owedToPayer']).toMatchObject({ amountCents: 250, state: 'owed' });
    const done = await sendCryptoRefund(deps, afterFirst);
    expect(done.details).toMatchObject({ refund: { amount: 0.00015, status: 'refunded' }, refundSent: 0.00015 });
  });

  it('coins after a refund was sent reopen it and tell the merchant once; a fraction of a unit, that cannot go back, reopens nothing', async () => {
    const id = await newPayment('BTC', 'BTC');
    await chainReports(id, 0.0001);
    await t.post(`/crypto/payments/${id}/cancel`, { confirmRefund: true });
    await t.admin('POST', `/crypto/${id}/refund`);
    const events = async () => (await t.db.query<{ event_type: string | null; refund: { amount: number; status: string } | null; owed_to_payer: { state: string } | null }>(
      `select event_type, refund, owed_to_payer from webhook_events where cod_oper = $1 order by created_at, id`, [id]));
    const sent = (await events()).length;
    // Half a satoshi more: nothing more can go back.
    await chainReports(id, 0.000100005);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ refund: { amount: 0.0001, status: 'refunded' } });
    expect(await events()).toHaveLength(sent);
    // 20 satoshis more (a cent at 50,000): the refund is owed again, the merchant told so once (the cent not sent), then told it went back.
    await chainReports(id, 0.0001002);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ refund: { amount: 0.0001002, status: 'pending' } });
    expect((await events()).slice(sent)).toEqual([expect.objectContaining({ event_type: 'transaction.owed_to_payer', refund: expect.objectContaining({ amount: 0.0001002, status: 'pending' }), owed_to_payer: expect.objectContaining({ amountCents: 1, state: 'owed' }) })]);
    expect((await t.admin('POST', `/crypto/${id}/refund`)).json).toMatchObject({ refund: { amount: 0.0001002, status: 'refunded' } });
    expect((await events()).slice(sent + 1)).toEqual([expect.objectContaining({ event_type: null, refund: expect.objectContaining({ status: 'refunded' }), owed_to_payer: expect.objectContaining({ state: 'given_back' }) })]);
  });

  it('dust reaching a cancelled payment (worth under a cent) is owed back as coins and tells the merchant of no money owed', async () => {
    const events = async (id: string) => (await t.db.query<{ event_type: string | null; refund: { amount: number; status: string } | null; owed_to_payer: { amountCents: number; state: string } | null }>(
      `select event_type, refund, owed_to_payer from webhook_events where cod_oper = $1 order by created_at, id`, [id]));
    // Cancelled with nothing received, then one satoshi (0.05 cents) reaches the address.
    const empty = await newPayment('BTC', 'BTC');
    await t.post(`/crypto/payments/${empty}/cancel`, {});
    const before = (await events(empty)).length;
    await chainReports(empty, 0.00000001);
    expect((await t.get(`/crypto/payments/${empty}`)).data).toMatchObject({ paidCrypto: 0.00000001, refund: { amount: 0.00000001, status: 'pending' } });
    expect((await findTransaction(t.db, empty))?.details['owedToPayer']).toBeUndefined();
    expect((await events(empty)).slice(before)).toEqual([expect.objectContaining({ event_type: null, refund: expect.objectContaining({ amount: 0.00000001, status: 'pending' }), owed_to_payer: null })]);

    // Refund sent, then one satoshi more: the refund reopens for it (a transaction.declined), no owed_to_payer of 0.
    const sentOnce = await newPayment('BTC', 'BTC');
    await chainReports(sentOnce, 0.0001);
    await t.post(`/crypto/payments/${sentOnce}/cancel`, { confirmRefund: true });
    await t.admin('POST', `/crypto/${sentOnce}/refund`);
    const sent = (await events(sentOnce)).length;
    await chainReports(sentOnce, 0.00010001);
    expect((await t.get(`/crypto/payments/${sentOnce}`)).data).toMatchObject({ refund: { amount: 0.00010001, status: 'pending' } });
    expect((await events(sentOnce)).slice(sent)).toEqual([expect.objectContaining({ event_type: null, refund: expect.objectContaining({ amount: 0.00010001, status: 'pending' }), owed_to_payer: expect.objectContaining({ state: 'given_back' }) })]);
    expect((await t.admin('POST', `/crypto/${sentOnce}/refund`)).json).toMatchObject({ refund: { amount: 0.00010001, status: 'refunded' } });
  });

  it('a deposit reported for the address from before a coin change, reaching the payment after the change, is not the new coin\'s', async () => {
    const id = await newPayment('USDT', 'ETH');
    const before = await findTransaction(t.db, id);
    // The report about the USDT address was on its way when the payer moved to ETH.
    const stale = await t.controls.crypto.chainConfirms(depositKeyOf(before!), 25, 'sbxeth_payer_stale');
    await putCoin(id, 'ETH', 'ETH');
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `test:${id}:race`, key: id, kind: 'crypto', deposit: stale! });
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 0, currency: 'ETH', amountCrypto: 0.01, paidCrypto: 0 });
  });

  it('coins reaching a payment cancelled with nothing received are owed back', async () => {
    const id = await newPayment('BTC', 'BTC');
    await t.post(`/crypto/payments/${id}/cancel`, {});
    await chainReports(id, 0.0001);
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ paidCrypto: 0.0001, refund: { amount: 0.0001, status: 'pending' } });
  });

  it('another coin on the same network gets an address of its own: coins a stale page sends to the old one are never the new coin\'s', async () => {
    const id = await newPayment('USDT', 'ETH');
    const before = await findTransaction(t.db, id);
    const changed = await putCoin(id, 'ETH', 'ETH');
    expect(changed).toMatchObject({ currency: 'ETH', network: 'ETH', amountCrypto: 0.01 });
    const after = await findTransaction(t.db, id);
    expect(after?.reference).toBeTruthy();
    expect(after?.reference).not.toBe(before?.reference);
    expect(changed['address']).toBe(after?.reference);
    expect(depositKeyOf(after!)).not.toBe(depositKeyOf(before!));
    // A page still showing the USDT address: 0.01 USDT reach it, and the processor tells the server.
    const stale = await t.controls.crypto.chainConfirms(depositKeyOf(before!), 0.01, 'sbxeth_payer_stale');
    expect(stale?.address).toBe(before?.reference);
    // A deposit at another address than the payment's now is not its coin's: nothing recorded for it.
    const told = await receiveNotification({ db: t.db, gateways: t.gateways }, 'crypto', { id: `test:${id}:stale`, key: id, kind: 'crypto', deposit: stale! }, 'http://localhost');
    expect(told.kind).toBe('finished');
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 0, currency: 'ETH', paidCrypto: 0 });
    // The ETH that reach the new address pay it, the processor's books asked under its key.
    const paid = await t.controls.crypto.chainConfirms(depositKeyOf(after!), 0.01, 'sbxeth_payer_wallet_2');
    expect(paid?.address).toBe(after?.reference);
    const heard = await receiveNotification({ db: t.db, gateways: t.gateways }, 'crypto', { id: `test:${id}:new`, key: id, kind: 'crypto', deposit: paid! }, 'http://localhost');
    expect(heard.kind).toBe('settled');
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 1, currency: 'ETH', paidCrypto: 0.01 });
  });

  it('coins sent to the address the payment moved from are the payer\'s: recorded once and sent back from it, never counted nor the merchant\'s', async () => {
    const id = await newPayment('USDT', 'ETH');
    const before = (await findTransaction(t.db, id))!;
    await putCoin(id, 'ETH', 'ETH');
    // 25 USDT a page still showing the USDT address sent, reported after the change.
    const stale = await t.controls.crypto.chainConfirms(depositKeyOf(before), 25, 'sbxeth_payer_stale');
    const deps = { db: t.db, gateways: t.gateways };
    expect((await receiveNotification(deps, 'crypto', { id: `test:${id}:stray`, key: id, kind: 'crypto', deposit: stale! }, 'http://localhost')).kind).toBe('finished');
    const row = (await findTransaction(t.db, id))!;
    expect(row.details['strayDeposits']).toEqual({ [before.reference!]: expect.objectContaining({ coin: 'USDT', network: 'ETH', amount: 25, to: 'sbxeth_payer_stale', status: 'refunded', sent: 25 }) });
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 0, currency: 'ETH', paidCrypto: 0 });
    // Sent back from the old deposit, once: told again (another id, the same deposit), nothing recorded or sent twice.
    await receiveGatewayEvent(deps, { id: `test:${id}:stray-again`, key: id, kind: 'crypto', deposit: stale! });
    const refunds = () => t.simulator.books.find<unknown, { refunds?: unknown[] }>(depositKeyOf(before))?.state.refunds;
    expect(refunds()).toEqual([{ key: `${id}:stray:${before.reference}`, to: 'sbxeth_payer_stale', amountCrypto: 25 }]);
    // The payment still pays in ETH, and the merchant's books count only its order.
    await chainReports(id, 0.01, 'sbxeth_payer_wallet_2');
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 1, currency: 'ETH', paidCrypto: 0.01 });
    const books = await t.db.query<{ amount_cents: number }>(`select amount_cents from balance_transactions where cod_oper = $1`, [id]);
    expect(books).toEqual([{ amount_cents: 2500 }]);
  });

  it('back to a coin whose old address got coins recorded as the payer\'s: a new address, those coins never counted as the payment\'s', async () => {
    const id = await newPayment('USDT', 'ETH');
    await putCoin(id, 'ETH', 'ETH');
    const eth = (await findTransaction(t.db, id))!;
    await putCoin(id, 'USDT', 'ETH');
    const stale = await t.controls.crypto.chainConfirms(depositKeyOf(eth), 0.004, 'sbxeth_payer_stale_3');
    await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `test:${id}:stray`, key: id, kind: 'crypto', deposit: stale! });
    expect((await putCoin(id, 'ETH', 'ETH'))['address']).not.toBe(eth.reference);
    const back = (await findTransaction(t.db, id))!;
    expect(depositKeyOf(back)).not.toBe(depositKeyOf(eth));
    await chainReports(id, 0.006, 'sbxeth_payer_wallet_5');
    expect((await t.get(`/crypto/payments/${id}`)).data).toMatchObject({ txStatus: 0, paidCrypto: 0.006, underpaid: true });
    expect(back.details['strayDeposits']).toEqual({ [eth.reference!]: expect.objectContaining({ amount: 0.004, status: 'refunded' }) });
  });

  it('a report about the address the payment moved from, contradicted by the processor\'s books there, records nothing', async () => {
    const id = await newPayment('USDT', 'ETH');
    const before = (await findTransaction(t.db, id))!;
    await putCoin(id, 'ETH', 'ETH');
    const forged = { address: before.reference!, paidCrypto: 25, senderAddress: 'sbxeth_someone' };
    expect((await receiveNotification({ db: t.db, gateways: t.gateways }, 'crypto', { id: `test:${id}:forged`, key: id, kind: 'crypto', deposit: forged }, 'http://localhost')).kind).toBe('contradicted');
    expect((await findTransaction(t.db, id))?.details['strayDeposits']).toBeUndefined();
  });

  it('coins at the old address the processor would not send back at once stay owed, and the reconciler sends them once', async () => {
    const id = await newPayment('USDT', 'ETH');
    const before = (await findTransaction(t.db, id))!;
    await putCoin(id, 'ETH', 'ETH');
    const stale = await t.controls.crypto.chainConfirms(depositKeyOf(before), 10, 'sbxeth_payer_stale_2');
    const refusing = { ...t.gateways, crypto: { ...t.gateways.crypto, refund: async () => 'refused' as const } };
    await receiveGatewayEvent({ db: t.db, gateways: refusing }, { id: `test:${id}:stray`, key: id, kind: 'crypto', deposit: stale! });
    expect((await findTransaction(t.db, id))?.details['strayDeposits']).toEqual({ [before.reference!]: expect.objectContaining({ amount: 10, status: 'pending' }) });
    await t.db.query(`update transactions set updated_at = now() - interval '1 minute' where cod_oper = $1`, [id]);
    expect(await reconcileGiveBacks({ db: t.db, gateways: t.gateways })).toContain(id);
    expect((await findTransaction(t.db, id))?.details['strayDeposits']).toEqual({ [before.reference!]: expect.objectContaining({ amount: 10, status: 'refunded', sent: 10 }) });
    // Asked again: nothing sent twice.
    await t.db.query(`update transactions set updated_at = now() - interval '1 minute' where cod_oper = $1`, [id]);
    expect(await reconcileGiveBacks({ db: t.db, gateways: t.gateways })).not.toContain(id);
    expect(t.simulator.books.find<unknown, { refunds?: unknown[] }>(depositKeyOf(before))?.state.refunds).toEqual([{ key: `${id}:stray:${before.reference}`, to: 'sbxeth_payer_stale_2', amountCrypto: 10 }]);
  });

  it('back to the first coin after another, its address is not the other coin\'s', async () => {
    const id = await newPayment('USDT', 'ETH');
    await putCoin(id, 'ETH', 'ETH');
    const eth = await findTransaction(t.db, id);
    await putCoin(id, 'USDT', 'ETH');
    const usdt = await findTransaction(t.db, id);
    expect(usdt?.reference).not.toBe(eth?.reference);
    // And to ETH again: its own address back, what reached it still the ETH's.
    await putCoin(id, 'ETH', 'ETH');
    expect((await findTransaction(t.db, id))?.reference).toBe(eth?.reference);
  });

  it('after a coin change, the refunds (a cancelled one, an overpayment, the merchant\'s) come out of the new coin\'s deposit', async () => {
    // Under-paid in the new coin, cancelled: the refund goes from its address.
    const cancelled = await newPayment('USDT', 'ETH');
    await putCoin(cancelled, 'ETH', 'ETH');
    await chainReports(cancelled, 0.004, 'sbxeth_payer_wallet_3');
    expect((await t.post(`/crypto/payments/${cancelled}/cancel`, { confirmRefund: true })).data).toMatchObject({ refund: { coin: 'ETH', amount: 0.004, status: 'pending' } });
    expect((await t.admin('POST', `/crypto/${cancelled}/refund`)).json).toMatchObject({ refund: { amount: 0.004, status: 'refunded' } });
    const row = await findTransaction(t.db, cancelled);
    expect(t.simulator.books.find<unknown, { refunds?: unknown[] }>(depositKeyOf(row!))?.state.refunds).toEqual([{ key: `${cancelled}:refund`, to: 'sbxeth_payer_wallet_3', amountCrypto: 0.004 }]);

    // Paid beyond the quote in the new coin (the sandbox's confirm at its address): the rest goes back from there, and so does the merchant's refund.
    const m = await createMerchant(t, { name: 'Monedas S.A.' });
    const api = await merchantApiClient((path, init) => t.app.request(path, init));
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, description: 'Pedido' } });
    const paid = String((await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'USDT', network: 'ETH' })).data['id']);
    await putCoin(paid, 'ETH', 'ETH');
    expect((await t.admin('POST', `/crypto/${paid}/confirm`, { amountPaid: 0.012, fromAddress: 'sbxeth_payer_wallet_4' })).json)
      .toMatchObject({ txStatus: 1, currency: 'ETH', paidCrypto: 0.012, overpayment: { amount: 0.002, status: 'refunded' } });
    const refunded = await api.call('POST', `/transactions/${paid}/refunds`, { key: m.key, body: { amount: 10 } });
    expect(refunded.status).toBe(201);
    const paidRow = (await findTransaction(t.db, paid))!;
    const sent = t.simulator.books.find<unknown, { refunds?: Array<{ key: string; amountCrypto: number }> }>(depositKeyOf(paidRow))?.state.refunds ?? [];
    expect(sent.map((r) => r.amountCrypto)).toEqual([0.002, 0.004]);
    // The reconciler asks the processor about that refund where it was made.
    const refundId = String(refunded.json['id'] ?? (refunded.json['refund'] as Record<string, unknown> | undefined)?.['id']);
    expect(await askRefundGateway({ gateways: t.gateways }, { id: refundId, cod_oper: paid, method: 'crypto', details: paidRow.details, payment_reference: null, gateway_reference: null })).toBe('refunded');
  });
});

async function putCoin(id: string, currency: string, network: string): Promise<Record<string, unknown>> {
  const res = await t.app.request(`/api/v1/crypto/payments/${id}`, {
    method: 'PUT', body: JSON.stringify({ currency, network }), headers: { 'content-type': 'application/json', 'x-api-key': 'pk_sandbox_pasarela_guest' },
  });
  expect(res.status).toBe(200);
  return decodeBody((await res.json() as { data: string }).data) as Record<string, unknown>;
}
