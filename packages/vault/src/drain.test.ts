import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { nextYear, testVault, tokenize } from './testing/testVault';

// docs/operations.md "Stopping, and what survives a kill -9": a stopping vault node is taken out by its
// balancer before it stops listening, and a call it reads after that is refused as never started.

it('answers /health 503 draining at once and serves every call meanwhile, each closing its connection', async () => {
  const vault = await testVault();
  const closing = vault.close({ drainMs: 400 });
  const health = await fetch(`${vault.url}/health`);
  expect(health.status).toBe(503);
  expect(await health.json()).toMatchObject({ ok: false, code: 'draining' });
  const card = await tokenize(vault, { number: '4242424242424242', expMonth: '12', expYear: nextYear(), cvc: '123' });
  expect(card.status).toBe(201);
  expect(card.headers.get('connection')).toBe('close');
  await closing;
  await expect(fetch(`${vault.url}/health`)).rejects.toThrow();
});

it('refuses a call read after it stopped listening with 503 Vault-Not-Started, closing the connection', async () => {
  const vault = await testVault();
  const { port } = new URL(vault.url);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  const ended = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve());
  });
  // Its headers begun before the stop: the connection is in use, not idle, so the stop waits for it.
  socket.write('GET /v1/cards/tok_x HTTP/1.1\r\nHost: vault\r\n');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closing = vault.close();
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.write('\r\n');
  await ended;
  await closing;
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
  expect(answer.toLowerCase()).toContain('vault-not-started: 1');
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain('"code":"vault_stopping"');
});
