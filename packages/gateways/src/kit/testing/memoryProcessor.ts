import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A card processor and payout rail over HTTP in this process's memory, for the kit's own tests: the
 * kit's proxy stands between it and the adapters of memoryCardModule.ts. Every write carries an
 * `Idempotency-Key`; the same key on the same path answers as the first call did, and with another
 * body is refused 409 (as Stripe's idempotency error). Its books outlive any adapter.
 */
export interface RunningMemoryProcessor {
  url: string;
  stop(): Promise<void>;
}

interface Charge {
  id: string;
  /** The port's key as the adapter sent it in the body (a charge is found by it). */
  key: string;
  status: 'approved' | 'declined';
  amountCents: number;
  currency: string;
  capture: boolean;
  capturedCents: number;
  voided: boolean;
  /** Each refund made, under the port's key the adapter sent in its body: two calls make two refunds, whatever their keys (the `Idempotency-Key` is what keeps one). */
  refunds: { key: string; amountCents: number }[];
  /** The dispute the cardholder's bank opened on it (MEMORY_DISPUTED_CARD). */
  dispute?: MemoryDispute;
}

interface MemoryDispute {
  id: string;
  status: 'needs_response' | 'under_review' | 'won' | 'lost';
  evidence: string | null;
}

type Answer = { status: number; body: unknown };
type Body = Record<string, unknown>;

/** The card it declines, as in every processor's test cards. */
export const MEMORY_DECLINED_CARD = '4000000000000002';
/** The card it approves and then disputes, as Stripe's 4000 0000 0000 0259. */
export const MEMORY_DISPUTED_CARD = '4000000000000259';
/** Transfers to this account come back from the receiving bank. */
export const MEMORY_RETURNED_ACCOUNT = '000000000002';

/** `unref`: the process may end while it listens (a module that starts it for the kit's command). */
export async function startMemoryProcessor(options: { unref?: boolean } = {}): Promise<RunningMemoryProcessor> {
  const charges = new Map<string, Charge>();
  const tokens = new Map<string, string>(); // token -> customer
  // Its browser tokenizer's: a typed card's token -> the number, as a processor taking its own tokens keeps them.
  const typedCards = new Map<string, string>();
  const numberOf = (card: { number?: string; token?: string }) => card.number ?? (card.token !== undefined ? typedCards.get(card.token) : undefined);
  const transfers = new Map<string, { reference: string; destination: string; status: 'pending' | 'paid' | 'failed' }>();
  const answered = new Map<string, { body: string; answer: Answer }>();

  const view = (c: Charge) => ({ id: c.id, key: c.key, status: c.status, amountCents: c.amountCents, currency: c.currency, capture: c.capture, capturedCents: c.capturedCents, voided: c.voided, dispute: c.dispute?.id ?? null });
  const disputeView = (c: Charge, d: MemoryDispute) => ({ ...d, charge: c.id, amountCents: c.amountCents, currency: c.currency });
  const chargeOfDispute = (id: string) => [...charges.values()].find((c) => c.dispute?.id === id);
  const refused = (reason: string): Answer => ({ status: 200, body: { result: 'refused', reason } });
  const paidOf = (c: Charge) => (c.capture ? c.amountCents : c.capturedCents);

  function write(path: string, body: Body): Answer {
    const parts = path.split('/').filter(Boolean);
    if (path === '/charges') {
      const card = body['card'] as { number?: string; token?: string; customer?: string | null };
      const number = numberOf(card);
      const declined = number === undefined ? !tokens.has(card.token ?? '') : number === MEMORY_DECLINED_CARD;
      const charge: Charge = { id: `mch_${randomUUID()}`, key: String(body['key']), status: declined ? 'declined' : 'approved', amountCents: Number(body['amountCents']), currency: String(body['currency']), capture: body['capture'] === true, capturedCents: 0, voided: false, refunds: [] };
      if (number === MEMORY_DISPUTED_CARD) charge.dispute = { id: `mdp_${randomUUID()}`, status: 'needs_response', evidence: null };
      charges.set(charge.id, charge);
      return { status: 200, body: view(charge) };
    }
    if (parts[0] === 'charges' && parts.length === 3) {
      const charge = charges.get(parts[1] ?? '');
      if (!charge) return { status: 404, body: { error: 'no such charge' } };
      const amountCents = Number(body['amountCents']);
      if (parts[2] === 'capture') {
        if (charge.status !== 'approved' || charge.capture || charge.voided || charge.capturedCents > 0) return refused('not a hold');
        if (amountCents > charge.amountCents || body['currency'] !== charge.currency) return refused('more than held, or another currency');
        charge.capturedCents = amountCents;
        return { status: 200, body: { result: 'captured' } };
      }
      if (parts[2] === 'void') {
        if (charge.status !== 'approved' || charge.capture || charge.capturedCents > 0) return refused('not an open hold');
        charge.voided = true;
        return { status: 200, body: { result: 'voided' } };
      }
      if (parts[2] === 'refunds') {
        const refunded = charge.refunds.reduce((sum, made) => sum + made.amountCents, 0);
        if (charge.status !== 'approved' || body['currency'] !== charge.currency || amountCents <= 0 || refunded + amountCents > paidOf(charge)) return refused('past what was paid, or another currency');
        const key = String(body['key']);
        charge.refunds.push({ key, amountCents });
        return { status: 200, body: { result: 'refunded', reference: `mre_${key}` } };
      }
    }
    if (parts[0] === 'disputes' && parts.length === 3) {
      const charge = chargeOfDispute(parts[1] ?? '');
      const dispute = charge?.dispute;
      if (!charge || !dispute) return { status: 404, body: { error: 'no such dispute' } };
      if (parts[2] === 'evidence' && dispute.status === 'needs_response') Object.assign(dispute, { status: 'under_review', evidence: String(body['text'] ?? '') });
      if (parts[2] === 'close' && (dispute.status === 'needs_response' || dispute.status === 'under_review')) dispute.status = 'lost';
      return { status: 200, body: disputeView(charge, dispute) };
    }
    if (path === '/tokens') {
      const number = String(body['number']);
      const token = `mpm_${randomUUID()}`;
      typedCards.set(token, number);
      return { status: 200, body: { token, last4: number.slice(-4) } };
    }
    if (path === '/cards') {
      const number = numberOf(body as { number?: string; token?: string });
      if (number === undefined) return { status: 404, body: { error: 'no such card token' } };
      if (number === MEMORY_DECLINED_CARD) return { status: 200, body: { status: 'declined' } };
      const token = `mtok_${randomUUID()}`;
      const customer = typeof body['customer'] === 'string' ? body['customer'] : `mcus_${randomUUID()}`;
      tokens.set(token, customer);
      return { status: 200, body: { status: 'saved', token, customer, last4: number.slice(-4) } };
    }
    if (path === '/transfers') {
      const transfer = { reference: `mtr_${randomUUID()}`, destination: String(body['destination']), status: 'pending' as const };
      transfers.set(String(body['key']), transfer);
      return { status: 200, body: transfer };
    }
    return { status: 404, body: { error: 'no such path' } };
  }

  function read(url: URL): Answer {
    const parts = url.pathname.split('/').filter(Boolean);
    const key = url.searchParams.get('key');
    if (parts[0] === 'charges' && parts.length === 1) {
      const found = [...charges.values()].find((c) => c.key === key);
      return found ? { status: 200, body: view(found) } : { status: 404, body: { error: 'no such charge' } };
    }
    if (parts[0] === 'charges' && parts.length === 2) {
      const found = charges.get(parts[1] ?? '');
      return found ? { status: 200, body: view(found) } : { status: 404, body: { error: 'no such charge' } };
    }
    if (parts[0] === 'charges' && parts[2] === 'refunds') {
      const made = charges.get(parts[1] ?? '')?.refunds.some((r) => r.key === key);
      return made ? { status: 200, body: { result: 'refunded' } } : { status: 404, body: { error: 'no such refund' } };
    }
    if (parts[0] === 'disputes' && parts.length === 2) {
      const charge = chargeOfDispute(parts[1] ?? '');
      return charge?.dispute ? { status: 200, body: disputeView(charge, charge.dispute) } : { status: 404, body: { error: 'no such dispute' } };
    }
    if (parts[0] === 'transfers') {
      const transfer = transfers.get(key ?? '');
      if (!transfer) return { status: 404, body: { error: 'no such transfer' } };
      // The banks move it between two looks: paid, or sent back to the returning account.
      if (transfer.status === 'pending') transfer.status = transfer.destination === MEMORY_RETURNED_ACCOUNT ? 'failed' : 'paid';
      return { status: 200, body: transfer };
    }
    return { status: 404, body: { error: 'no such path' } };
  }

  function answer(incoming: IncomingMessage, text: string): Answer {
    const url = new URL(incoming.url ?? '/', 'http://memory');
    if (incoming.method === 'GET') return read(url);
    const key = incoming.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return { status: 400, body: { error: 'Idempotency-Key is required' } };
    const kept = answered.get(`${url.pathname}|${key}`);
    if (kept) return kept.body === text ? kept.answer : { status: 409, body: { error: 'idempotency_conflict' } };
    const made = write(url.pathname, JSON.parse(text) as Body);
    answered.set(`${url.pathname}|${key}`, { body: text, answer: made });
    return made;
  }

  const server = createServer((incoming, outgoing: ServerResponse) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const { status, body } = answer(incoming, Buffer.concat(chunks).toString('utf8'));
      outgoing.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (options.unref) server.unref();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
