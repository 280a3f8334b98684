import { GatewayCallNotSent, GatewayOutcomeUnknown } from '@pasarela/gateways';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import { httpGateways } from './httpGateways';
import { startServer } from '../../server';
import { TEST_SIMULATOR_API_SECRET } from '../../../test/testServer';
import { ProcessorRefusedCall, processorClient } from './processorClient';

// The HTTP adapters' side of a processor that is slow, failing or away: tries again under the same
// key until the deadline, then GatewayOutcomeUnknown; a 4xx is the call's own fault, said at once.

const servers: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function fakeProcessor(answer: (req: IncomingMessage, body: string, n: number) => { status: number; body?: string; headers?: Record<string, string> } | 'hang') {
  let n = 0;
  const seen: Array<{ key: string | undefined; authorization: string | undefined; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      n += 1;
      seen.push({ key: req.headers['idempotency-key'] as string | undefined, authorization: req.headers.authorization, body });
      const a = answer(req, body, n);
      if (a === 'hang') return;
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers }).end(a.body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push({ close: () => new Promise<void>((resolve) => { server.close(() => resolve()); server.closeAllConnections(); }) });
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, seen };
}

const soon = (ms: number) => new Date(Date.now() + ms);

describe('processorClient', () => {
  it('tries a 5xx again under the same key and API secret, and answers what the processor answered then', async () => {
    const p = await fakeProcessor((_req, _body, n) => (n < 3 ? { status: 502 } : { status: 200, body: '{"answer":"refunded"}' }));
    const client = processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 10 });
    expect(await client.post('/v1/card/refund', { idempotencyKey: 'k-1', deadline: soon(2_000) })).toBe('refunded');
    expect(p.seen.map((s) => s.key)).toEqual(['k-1', 'k-1', 'k-1']);
    expect(p.seen.map((s) => s.authorization)).toEqual(['Bearer s3cret', 'Bearer s3cret', 'Bearer s3cret']);
    expect(new Set(p.seen.map((s) => s.body)).size).toBe(1);
  });

  it('a processor that never answers: GatewayOutcomeUnknown at the deadline, not before', async () => {
    const p = await fakeProcessor(() => 'hang');
    const started = Date.now();
    await expect(processorClient(p.url, { apiSecret: 's3cret' }).post('/v1/card/authorize', { idempotencyKey: 'k-2', deadline: soon(300) })).rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('nobody listening: tried until the deadline, then GatewayOutcomeUnknown', async () => {
    const p = await fakeProcessor(() => ({ status: 200 }));
    await servers.splice(0)[0]?.close();
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 20 }).post('/v1/push/status', { idempotencyKey: 'k-3', deadline: soon(200) })).rejects.toBeInstanceOf(GatewayOutcomeUnknown);
  });

  // The card vault's forwarding (refusedIsNotSent): a refused connection wrote nothing, so a vault that
  // is down fails the card payment at once instead of retrying for the call's 10 s.
  it('refusedIsNotSent, nobody listening: GatewayCallNotSent at the first try, well before the deadline', async () => {
    const p = await fakeProcessor(() => ({ status: 200 }));
    await servers.splice(0)[0]?.close();
    const started = Date.now();
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 20, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-5', deadline: soon(10_000) }))
      .rejects.toBeInstanceOf(GatewayCallNotSent);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refusedIsNotSent, a try that may have been sent and then a refusal: still GatewayOutcomeUnknown at the deadline', async () => {
    // The first try reaches the processor (its answer lost as a 502), then the processor goes away.
    let closing: Promise<unknown> | undefined;
    const p = await fakeProcessor(() => {
      closing ??= new Promise((resolve) => setImmediate(() => resolve(servers.splice(0)[0]?.close())));
      return { status: 502 };
    });
    const call = processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 100, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-6', deadline: soon(600) });
    await expect(call).rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    await closing;
    expect(p.seen.map((s) => s.key)).toEqual(['k-6']);
  });

  // The vault reached, its processor not: its 502 processor_refused_connection says the call went no further.
  const refusedByProcessor = '{"code":"processor_refused_connection","message":"The processor at http://127.0.0.1:9 did not answer (ECONNREFUSED)"}';
  it('refusedIsNotSent, the vault says the processor refused its connection at the first try: GatewayCallNotSent at once', async () => {
    const p = await fakeProcessor(() => ({ status: 502, body: refusedByProcessor }));
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 20, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-8', deadline: soon(10_000) }))
      .rejects.toBeInstanceOf(GatewayCallNotSent);
    expect(p.seen).toHaveLength(1);
  });

  it('refusedIsNotSent, the same after a try that may have reached the processor: GatewayOutcomeUnknown at the deadline', async () => {
    const p = await fakeProcessor((_req, _body, n) => (n === 1 ? { status: 502, body: '{"code":"processor_unreachable"}' } : { status: 502, body: refusedByProcessor }));
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 50, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-9', deadline: soon(400) }))
      .rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    expect(p.seen.length).toBeGreaterThan(1);
  });

  // A stopping card vault's refusal (packages/vault, startVault.ts): httpSend sends the call once more
  // on a new connection; refused again, nothing was done for it anywhere.
  const stopping = { status: 503, body: '{"code":"vault_stopping"}', headers: { 'vault-not-started': '1', connection: 'close' } };
  it('refusedIsNotSent, the vault refuses the first try as not started, its resend too: GatewayCallNotSent at once', async () => {
    const p = await fakeProcessor(() => stopping);
    const started = Date.now();
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 20, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-10', deadline: soon(10_000) }))
      .rejects.toBeInstanceOf(GatewayCallNotSent);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(p.seen.map((s) => s.key)).toEqual(['k-10', 'k-10']);
  });

  it('refusedIsNotSent, the vault refuses the first try as not started and takes its resend: the answer', async () => {
    const p = await fakeProcessor((_req, _body, n) => (n === 1 ? stopping : { status: 200, body: '{"answer":"approved"}' }));
    expect(await processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 20, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-11', deadline: soon(10_000) })).toBe('approved');
    expect(p.seen.map((s) => s.key)).toEqual(['k-11', 'k-11']);
  });

  it('refusedIsNotSent, refused as not started after a try that may have reached the processor: GatewayOutcomeUnknown at the deadline', async () => {
    const p = await fakeProcessor((_req, _body, n) => (n === 1 ? { status: 502, body: '{"code":"processor_unreachable"}' } : stopping));
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 50, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-12', deadline: soon(400) }))
      .rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    expect(p.seen.length).toBeGreaterThan(2);
  });

  it('a reset after the request was written is not a refusal: tried again until the deadline, then GatewayOutcomeUnknown', async () => {
    const p = await fakeProcessor((req) => (req.socket.destroy(), 'hang'));
    await expect(processorClient(p.url, { apiSecret: 's3cret', retryDelayMs: 50, refusedIsNotSent: true }).post('/v1/card/authorize', { idempotencyKey: 'k-7', deadline: soon(400) }))
      .rejects.toBeInstanceOf(GatewayOutcomeUnknown);
    expect(p.seen.length).toBeGreaterThan(1);
  });

  it('a 4xx is the call refused: said at once, never taken for an unknown outcome', async () => {
    const p = await fakeProcessor(() => ({ status: 400, body: '{"code":"invalid_arguments"}' }));
    await expect(processorClient(p.url, { apiSecret: 's3cret' }).post('/v1/card/authorize', { idempotencyKey: 'k-4', deadline: soon(5_000) })).rejects.toBeInstanceOf(ProcessorRefusedCall);
    expect(p.seen).toHaveLength(1);
  });
});

describe('the simulator restarted', () => {
  let simulator: RunningSimulator | undefined;
  afterEach(async () => simulator?.close());

  it('keeps its books in its journal: a key sent before the restart answers the same after it', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const folder = mkdtempSync(join(tmpdir(), 'simulator-'));
    onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
    const journal = join(folder, 'books.jsonl');
    simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, journal });
    const request = { idempotencyKey: 'restart-1', deadline: soon(5_000), amountCents: 1_000, card: { token: 'simtok_restart', customer: null }, merchant: { name: 'Tienda', logo: null }, lang: 'es' as const, capture: true, currency: 'USD' };
    const before = await httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET }).gateways.card.authorize(request);
    await simulator.close();
    simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, journal });
    const g = httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET }).gateways;
    expect(await g.card.lookup({ idempotencyKey: 'restart-1', deadline: soon(5_000), reference: null })).toEqual(before);
    if (before.status !== 'approved') throw new Error('the test card is approved');
    expect(await g.card.refund({ idempotencyKey: 'restart-1:r', deadline: soon(5_000), reference: before.reference, amountCents: 1_001, currency: 'USD' })).toEqual({ status: 'refused' });
  });
});

describe('the simulator\'s API secret', () => {
  it('a server without it does not start; an adapter with a wrong one is refused at once (401), never taken for an unknown outcome', async () => {
    await expect(startServer({ port: 1, demoPort: 1, wireEncoding: false, processorsUrl: 'http://127.0.0.1:1' })).rejects.toThrow(/SIMULATOR_API_SECRET/);
    const simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET });
    try {
      const started = Date.now();
      await expect(httpGateways(simulator.url, { apiSecret: 'not-the-secret' }).gateways.card.lookup({ idempotencyKey: 'k-5', deadline: soon(5_000), reference: null })).rejects.toThrow(/401/);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET }).gateways.card.lookup({ idempotencyKey: 'k-5', deadline: soon(5_000), reference: null })).toBeNull();
    } finally {
      await simulator.close();
    }
  });
});
