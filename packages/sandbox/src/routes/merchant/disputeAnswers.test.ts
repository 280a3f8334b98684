import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CardProcessor, Gateways } from '@pasarela/gateways';
import { disputeCharge, disputeInBooks } from '@pasarela/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { httpGateways } from '../../gateways/http/httpGateways';
import { chargeReferenceOf, disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';
import { useMerchantApi } from '../../../test/merchantApiSetup';

// A merchant's answer to a dispute reaches the card processor (over HTTP, the simulator's books)
// before Pasarela books it, and is booked as the processor then holds it (docs/merchant-api.md
// "Disputes"): a processor that fails leaves the dispute as it was; one without the calls says so.

/** The card processor the app reaches: the simulator, one answering 500 to every call, or one without the answering calls. */
let processor: 'simulator' | 'failing' | 'without_answers' = 'simulator';
let failing: CardProcessor | undefined;
const fiveHundreds = createServer((_req, res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"processor_error"}'));

function switchable(gateways: Gateways): Gateways {
  const card = gateways.card;
  const pick = (name: 'submitDisputeEvidence' | 'acceptDispute') => processor === 'without_answers' ? undefined : (processor === 'failing' ? failing : card)?.[name]?.bind(processor === 'failing' ? failing : card);
  return {
    ...gateways,
    card: Object.defineProperties({ ...card }, {
      submitDisputeEvidence: { get: () => pick('submitDisputeEvidence'), enumerable: true },
      acceptDispute: { get: () => pick('acceptDispute'), enumerable: true },
    }),
  };
}

const setup = useMerchantApi({ wrapGateways: switchable });
beforeAll(async () => {
  await new Promise<void>((resolve) => fiveHundreds.listen(0, '127.0.0.1', resolve));
  failing = httpGateways(`http://127.0.0.1:${(fiveHundreds.address() as AddressInfo).port}`, { apiSecret: 'unused', maxWaitMs: 400, retryDelayMs: 50 }).gateways.card;
});
afterAll(() => new Promise<void>((resolve) => fiveHundreds.close(() => resolve())));

async function disputed(name: string) {
  processor = 'simulator';
  const { key } = await setup.newMerchant(name);
  const codOper = await setup.paidCard(key, 40);
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'needs_response', 4000));
  const [dispute] = (await setup.api.call('GET', `/disputes?codOper=${codOper}`, { key })).json['data'] as Array<{ id: string }>;
  if (!dispute) throw new Error(`no dispute on ${codOper}`);
  const atProcessor = async () => disputeInBooks(setup.t.simulator.books, await chargeReferenceOf(setup.t, codOper), reference);
  return { key, codOper, reference, id: dispute.id, atProcessor };
}

const disputeEvents = async (key: string) => ((await setup.api.call('GET', '/events', { key })).json['data'] as Array<{ type: string }>).map((e) => e.type).filter((type) => type.startsWith('dispute.'));

it('evidence reaches the processor: its books hold it under review with the text; its later "won" is booked, its repeated "under_review" changes nothing', async () => {
  const { key, codOper, reference, id, atProcessor } = await disputed('Evidencia al procesador S.A.');
  const answered = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Entregado el 20/11, firma adjunta' } });
  expect([answered.status, answered.json['status'], answered.json['evidence']]).toEqual([200, 'under_review', 'Entregado el 20/11, firma adjunta']);
  expect(answered.json['evidenceDetails']).toMatchObject({ submitted: true });
  expect(await atProcessor()).toMatchObject({ status: 'under_review', evidence: 'Entregado el 20/11, firma adjunta' });
  // The processor's notification of the state it answered: nothing new.
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'under_review', 4000));
  expect(await disputeEvents(key)).toEqual(['dispute.updated', 'dispute.created']);
  // Then the issuer decides for the merchant: the processor's "won" is booked, the amount comes back.
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'won', 4000));
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'won', evidence: 'Entregado el 20/11, firma adjunta' });
  const lines = (await setup.api.call('GET', `/balance-transactions?codOper=${codOper}`, { key })).json['data'] as Array<{ type: string; net: number }>;
  expect(lines.map((l) => [l.type, l.net])).toEqual([['dispute_reversal', 40], ['dispute', -55], ['payment', 38.54]]);
  expect(await disputeEvents(key)).toEqual(['dispute.closed', 'dispute.updated', 'dispute.created']);
});

it('accepting reaches the processor: its books hold it lost; its "lost" notification changes nothing, and accepting again is 409', async () => {
  const { key, codOper, reference, id, atProcessor } = await disputed('Aceptada al procesador S.A.');
  const accepted = await setup.api.call('POST', `/disputes/${id}/accept`, { key, body: {} });
  expect([accepted.status, accepted.json['status']]).toEqual([200, 'lost']);
  expect(await atProcessor()).toMatchObject({ status: 'lost', accepted: true });
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'lost', 4000));
  expect(await disputeEvents(key)).toEqual(['dispute.closed', 'dispute.created']);
  const again = await setup.api.call('POST', `/disputes/${id}/accept`, { key, body: {} });
  expect([again.status, again.json['code']]).toEqual([409, 'dispute_closed']);
  expect((await setup.api.call('GET', '/balance', { key })).json).toMatchObject({ available: -55 });
});

it('a processor answering 500 leaves the dispute as it was and answers 503; the same evidence again, once it answers, is taken', async () => {
  const { key, id, atProcessor } = await disputed('Procesador caído S.A.');
  processor = 'failing';
  const failed = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Factura 77' } });
  expect([failed.status, failed.json['code']]).toEqual([503, 'dispute_answer_unavailable']);
  const accept = await setup.api.call('POST', `/disputes/${id}/accept`, { key, body: {} });
  expect([accept.status, accept.json['code']]).toEqual([409, 'dispute_answer_in_doubt']);
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'needs_response', evidence: null, evidenceDetails: { submitted: false, submittedAt: null } });
  expect(await atProcessor()).toMatchObject({ status: 'needs_response' });
  expect(await atProcessor()).not.toHaveProperty('evidence');
  expect(await disputeEvents(key)).toEqual(['dispute.created']);
  processor = 'simulator';
  const sent = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Factura 77' } });
  expect([sent.status, sent.json['status'], sent.json['evidence']]).toEqual([200, 'under_review', 'Factura 77']);
  expect(await atProcessor()).toMatchObject({ status: 'under_review', evidence: 'Factura 77' });
});

it('a processor that failed to answer but took the evidence: its "under_review" notification books the evidence sent', async () => {
  const { key, codOper, reference, id, atProcessor } = await disputed('Respuesta perdida S.A.');
  processor = 'failing';
  expect((await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence: 'Guía de envío 5521' } })).status).toBe(503);
  // It had reached the processor all the same (an answer lost on the way back): the processor tells.
  processor = 'simulator';
  await setup.t.gateways.card.submitDisputeEvidence?.({ idempotencyKey: 'the-lost-answer', deadline: new Date(Date.now() + 5_000), reference: await chargeReferenceOf(setup.t, codOper), disputeReference: reference, evidence: 'Guía de envío 5521' });
  expect(await atProcessor()).toMatchObject({ status: 'under_review' });
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'under_review', 4000));
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'under_review', evidence: 'Guía de envío 5521', evidenceDetails: { submitted: true } });
});

it('a processor without the answering calls: 501 dispute_answer_unsupported, the dispute as it was', async () => {
  const { key, id, atProcessor } = await disputed('Sin respuestas S.A.');
  processor = 'without_answers';
  for (const [path, body] of [['evidence', { evidence: 'Factura' }], ['accept', {}]] as const) {
    const answer = await setup.api.call('POST', `/disputes/${id}/${path}`, { key, body });
    expect([answer.status, answer.json['code']]).toEqual([501, 'dispute_answer_unsupported']);
  }
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'needs_response', evidence: null });
  expect(await atProcessor()).toMatchObject({ status: 'needs_response' });
});

it('a processor that has decided already: its decision is booked, and the answer is 409 dispute_closed', async () => {
  const { key, codOper, reference, id } = await disputed('Ya decidida S.A.');
  // The issuer decided at the processor; its notification has not arrived yet.
  await disputeCharge(setup.t.simulator.books, await chargeReferenceOf(setup.t, codOper), disputeFacts(reference, 'won', 4000));
  const answer = await setup.api.call('POST', `/disputes/${id}/accept`, { key, body: {} });
  expect([answer.status, answer.json['code']]).toEqual([409, 'dispute_closed']);
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'won' });
});
