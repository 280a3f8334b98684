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
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'needs_response', 4000));
  return { merchantId, key, codOper, reference, id: await disputeIdOf(key, codOper) };
}

/** The id the merchant sees (opaque, not the processor's reference). */
async function disputeIdOf(key: string, codOper: string): Promise<string> {
  const [dispute] = (await setup.api.call('GET', `/disputes?codOper=${codOper}`, { key })).json['data'] as Array<{ id: string }>;
  if (!dispute) throw new Error(`no dispute on ${codOper}`);
  return dispute.id;
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
    more.push(await disputeIdOf(key, codOper));
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

it('a dispute\'s id is opaque: random and stored, not the processor\'s reference nor the payment\'s code, the same in its events and ledger lines', async () => {
  const { key, codOper, reference, id } = await disputed('Opacas S.A.');
  expect(id).toMatch(/^dp_[0-9a-f]{32}$/);
  for (const leak of [reference, codOper, Buffer.from(codOper).toString('base64'), Buffer.from(codOper).toString('base64url')]) expect(id).not.toContain(leak);
  expect((await setup.api.call('GET', `/disputes/${reference}`, { key })).status).toBe(404);
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json['id']).toBe(id);
  const created = ((await setup.api.call('GET', '/events?type=dispute.created', { key })).json['data'] as Array<{ data: { id: string } }>).map((e) => e.data.id);
  expect(created).toEqual([id]);
  const lines = (await setup.api.call('GET', `/balance-transactions?codOper=${codOper}`, { key })).json['data'] as Array<{ type: string; disputeId: string | null }>;
  expect(lines.filter((l) => l.type === 'dispute').map((l) => l.disputeId)).toEqual([id]);
  const stored = await setup.t.db.query<{ public_id: string }>('select public_id from gateway_disputes where reference = $1', [reference]);
  expect(stored).toEqual([{ public_id: id }]);
  // Stable: the processor's later events move the same dispute under the same id.
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'won', 4000));
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ id, status: 'won' });
});

it('its events carry whether evidence was sent and when, never the text; GET /disputes/:id has the text', async () => {
  const { key, id } = await disputed('Evidencias S.A.');
  const text = 'Entregado el 20/11 a Ana Pérez, cédula 8-123-456, firma adjunta';
  await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: text } });
  await setup.t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' });
  const events = (await setup.api.call('GET', '/events', { key })).json['data'] as Array<{ type: string; data: Record<string, unknown> }>;
  const disputeEvents = events.filter((e) => e.type.startsWith('dispute.'));
  expect(disputeEvents.map((e) => [e.type, (e.data['evidenceDetails'] as { submitted: boolean }).submitted])).toEqual([['dispute.closed', true], ['dispute.updated', true], ['dispute.created', false]]);
  for (const event of disputeEvents) {
    expect(event.data).not.toHaveProperty('evidence');
    expect(JSON.stringify(event)).not.toContain('Ana Pérez');
  }
  const submittedAt = (disputeEvents[1]?.data['evidenceDetails'] as { submittedAt: string }).submittedAt;
  expect(Date.parse(submittedAt)).not.toBeNaN();
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ evidence: text, evidenceDetails: { submitted: true, submittedAt } });
});

it('a dispute opened before ids were opaque keeps the id it had (its processor\'s reference), as migration 095 stores it', async () => {
  const { key, reference, id } = await disputed('Antiguas S.A.');
  await setup.t.db.query('update gateway_disputes set public_id = reference where public_id = $1', [id]);
  expect((await setup.api.call('GET', `/disputes/${reference}`, { key })).json).toMatchObject({ id: reference, status: 'needs_response' });
  expect((await setup.api.call('POST', `/disputes/${reference}/accept`, { key, body: {} })).json).toMatchObject({ id: reference, status: 'lost' });
});

it('a dispute opened and closed moves its payment\'s updatedAt, so a look at what changed (updatedFrom) finds the payment', async () => {
  const { key: paidKey } = await setup.newMerchant('Cambios S.A.');
  const codOper = await setup.paidCard(paidKey, 40);
  const updatedAt = async () => String((await setup.api.call('GET', `/transactions/${codOper}`, { key: paidKey })).json['updatedAt']);
  const paidAt = await updatedAt();
  await new Promise((resolve) => setTimeout(resolve, 5));
  await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 4000));
  const openedAt = await updatedAt();
  expect(openedAt > paidAt).toBe(true);
  const changed = (await setup.api.call('GET', `/transactions?updatedFrom=${encodeURIComponent(openedAt)}`, { key: paidKey })).json['data'] as Array<{ codOper: string; refundableAmount: number }>;
  expect(changed).toEqual([expect.objectContaining({ codOper, refundableAmount: 0 })]);
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect((await setup.api.call('POST', `/disputes/${await disputeIdOf(paidKey, codOper)}/accept`, { key: paidKey, body: {} })).json).toMatchObject({ status: 'lost' });
  expect(await updatedAt() > openedAt).toBe(true);
});

it("the admin webhook list names a dispute's events by their payment's codOper, and finds them by it", async () => {
  const { key, id: merchantId } = await setup.newMerchant('Disputas con webhook S.A.');
  const endpoint = await setup.api.call('POST', '/webhook-endpoints', { key, body: { url: 'http://127.0.0.1:9/hooks' } });
  expect(endpoint.status).toBe(201);
  const codOper = await setup.paidCard(key, 40);
  await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 4000));
  const listed = (await setup.t.admin('GET', `/webhooks?codOper=${codOper}`)).json['webhooks'] as Array<{ type: string; codOper: string | null; merchantId: number }>;
  expect(listed.map((w) => [w.type, w.codOper, w.merchantId])).toEqual([['dispute.created', codOper, merchantId], ['transaction.approved', codOper, merchantId]]);
});

it('evidence after evidenceDueBy is 409 dispute_evidence_past_due in the caller\'s language, nothing sent; accepting still ends it', async () => {
  const { key } = await setup.newMerchant('Tarde S.A.');
  const codOper = await setup.paidCard(key, 40);
  await disputeAtProcessor(setup.t, codOper, { ...disputeFacts(`dp_${codOper}`, 'needs_response', 4000), evidenceDueBy: new Date(Date.now() - 60_000) });
  const id = await disputeIdOf(key, codOper);
  const late = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Entregado' } });
  expect([late.status, late.json['code']]).toEqual([409, 'dispute_evidence_past_due']);
  expect(String(late.json['message'])).toContain('evidenceDueBy');
  const enLate = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Delivered' }, headers: { 'accept-language': 'en' } });
  expect(String(enLate.json['message'])).toMatch(/^The deadline to send evidence/);
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'needs_response', evidence: null, evidenceDetails: { submitted: false } });
  expect((await setup.api.call('POST', `/disputes/${id}/accept`, { key, body: {} })).json).toMatchObject({ status: 'lost' });
});
