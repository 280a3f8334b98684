import { Agent, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeGracefully, drainingServer } from './drainingServer';

/** A server whose `/slow?ms=N` answers after N ms and anything else at once. */
async function started(): Promise<{ server: Server; port: number }> {
  const server = drainingServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    setTimeout(() => res.end('done'), ms);
  }, { keepAliveMs: 60_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent }, (res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    }).on('error', reject).end();
  });
}

const agents: Agent[] = [];
const keptAlive = () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
};
afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));

describe('a graceful stop', () => {
  it('closes an idle kept-alive connection at once and refuses new ones', async () => {
    const { server, port } = await started();
    const agent = keptAlive();
    expect((await get(port, '/', agent)).connection).toBe('keep-alive');
    const socket = Object.values(agent.freeSockets).flat()[0];
    const socketClosed = new Promise<void>((resolve) => socket?.once('close', () => resolve()));
    const startedAt = Date.now();
    expect(await closeGracefully(server, 5_000)).toEqual([]);
    await socketClosed;
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    await expect(get(port, '/', keptAlive())).rejects.toThrow(/ECONNREFUSED/);
  });

  it('answers a request in hand, closing its connection after, and cuts nothing', async () => {
    const { server, port } = await started();
    const answer = get(port, '/slow?ms=300', keptAlive());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const cut = await closeGracefully(server, 5_000);
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(cut).toEqual([]);
  });

  it('cuts what still runs after the grace, and names it', async () => {
    const { server, port } = await started();
    const answer = get(port, '/slow?ms=10000', keptAlive());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const startedAt = Date.now();
    const cut = await closeGracefully(server, 200);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
    expect(cut.map((req) => req.url)).toEqual(['/slow?ms=10000']);
    await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('does nothing to a server that is not listening', async () => {
    const server = drainingServer(() => undefined, { keepAliveMs: 1_000 });
    expect(await closeGracefully(server, 1_000)).toEqual([]);
  });
});
