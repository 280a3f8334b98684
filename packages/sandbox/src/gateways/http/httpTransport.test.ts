import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpSend } from './httpTransport';
import { connectionRefused } from './processorClient';

// The gateways' HTTP client in fetch's shape: what the processor and card vault clients read of it.

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

function listening(server: Server | ReturnType<typeof createTcpServer>): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    const sockets = new Set<Socket>();
    server.on('connection', (socket: Socket) => sockets.add(socket));
    closing.push(() => new Promise((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    }));
  });
}

describe('httpSend', () => {
  it('sends the method, headers and text body, and answers with the status, headers and body', async () => {
    const seen: Array<{ method: string | undefined; url: string | undefined; type: string | undefined; length: string | undefined; body: string }> = [];
    const base = await listening(createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, type: req.headers['content-type'], length: req.headers['content-length'], body });
        res.writeHead(201, { 'content-type': 'application/json', 'x-reference': 'ref_1' }).end(JSON.stringify({ answer: { ok: 'sí' } }));
      });
    }));
    const body = JSON.stringify({ amount: 25, holder: 'Núñez' });
    const answer = await httpSend(`${base}/v1/card/authorize?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(answer.headers.get('x-reference')).toBe('ref_1');
    expect(await answer.json()).toEqual({ answer: { ok: 'sí' } });
    expect(seen).toEqual([{ method: 'POST', url: '/v1/card/authorize?x=1', type: 'application/json', length: String(Buffer.byteLength(body)), body }]);
  });

  it('answers a 204 with no body and a 5xx as it came', async () => {
    const base = await listening(createHttpServer((req, res) => {
      if (req.url === '/empty') return void res.writeHead(204).end();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
    }));
    const empty = await httpSend(`${base}/empty`, { method: 'POST', body: '{}' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const busy = await httpSend(`${base}/busy`);
    expect([busy.status, busy.ok, await busy.text()]).toEqual([503, false, 'busy']);
  });

  it("rejects with the signal's reason when its time runs out, and when it was aborted before", async () => {
    const base = await listening(createHttpServer(() => undefined));
    const lapsed = await httpSend(`${base}/hang`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(50) }).catch((error: unknown) => error);
    expect((lapsed as Error).name).toBe('TimeoutError');
    const controller = new AbortController();
    controller.abort(new Error('called off'));
    await expect(httpSend(`${base}/hang`, { signal: controller.signal })).rejects.toThrow('called off');
  });

  it('rejects a refused connection with ECONNREFUSED, which the clients read as a call never sent', async () => {
    const free = createTcpServer();
    const base = await listening(free);
    await closing.pop()?.();
    const refused = await httpSend(`${base}/v1/card/authorize`, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(connectionRefused(refused)).toBe(true);
  });

  it('sends a call again, once, when the kept-alive connection it went out on was closed by the other side', async () => {
    // The first connection answers one call, then closes as the next arrives (idle on its side); a new connection is answered.
    const connections: Socket[] = [];
    const answer = (socket: Socket) => socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: keep-alive\r\n\r\n{"n":"one"}');
    const base = await listening(createTcpServer((socket) => {
      connections.push(socket);
      let calls = 0;
      socket.on('data', () => {
        calls += 1;
        if (connections.indexOf(socket) === 0 && calls === 2) socket.destroy();
        else answer(socket);
      });
    }));
    expect(await (await httpSend(`${base}/a`, { method: 'POST', body: '{}' })).json()).toEqual({ n: 'one' });
    expect(await (await httpSend(`${base}/b`, { method: 'POST', body: '{}' })).json()).toEqual({ n: 'one' });
    expect(connections).toHaveLength(2);
  });

  it('a call cut on a kept-alive connection, sent again and refused (the server stopping), is a call that may have been read, never one not sent', async () => {
    // A card vault stopping cuts its connections in use, after it may have forwarded the call to the
    // processor, and then refuses new ones: the second try's refusal says nothing of the first.
    let server: ReturnType<typeof createTcpServer> | undefined;
    let calls = 0;
    server = createTcpServer((socket) => {
      socket.on('data', () => {
        calls += 1;
        if (calls === 1) return void socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: keep-alive\r\n\r\n{}');
        // The second call read, then the server stops: no new connection, the one in use cut.
        server?.close();
        socket.destroy();
      });
    });
    const base = await listening(server);
    expect((await httpSend(`${base}/v1/card/authorize`, { method: 'POST', body: '{}' })).status).toBe(200);
    const cut = await httpSend(`${base}/v1/card/authorize`, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    expect(calls).toBe(2);
    expect((cut as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(connectionRefused(cut)).toBe(false);
  });

  it('sends a call the card vault refused as not started (503 Vault-Not-Started) once more, on a connection of its own', async () => {
    const seen: Array<{ body: string; port: number | undefined }> = [];
    let refusals = 1;
    const base = await listening(createHttpServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ body, port: req.socket.remotePort });
        if (refusals-- > 0) res.writeHead(503, { 'vault-not-started': '1', connection: 'close' }).end('{"code":"vault_stopping"}');
        else res.writeHead(200).end('{"answer":"ok"}');
      });
    }));
    const answer = await httpSend(`${base}/forward/simulator/v1/card/authorize`, { method: 'POST', body: '{"idempotencyKey":"k1"}' });
    expect(answer.status).toBe(200);
    expect(seen.map((s) => s.body)).toEqual(['{"idempotencyKey":"k1"}', '{"idempotencyKey":"k1"}']);
    expect(seen[1]!.port).not.toBe(seen[0]!.port);
    // Once only: refused again, the answer is the vault's 503, which the clients read as any 5xx.
    seen.length = 0;
    refusals = 5;
    expect((await httpSend(`${base}/v1/cards/tok_x`)).status).toBe(503);
    expect(seen).toHaveLength(2);
  });

  it('refuses what it does not send: another scheme, a body that is not text', async () => {
    await expect(httpSend('file:///etc/passwd')).rejects.toThrow('Not an HTTP address');
    await expect(httpSend('http://127.0.0.1:1/', { method: 'POST', body: new Uint8Array([1]) })).rejects.toThrow('Only a text body');
  });
});
