import type { Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { constructEvent } from '@pasarela/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { faultyGateways } from '../../../test/gateways/faultyGateways';
import { reconcileRefunds } from '../../payments/reconcileRefunds';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';
import { startWebhookReceiver, TO_RECEIVER, type WebhookReceiver, deliverDueWebhooks } from '../../../test/webhookReceiver';

// A refund left pending (its gateway did not answer) that its gateway never made ends `failed`:
// the merchant hears it as a signed transaction.refund_failed webhook (docs/webhooks.md), verified
// here as a merchant's server does, with @pasarela/node, and checked against the OpenAPI document.

let t: TestApp;
let api: MerchantApiClient;
let receiver: WebhookReceiver;
let faults: ReturnType<typeof faultyGateways>;
beforeAll(async () => {
  [t, receiver] = await Promise.all([
    createTestApp({ wrapGateways: (inner: Gateways) => (faults = faultyGateways(inner)).gateways }),
    startWebhookReceiver(),
  ]);
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(async () => {
  await Promise.all([t.close(), receiver.close()]);
});

/** The deliveries about one payment (the receiver hears every merchant's). */
const receivedFor = (codOper: string) => receiver.received.filter((r) => (JSON.parse(r.body) as { data: { codOper: string } }).data.codOper === codOper);

it('a pending refund its gateway never made: one signed transaction.refund_failed naming the order, and its amount free again', async () => {
  const merchant = await t.admin('POST', '/merchants', { name: 'Reembolsos S.A.', webhookUrl: receiver.url });
  const key = String(merchant.json['secretKey']);
  const webhookSecret = String(merchant.json['webhookSecret']);
  const orderReference = `pedido-${randomUUID()}`;
  const link = await api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', orderReference, metadata: { cliente: 'c_77' } } });
  const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['codOper']);

  // The refund's call never reaches the card processor: the refund is pending.
  faults.plan('card', 'timeout');
  const pending = await api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 10 } });
  expect(pending.json).toMatchObject({ status: 'pending', amount: 10 });
  const refundId = String(pending.json['id']);

  // Past its call's deadline the reconciler asks the processor by the refund's key: none made.
  await t.db.query("update refunds set created_at = now() - interval '1 minute' where id = $1", [refundId]);
  expect(await reconcileRefunds({ db: t.db, gateways: t.gateways })).toEqual([refundId]);
  expect(await reconcileRefunds({ db: t.db, gateways: t.gateways })).toEqual([]);
  while ((await deliverDueWebhooks(t.db, TO_RECEIVER)) > 0);

  const failed = receivedFor(codOper)
    .map((r) => ({ raw: r.body, event: constructEvent(r.body, r.headers['pasarela-signature'], webhookSecret) }))
    .filter(({ event }) => event.type === 'transaction.refund_failed');
  expect(failed).toHaveLength(1);
  const [{ raw, event } = { raw: '', event: undefined }] = failed;
  if (event?.type !== 'transaction.refund_failed') throw new Error('no transaction.refund_failed event');
  expect(event.data).toMatchObject({ refundId, refundAmount: 10, refundFailureReason: 'not_made', refundedAmount: 0, orderReference, metadata: { cliente: 'c_77' }, result: 'APPROVED' });
  api.checkWebhookEvent(JSON.parse(raw));
  // Signed with this merchant's secret only.
  const delivery = receiver.received.find((r) => r.body === raw);
  expect(() => constructEvent(raw, delivery?.headers['pasarela-signature'], 'whsec_another')).toThrow('does not match');

  // The verify call shows the same, and the $10 may be refunded again.
  expect((await api.call('GET', `/transactions/${codOper}`, { key })).json).toMatchObject({ refundedAmount: 0, refunds: [{ id: refundId, status: 'failed' }] });
  expect((await api.call('POST', `/transactions/${codOper}/refunds`, { key })).json).toMatchObject({ status: 'succeeded', amount: 26.75 });
});

it('a refund the gateway refuses at once: 502 refund_refused, and one signed transaction.refund_failed (refused)', async () => {
  const merchant = await t.admin('POST', '/merchants', { name: 'Rechazos S.A.', webhookUrl: receiver.url });
  const key = String(merchant.json['secretKey']);
  const webhookSecret = String(merchant.json['webhookSecret']);
  const link = await api.call('POST', '/payment-links', { key, body: { amount: 25, taxAmount: 1.75, description: 'Pedido', orderReference: `pedido-${randomUUID()}` } });
  const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code'])))).data['codOper']);
  // Refunded in full at the processor itself (its own dashboard): it refuses any more.
  await t.simulator.books.move<unknown, Record<string, unknown>>('card', codOper, (entry) => ({ ...entry.state, refundedCents: 2675 }));

  const refused = await api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 5 } });
  expect([refused.status, refused.json['code']]).toEqual([502, 'refund_refused']);
  while ((await deliverDueWebhooks(t.db, TO_RECEIVER)) > 0);
  const events = receivedFor(codOper)
    .map((r) => constructEvent(r.body, r.headers['pasarela-signature'], webhookSecret))
    .filter((e) => e.type === 'transaction.refund_failed');
  expect(events.map((e) => e.data)).toEqual([expect.objectContaining({ refundAmount: 5, refundFailureReason: 'refused', refundedAmount: 0, orderReference: link.json['orderReference'] })]);
  expect((await api.call('GET', `/transactions/${codOper}`, { key })).json['refunds']).toEqual([expect.objectContaining({ amount: 5, status: 'failed' })]);
});
