import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveFetch } from './keepAliveFetch';

// The card vault's client: fetch's answers over node:http, every call after the first on a connection kept open.

let server: Server;
let base: string;
let connections = 0;
const seen: Array<{ method: string | undefined; authorization: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, authorization: req.headers.authorization, body });
      if (req.url === '/hang') return;
      if (req.url === '/none') return void res.writeHead(204).end();
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'x-card': 'yes' }).end(JSON.stringify({ ok: true }));
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('keepAliveFetch', () => {
  it('answers as fetch does: status, headers and body, the request\'s method, headers and body sent', async () => {
    const answer = await keepAliveFetch(`${base}/card`, { method: 'POST', headers: { authorization: 'Bearer s' }, body: 'hello' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-card')).toBe('yes');
    expect(await answer.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ method: 'POST', authorization: 'Bearer s', body: 'hello' });
    expect((await keepAliveFetch(`${base}/missing`)).status).toBe(404);
    const none = await keepAliveFetch(`${base}/none`, { method: 'DELETE' });
    expect(none.status).toBe(204);
    expect(none.body).toBeNull();
  });

  it('sends the calls that follow on the connection already open', async () => {
    await keepAliveFetch(`${base}/card`);
    const before = connections;
    for (let i = 0; i < 5; i++) await (await keepAliveFetch(`${base}/card`)).text();
    expect(connections).toBe(before);
  });

  it('gives up when its signal says so, and on a port nothing listens on', async () => {
    await expect(keepAliveFetch(`${base}/hang`, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    await expect(keepAliveFetch('http://127.0.0.1:1/card')).rejects.toThrow();
    await expect(keepAliveFetch('ftp://127.0.0.1/card')).rejects.toThrow(TypeError);
  });
});
