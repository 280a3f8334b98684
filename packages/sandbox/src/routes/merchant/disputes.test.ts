import { Pasarela } from '@pasarela/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';
import { cardPayload, createTestApp, type TestApp } from '../../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../../test/merchantApiClient';

// Disputes through the merchant API (docs/merchant-api.md "Disputes"): the processor's dispute
// event opens one, the merchant answers with evidence or accepts, the sandbox decides; each step is
// an event in the change feed, and the books follow (won: the amount comes back).

let t: TestApp;
let api: MerchantApiClient;
beforeAll(async () => {
  t = await createTestApp();
  api = await merchantApiClient((path, init) => t.app.request(path, init));
});
afterAll(() => t.close());

async function disputed(name: string) {
  const created = await t.admin('POST', '/merchants', { name });
  const key = String(created.json['secretKey']);
  const link = await api.call('POST', '/payment-links', { key, body: { amount: 40, description: 'Pedido' } });
  const codOper = String((await t.post('/cards/auth-capture', cardPayload(String(link.json['code']), { amount: 40, taxAmount: 0 }))).data['codOper']);
  const [row] = await t.db.query<{ gateway_reference: string }>('select gateway_reference from transactions where cod_oper = $1', [codOper]);
  const id = `dp_${codOper}`;
  await receiveGatewayEvent(t, {
    id: `evt-${id}`, kind: 'dispute', paymentReference: String(row?.gateway_reference),
    dispute: { reference: id, status: 'needs_response', amountCents: 4000, currency: 'USD', reason: 'fraudulent', evidenceDueBy: new Date(Date.now() + 7 * 86_400_000) },
  });
  return { key, codOper, id };
}

const types = async (key: string) => ((await api.call('GET', '/events', { key })).json['data'] as Array<{ type: string }>).map((e) => e.type).filter((type) => type.startsWith('dispute.'));

it('answered with evidence, then won: under review, closed won, the amount back in the balance', async () => {
  const { key, codOper, id } = await disputed('Pruebas S.A.');
  expect((await api.call('GET', '/disputes', { key })).json['data']).toEqual([expect.objectContaining({ id, codOper, amount: 40, status: 'needs_response', reason: 'fraudulent' })]);
  const answered = await api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Entregado el 20/11, firma adjunta' } });
  expect(answered.json).toMatchObject({ status: 'under_review', evidence: 'Entregado el 20/11, firma adjunta' });
  const again = await api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'otra vez' } });
  expect([again.status, again.json['code']]).toEqual([409, 'dispute_under_review']);
  expect((await t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' })).json).toMatchObject({ id, status: 'won' });
  expect((await api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'won' });
  const lines = (await api.call('GET', '/balance-transactions', { key })).json['data'] as Array<{ type: string; net: number }>;
  expect(lines.map((l) => [l.type, l.net])).toEqual([['dispute_reversal', 40], ['dispute', -55], ['payment', 38.54]]);
  expect(await types(key)).toEqual(['dispute.closed', 'dispute.updated', 'dispute.created']);
});

it('accepted: lost, its money stays out; a decision after it is a 409; another merchant\'s is a 404', async () => {
  const { key, id } = await disputed('Aceptadas S.A.');
  expect((await api.call('POST', `/disputes/${id}/accept`, { key, body: {} })).json).toMatchObject({ status: 'lost' });
  const late = await t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' });
  expect([late.status, late.json['code']]).toEqual([409, 'dispute_closed']);
  const other = String((await t.admin('POST', '/merchants', { name: 'Otra S.A.' })).json['secretKey']);
  expect((await api.call('GET', `/disputes/${id}`, { key: other })).status).toBe(404);
  expect((await api.call('GET', '/balance', { key })).json).toEqual({ currency: 'USD', available: -55, pending: 38.54 });
});

it('a shop server on @pasarela/node reads its disputes and answers one', async () => {
  const { key, id } = await disputed('Node Disputas S.A.');
  const pasarela = new Pasarela({ secretKey: key, baseUrl: 'http://localhost:4000', fetch: (url, init) => Promise.resolve(t.app.request(String(url), init)) });
  expect((await pasarela.disputes.list()).data.map((d) => [d.id, d.status])).toEqual([[id, 'needs_response']]);
  expect(await pasarela.disputes.submitEvidence(id, { evidence: 'Pedido entregado' })).toMatchObject({ id, status: 'under_review' });
  const events = (await pasarela.events.list({ type: 'dispute.updated' })).data;
  expect(events.map((e) => (e.data as unknown as { id: string }).id)).toEqual([id]);
});
