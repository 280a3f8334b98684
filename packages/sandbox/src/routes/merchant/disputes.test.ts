import { expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';

// Disputes through the merchant API (docs/merchant-api.md "Disputes"): the processor's dispute
// event opens one, the merchant answers with evidence or accepts, the sandbox decides; each step is
// an event in the change feed, and the books follow (won: the amount comes back).

const setup = useMerchantApi();

/** A card payment of 40.00 disputed by the processor's signed event, as the card processor sends it. */
async function disputed(name: string) {
  const { id: merchantId, key } = await setup.newMerchant(name);
  const codOper = await setup.paidCard(key, 40);
  const id = `dp_${codOper}`;
  await disputeAtProcessor(setup.t, codOper, disputeFacts(id, 'needs_response', 4000));
  return { merchantId, key, codOper, id };
}

const types = async (key: string) => ((await setup.api.call('GET', '/events', { key })).json['data'] as Array<{ type: string }>).map((e) => e.type).filter((type) => type.startsWith('dispute.'));

it('answered with evidence, then won: under review, closed won, the amount back in the balance', async () => {
  const { key, codOper, id } = await disputed('Pruebas S.A.');
  expect((await setup.api.call('GET', '/disputes', { key })).json['data']).toEqual([expect.objectContaining({ id, codOper, amount: 40, status: 'needs_response', reason: 'fraudulent' })]);
  const answered = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Entregado el 20/11, firma adjunta' } });
  expect(answered.json).toMatchObject({ status: 'under_review', evidence: 'Entregado el 20/11, firma adjunta' });
  const again = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'otra vez' } });
  expect([again.status, again.json['code']]).toEqual([409, 'dispute_under_review']);
  expect((await setup.t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' })).json).toMatchObject({ id, status: 'won' });
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'won' });
  const lines = (await setup.api.call('GET', '/balance-transactions', { key })).json['data'] as Array<{ type: string; net: number }>;
  expect(lines.map((l) => [l.type, l.net])).toEqual([['dispute_reversal', 40], ['dispute', -55], ['payment', 38.54]]);
  expect(await types(key)).toEqual(['dispute.closed', 'dispute.updated', 'dispute.created']);
});

it('accepted: lost, its money stays out; a decision after it is a 409; another merchant\'s is a 404', async () => {
  const { key, id } = await disputed('Aceptadas S.A.');
  expect((await setup.api.call('POST', `/disputes/${id}/accept`, { key, body: {} })).json).toMatchObject({ status: 'lost' });
  const late = await setup.t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' });
  expect([late.status, late.json['code']]).toEqual([409, 'dispute_closed']);
  const other = (await setup.newMerchant('Otra S.A.')).key;
  expect((await setup.api.call('GET', `/disputes/${id}`, { key: other })).status).toBe(404);
  expect((await setup.api.call('GET', '/balance', { key })).json).toEqual({ currency: 'USD', available: -55, pending: 38.54 });
});

it('a shop server on @pasarela/node reads its disputes and answers one', async () => {
  const { key, id } = await disputed('Node Disputas S.A.');
  const pasarela = setup.nodeClient(key);
  expect((await pasarela.disputes.list()).data.map((d) => [d.id, d.status])).toEqual([[id, 'needs_response']]);
  expect(await pasarela.disputes.submitEvidence(id, { evidence: 'Pedido entregado' })).toMatchObject({ id, status: 'under_review' });
  const events = (await pasarela.events.list({ type: 'dispute.updated' })).data;
  expect(events.map((e) => (e.data as unknown as { id: string }).id)).toEqual([id]);
});

it('lists disputes a page at a time by cursor, newest first, and by the dates they opened', async () => {
  const first = await disputed('Paginas S.A.');
  const key = first.key;
  const more = [];
  for (let i = 0; i < 2; i += 1) {
    const codOper = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, codOper, { ...disputeFacts(`dp_${codOper}`, 'needs_response', 4000), reason: 'product_not_received', evidenceDueBy: null });
    more.push(`dp_${codOper}`);
  }
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const answer = await setup.api.call('GET', `/disputes?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { key });
    ids.push(...(answer.json['data'] as Array<{ id: string }>).map((d) => d.id));
    cursor = answer.json['nextCursor'] as string | null;
    expect(answer.json['hasMore']).toBe(cursor !== null);
  } while (cursor);
  expect(ids).toEqual([...more].reverse().concat(first.id));
  const bad = await setup.api.call('GET', '/disputes?cursor=nope', { key });
  expect([bad.status, bad.json['code']]).toEqual([400, 'invalid_arguments']);
  const future = new Date(Date.now() + 60_000).toISOString();
  expect((await setup.api.call('GET', `/disputes?createdFrom=${encodeURIComponent(future)}`, { key })).json['data']).toEqual([]);
  const all = [];
  for await (const dispute of setup.nodeClient(key).disputes.list({ limit: 1 })) all.push(dispute.id);
  expect(all).toEqual(ids);
});

it('the console answers a merchant\'s dispute through the sandbox\'s admin API, as the merchant API does; another merchant\'s key reaches none', async () => {
  const { merchantId, key, id } = await disputed('Consola Disputas S.A.');
  expect((await setup.t.admin('GET', `/merchants/${merchantId}/disputes`)).json['data']).toEqual([expect.objectContaining({ id, status: 'needs_response' })]);
  const answered = await setup.t.admin('POST', `/merchants/${merchantId}/disputes/${id}/evidence`, { evidence: 'Factura 1042 y firma de entrega' });
  expect([answered.status, answered.json['status']]).toEqual([200, 'under_review']);
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'under_review', evidence: 'Factura 1042 y firma de entrega' });
  const stranger = (await setup.newMerchant('Ajena S.A.')).key;
  expect((await setup.t.admin('GET', `/merchants/${merchantId}/disputes`, undefined, { authorization: `Bearer ${stranger}` })).status).toBe(404);
});
