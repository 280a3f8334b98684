import { GatewayOutcomeUnknown } from '@pasarela/gateways';
import { ReceiptSchema } from '@pasarela/core';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../test/merchantApiClient';
import { reconcileAttempts } from './reconcileAttempts';

// An overpayment's send whose answer is lost, then coins that arrive after the approval: every coin
// beyond the quote goes back to the payer once, none twice, none kept.

let t: TestApp;
let api: MerchantApiClient;
/** The crypto processor's next refund is sent, and its answer lost on the way back. */
let loseNextRefund = false;
beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: (gateways) => ({
      ...gateways,
      crypto: {
        ...gateways.crypto,
        refund: async (call) => {
          const answer = await gateways.crypto.refund(call);
          if (!loseNextRefund) return answer;
          loseNextRefund = false;
          throw new GatewayOutcomeUnknown('crypto processor: the answer was lost on the way back');
        },
      },
    }),
  });
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

const sentBack = (codOper: string) =>
  (t.simulator.books.find<unknown, { refunds?: Array<{ key: string; amountCrypto: number }> }>(`${codOper}:TRX`)?.state.refunds ?? []);

describe('"an overpayment is the payer\'s": a send whose answer was lost is asked again as it was, and later coins go under a key of their own', () => {
  it('3.25 sent with its answer lost, 10 more arriving: 13.25 went back in all, each coin once', async () => {
    const m = await createMerchant(t, { name: 'Sobrepagos S.A.' });
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'USDT', network: 'TRX' })).data['id']);
    loseNextRefund = true;
    // 30 USDT against a 26.75 quote: 3.25 beyond it, sent, but the servers never heard so.
    expect((await t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 30, fromAddress: 'sbxtrx_payer_wallet_8' })).json).toMatchObject({ overpayment: { amount: 3.25, status: 'pending' } });
    expect(sentBack(codOper)).toEqual([{ key: `${codOper}:overpayment`, to: 'sbxtrx_payer_wallet_8', amountCrypto: 3.25 }]);
    // 10 more reach the address: 13.25 beyond the quote. The 3.25 is asked again under its key, then the 10 under theirs.
    expect((await t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 40 })).json).toMatchObject({ paidCrypto: 40, overpayment: { amount: 13.25, status: 'refunded' } });
    expect(sentBack(codOper)).toEqual([
      { key: `${codOper}:overpayment`, to: 'sbxtrx_payer_wallet_8', amountCrypto: 3.25 },
      { key: `${codOper}:overpayment:3.25`, to: 'sbxtrx_payer_wallet_8', amountCrypto: 10 },
    ]);
    expect(await reconcileAttempts(t)).not.toContain(codOper);
    expect(sentBack(codOper)).toHaveLength(2);
    const tx = (await api.call('GET', `/transactions/${codOper}`, { key: m.key })).json;
    expect(tx).toMatchObject({ result: 'APPROVED', totalPaid: 26.75, overpayment: { amount: 13.25, status: 'refunded' } });
  });

  it('left in doubt, the reconciler asks the recorded send again: sent once', async () => {
    const m = await createMerchant(t, { name: 'Sobrepagos Dos S.A.' });
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'USDT', network: 'TRX' })).data['id']);
    loseNextRefund = true;
    expect((await t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 30, fromAddress: 'sbxtrx_payer_wallet_9' })).json).toMatchObject({ overpayment: { status: 'pending' } });
    await t.db.query(`update transactions set updated_at = now() - interval '1 minute' where cod_oper = $1`, [codOper]);
    expect(await reconcileAttempts(t)).toContain(codOper);
    expect(sentBack(codOper)).toEqual([{ key: `${codOper}:overpayment`, to: 'sbxtrx_payer_wallet_9', amountCrypto: 3.25 }]);
    const [row] = await t.db.query<{ details: Record<string, unknown> }>('select details from transactions where cod_oper = $1', [codOper]);
    expect(row?.details).toMatchObject({ overpaymentSent: 3.25, overpayment: { status: 'refunded' } });
    expect(row?.details).not.toHaveProperty('overpaymentSending');
  });

  it("the payer's receipt says the coins beyond the quote and where they stand, as the widget reads it", async () => {
    const m = await createMerchant(t, { name: 'Sobrepagos Tres S.A.' });
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'USDT', network: 'TRX' })).data['id']);
    await t.admin('POST', `/crypto/${codOper}/confirm`, { amountPaid: 30, fromAddress: 'sbxtrx_payer_wallet_7' });
    const receipt = (await t.get(`/receipts/${codOper}`)).data;
    expect(v.parse(ReceiptSchema, receipt)).toMatchObject({
      status: 1, totalPay: 26.75, overpayment: { coin: 'USDT', network: 'TRX', amount: 3.25, to: 'sbxtrx_payer_wallet_7', status: 'refunded' },
    });
  });

  it('a receipt without coins beyond the quote names none', async () => {
    const m = await createMerchant(t, { name: 'Sobrepagos Cuatro S.A.' });
    const link = await api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido' } });
    const codOper = String((await t.post('/crypto/payments', { codeProcess: String(link.json['code']), currency: 'USDT', network: 'TRX' })).data['id']);
    await t.admin('POST', `/crypto/${codOper}/confirm`, {});
    expect((await t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 1, overpayment: null });
  });
});
