import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import type { CardProcessor } from '@pasarela/gateways';
import { stripeCardProcessor } from './index';
import { stripeClient } from './stripeCall';
import { close, startStripeMock, type RunningStripeMock } from './testing/stripeMock';
import { TEST_KEY, authorization, inSeconds, newKey, stripeToken } from './testing/fixtures';

// Answering a dispute at Stripe: evidence by disputes.update (submitted at once), accepting by
// disputes.close. stripe-stateful-mock opens a dispute (tok_createDispute, card 4000 0000 0000 0259)
// and retrieves it, but has no update or close of a dispute (404 "No matching path"): against it
// the adapter's part that the mock has is tested, and the two calls' wire form against a stand-in
// for those two paths of Stripe's API, reached by Stripe's official client.

let mock: RunningStripeMock;
let stripe: Stripe;
let processor: CardProcessor;
beforeAll(async () => {
  mock = await startStripeMock();
  stripe = stripeClient({ secretKey: TEST_KEY, apiUrl: mock.url });
  processor = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: mock.url });
});
afterAll(() => mock.stop());

const call = (reference: string, disputeReference: string) => ({ idempotencyKey: newKey('dispute-answer'), deadline: inSeconds(5), reference, disputeReference });

describe('against stripe-stateful-mock', () => {
  it('a dispute it opened is found on its own charge; its update and close are paths the mock lacks, so the answers are null (nothing booked as taken)', async () => {
    const decision = await processor.authorize(authorization(stripeToken('4000000000000259')));
    const reference = (decision as { reference: string }).reference;
    // The mock opens the dispute a moment after the charge, on a timer of its own: asked until it has.
    let disputeId = '';
    await expect.poll(async () => (disputeId = ((await stripe.charges.retrieve(reference)) as unknown as { dispute: string | null }).dispute ?? '')).not.toBe('');
    expect(await processor.dispute?.(call(reference, disputeId))).toMatchObject({ reference: disputeId, status: 'needs_response' });
    expect(await processor.submitDisputeEvidence?.({ ...call(reference, disputeId), evidence: 'Entregado' })).toBeNull();
    expect(await processor.acceptDispute?.(call(reference, disputeId))).toBeNull();
    // Another charge's dispute is not answered.
    expect(await processor.acceptDispute?.(call('ch_another', disputeId))).toBeNull();
  });
});

describe("against a stand-in for Stripe's dispute paths", () => {
  const seen: Array<{ method: string; path: string; form: URLSearchParams; key: string | undefined }> = [];
  let dispute: Record<string, unknown>;
  let standIn: ReturnType<typeof createServer>;
  let stood: CardProcessor;
  const body = async (incoming: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  beforeAll(async () => {
    standIn = createServer((incoming, outgoing) => void body(incoming).then((text) => {
      const path = (incoming.url ?? '').split('?')[0] ?? '';
      const form = new URLSearchParams(text);
      seen.push({ method: incoming.method ?? '', path, form, key: incoming.headers['idempotency-key'] as string | undefined });
      const answer = (status: number, json: unknown) => outgoing.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (!path.startsWith(`/v1/disputes/${String(dispute['id'])}`)) return answer(404, { error: { type: 'invalid_request_error', message: 'No such dispute' } });
      if (incoming.method === 'POST' && (dispute['status'] === 'won' || dispute['status'] === 'lost')) return answer(400, { error: { type: 'invalid_request_error', message: 'This dispute is already closed' } });
      if (incoming.method === 'POST' && path.endsWith('/close')) dispute = { ...dispute, status: 'lost' };
      else if (incoming.method === 'POST') dispute = { ...dispute, status: 'under_review', evidence: { uncategorized_text: form.get('evidence[uncategorized_text]') } };
      return answer(200, dispute);
    }));
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    stood = stripeCardProcessor({ secretKey: TEST_KEY, apiUrl: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}` });
  });
  afterAll(() => close(standIn));
  const open = (id: string) => ({
    id, object: 'dispute', charge: 'ch_disputed', amount: 2500, currency: 'usd', reason: 'fraudulent', status: 'needs_response',
    evidence: { uncategorized_text: null }, evidence_details: { due_by: Math.floor(Date.now() / 1000) + 86_400 },
  });

  it('evidence: disputes.update with evidence[uncategorized_text] and submit=true, under the port\'s key; answered under review with the text', async () => {
    dispute = open('dp_evidence');
    const sent = { ...call('ch_disputed', 'dp_evidence'), evidence: 'Pedido 1042 entregado el 20/11' };
    expect(await stood.submitDisputeEvidence?.(sent)).toMatchObject({ reference: 'dp_evidence', status: 'under_review', evidence: 'Pedido 1042 entregado el 20/11' });
    const update = seen.find((r) => r.method === 'POST' && r.path === '/v1/disputes/dp_evidence');
    expect(update?.form.get('evidence[uncategorized_text]')).toBe('Pedido 1042 entregado el 20/11');
    expect(update?.form.get('submit')).toBe('true');
    expect(update?.key).toBe(sent.idempotencyKey);
  });

  it('accepting: disputes.close under the port\'s key, answered lost; once closed, Stripe\'s refusal is answered as the dispute stands', async () => {
    dispute = open('dp_accept');
    const accepted = call('ch_disputed', 'dp_accept');
    expect(await stood.acceptDispute?.(accepted)).toMatchObject({ reference: 'dp_accept', status: 'lost' });
    expect(seen.find((r) => r.method === 'POST' && r.path === '/v1/disputes/dp_accept/close')?.key).toBe(accepted.idempotencyKey);
    dispute = { ...dispute, status: 'won' };
    expect(await stood.submitDisputeEvidence?.({ ...call('ch_disputed', 'dp_accept'), evidence: 'tarde' })).toMatchObject({ status: 'won' });
    // A dispute on another charge is not sent anything.
    const before = seen.filter((r) => r.method === 'POST').length;
    expect(await stood.acceptDispute?.(call('ch_other', 'dp_accept'))).toBeNull();
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(before);
  });
});
