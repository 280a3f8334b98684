import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constructEvent } from '@pasarela/node';
import resolve from '@rollup/plugin-node-resolve';
import { rollup, type Plugin } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server';
import { freePort } from '../../../test/freePort';
import { nodeClient } from '../../../test/nodeClient';
import { tokenizedCardPayload } from '../../../test/testApp';
import { startTestServer } from '../../../test/testServer';

// `npx @pasarela/node listen --forward-to ...` end to end: a real sandbox, the CLI as its bin is
// built (rollup, the project's transpiler) and run as a child process, a payment made, and a local
// server that receives the event signed with the secret the CLI printed. No inbound connection.

const repo = (p: string) => fileURLToPath(new URL(`../../../../../${p}`, import.meta.url));

let server: RunningServer;
let buildDir: string;
let cli: string;
let shop: Server;
let shopUrl: string;
const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), 'pasarela-cli-'));
  cli = join(buildDir, 'cli.mjs');
  const { transpileTypeScript } = (await import(pathToFileURL(repo('scripts/rollup-transpile.mjs')).href)) as { transpileTypeScript: (o: { tsconfig: string }) => Plugin };
  const bundle = await rollup({
    input: repo('packages/node/src/cli.ts'),
    plugins: [resolve({ preferBuiltins: true, extensions: ['.ts', '.mjs', '.js'] }), transpileTypeScript({ tsconfig: repo('tsconfig.json') })],
    external: (id) => id.startsWith('node:'),
    onwarn: () => undefined,
  });
  await bundle.write({ file: cli, format: 'es' });
  await bundle.close();
  server = await startTestServer({ port: await freePort(), demoPort: await freePort(), wireEncoding: false, subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0 });
  shop = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  const address = shop.address();
  shopUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  // What beforeAll did not get to start is not waited for (a shop never started would never close).
  await Promise.all([server?.close(), shop && new Promise((done) => shop.close(done)), buildDir && rm(buildDir, { recursive: true, force: true })]);
});

/** What a child prints, from its start: `waitFor` resolves with the first match of a pattern, or rejects after timeoutMs. */
function output(child: ChildProcess) {
  let text = '';
  const waiting = new Set<() => void>();
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const check of waiting) check();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return {
    waitFor: (pattern: RegExp, timeoutMs = 30_000) => new Promise<RegExpExecArray>((done, fail) => {
      const check = () => {
        const match = pattern.exec(text);
        if (!match) return;
        waiting.delete(check);
        clearTimeout(timer);
        done(match);
      };
      const timer = setTimeout(() => {
        waiting.delete(check);
        fail(new Error(`not printed: ${String(pattern)}; got ${text}`));
      }, timeoutMs);
      waiting.add(check);
      check();
    }),
  };
}

async function until<T>(what: string, find: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

describe('pasarela listen --forward-to', () => {
  it('forwards a new event, signed with the secret it printed, to a local server; an event from before it started is not sent', async () => {
    const client = nodeClient(server.url);
    // A developer whose laptop has no inbound port: no webhookUrl, the feed alone.
    const merchant = await client.admin('POST', '/merchants', { name: 'CLI S.A.' });
    const secretKey = String(merchant.data['secretKey']);
    const newLink = async () => {
      const res = await fetch(`${server.url}/api/v1/merchant/payment-links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ amount: 25, taxAmount: 1.75, description: 'Pedido' }),
      });
      expect(res.status).toBe(201);
      return String(((await res.json()) as { code: string }).code);
    };
    const before = await client.api('/cards/auth-capture', await tokenizedCardPayload(await newLink()));
    expect(before.data).toMatchObject({ status: 1 });

    const child = spawn(process.execPath, [cli, 'listen', '--forward-to', shopUrl, '--base-url', server.url, '--interval-ms', '100'], {
      env: { ...process.env, PASARELA_SECRET_KEY: secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    const printed = output(child);
    const [, secret] = await printed.waitFor(/signing secret is (whsec_[\w-]{43})/);
    const paid = await client.api('/cards/auth-capture', await tokenizedCardPayload(await newLink()));
    const codOper = String(paid.data['codOper']);
    const delivery = await until('the forwarded event', () => received.find((r) => r.body.includes(codOper)));

    const event = constructEvent(delivery.body, delivery.headers['pasarela-signature'], secret ?? '');
    expect(event).toMatchObject({ type: 'transaction.approved', apiVersion: '2026-11-26', data: { codOper, result: 'APPROVED', amount: 25 } });
    expect(delivery.headers['pasarela-version']).toBe('2026-11-26');
    expect(() => constructEvent(delivery.body, delivery.headers['pasarela-signature'], 'whsec_another')).toThrow(/signature/);
    // The same event the feed and a webhook delivery carry.
    const feed = await fetch(`${server.url}/api/v1/merchant/events/${event.id}`, { headers: { authorization: `Bearer ${secretKey}` } });
    expect(await feed.json()).toEqual(JSON.parse(delivery.body));
    await printed.waitFor(new RegExp(`<-- \\[200\\] POST ${shopUrl.replace(/[/.]/g, '\\$&')} \\[${event.id}\\]`));
    expect(received.some((r) => r.body.includes(String(before.data['codOper'])))).toBe(false);

    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('signs with the endpoint\'s own secret when given one, and refuses to start without a key or a URL', async () => {
    const client = nodeClient(server.url);
    const merchant = await client.admin('POST', '/merchants', { name: 'CLI Dos S.A.', webhookUrl: 'https://shop.example/hooks' });
    const secretKey = String(merchant.data['secretKey']);
    const webhookSecret = String(merchant.data['webhookSecret']);
    const child = spawn(process.execPath, [cli, 'listen', `--forward-to=${shopUrl}`, '--base-url', server.url, '--interval-ms', '100', '--webhook-secret', webhookSecret], {
      env: { ...process.env, PASARELA_SECRET_KEY: secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    await output(child).waitFor(new RegExp(`signing secret is ${webhookSecret}`));
    const link = await client.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Pedido', merchantId: Number(merchant.data['idMerchant']) });
    const codOper = String((await client.api('/cards/auth-capture', await tokenizedCardPayload(String(link.data['code'])))).data['codOper']);
    const delivery = await until('the forwarded event', () => received.find((r) => r.body.includes(codOper)));
    expect(constructEvent(delivery.body, delivery.headers['pasarela-signature'], webhookSecret).data.codOper).toBe(codOper);
    child.kill('SIGTERM');

    const run = (args: string[], env: Record<string, string | undefined>) => new Promise<{ code: number | null; text: string }>((done) => {
      const c = spawn(process.execPath, [cli, ...args], { env: { ...process.env, PASARELA_SECRET_KEY: undefined, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      c.stdout.on('data', (b: Buffer) => (text += b.toString()));
      c.stderr.on('data', (b: Buffer) => (text += b.toString()));
      c.once('exit', (code) => done({ code, text }));
    });
    expect(await run(['listen', '--forward-to', shopUrl], {})).toMatchObject({ code: 2, text: expect.stringContaining('PASARELA_SECRET_KEY') });
    expect(await run(['listen'], { PASARELA_SECRET_KEY: secretKey })).toMatchObject({ code: 2, text: expect.stringContaining('--forward-to') });
    expect(await run(['listen', '--forward-to', shopUrl, '--base-url', server.url], { PASARELA_SECRET_KEY: 'sk_test_nobody' })).toMatchObject({ code: 1, text: expect.stringMatching(/secret key|clave secreta|Authorization/i) });
  });
});
