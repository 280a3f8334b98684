import { request } from 'node:http';
import { createServer, type Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendOn } from './forward';
import { startEchoProcessor, rawCall, type EchoProcessor } from './testing/echoProcessor';
import { API_SECRET, keyOf, nextYear, serverHeaders, testVault, tokenOf, type TestVault } from './testing/testVault';
import type { VaultDatabase } from './vaultDatabase';

let processor: EchoProcessor;
let vault: TestVault;
beforeAll(async () => {
  processor = await startEchoProcessor();
  vault = await testVault({ processors: new Map([['echo', new URL(processor.url)]]), forwardingPorts: new Map([['echo', 0]]) });
});
afterAll(async () => {
  await vault.close();
  await processor.stop();
});

const forwardHeaders = (contentType: string) => ({ 'content-type': contentType, 'vault-authorization': `Bearer ${API_SECRET}`, authorization: 'Bearer sk_processor_key' });
const lastReceived = () => processor.received.at(-1)!;

describe('forwarding to a processor', () => {
  it('puts the number, expiry and CVC in a form body in place of the token, and answers the processor\'s bytes unchanged', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    const body = `amount=2500&card[number]=${token}&card[exp_month]=%7B%7Bvault%3A${token}%3Aexp_month%7D%7D&card[exp_year]={{vault:${token}:exp_year}}&card[cvc]={{vault:${token}:cvc}}&card[name]={{vault:${token}:holder}}&note=${token}`;
    const answer = await rawCall(`${vault.url}/forward/echo/v1/charges?expand=x`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), body);
    const got = lastReceived();
    expect(got.method).toBe('POST');
    expect(got.path).toBe('/v1/charges?expand=x');
    expect(got.body).toBe(`amount=2500&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=${nextYear()}&card[cvc]=123&card[name]=Ana%20P%C3%A9rez&note=${token}`);
    // The processor's own key passes; the vault's secret stays behind.
    expect(got.headers['authorization']).toBe('Bearer sk_processor_key');
    expect(got.headers['vault-authorization']).toBeUndefined();
    expect(answer.status).toBe(202);
    expect(answer.headers['x-processor']).toBe('echo');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.body).toString())).toEqual({ echoed: got.body.length });
    expect(answer.body.equals(gzipSync(JSON.stringify({ echoed: got.body.length })))).toBe(true);
  });

  it('puts the number in a JSON body, as the simulator\'s adapter sends it', async () => {
    const token = await tokenOf(vault, '5555 5555 5555 4444');
    const body = JSON.stringify({ amountCents: 100, card: { number: token, expMonth: `{{vault:${token}:exp_month}}`, expYear: `{{vault:${token}:exp_year}}`, cvc: `{{vault:${token}:cvc}}`, holder: `{{vault:${token}:holder}}` } });
    const answer = await rawCall(`${vault.url}/forward/echo/cards/authorize`, 'POST', forwardHeaders('application/json'), body);
    expect(answer.status).toBe(202);
    expect(JSON.parse(lastReceived().body)).toEqual({ amountCents: 100, card: { number: '5555555555554444', expMonth: '12', expYear: nextYear(), cvc: '123', holder: 'Ana Pérez' } });
  });

  it('sends a slow answer back whole once it has ended', async () => {
    const answered = rawCall(`${vault.url}/forward/echo/slow`, 'POST', forwardHeaders('text/plain'), 'ping');
    await vi.waitFor(() => expect(lastReceived().path).toBe('/slow'));
    processor.finishSlow();
    const answer = await answered;
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('first part;last part');
  });

  // A forward cut after it reached the processor is a charge its node cannot see: a stop answers it first.
  it('a vault stopping answers the forward in hand whole, then takes no call', async () => {
    const stopping = await testVault({ processors: new Map([['echo', new URL(processor.url)]]) });
    const before = processor.received.length;
    const answered = rawCall(`${stopping.url}/forward/echo/slow`, 'POST', forwardHeaders('text/plain'), 'ping');
    await vi.waitFor(() => expect(processor.received.slice(before).map((r) => r.path)).toEqual(['/slow']));
    let closed = false;
    const closing = stopping.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    processor.finishSlow();
    const answer = await answered;
    expect([answer.status, answer.body.toString()]).toEqual([200, 'first part;last part']);
    await closing;
    const after = await rawCall(`${stopping.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('text/plain'), 'x').catch((error: NodeJS.ErrnoException) => error.code);
    expect(after).toBe('ECONNREFUSED');
  });

  it('sends an answer cut off after its headers back cut off, never as its own refusal: the call reached the processor', async () => {
    const answered = await new Promise<{ status: number; failed: boolean }>((resolve, reject) => {
      const sent = request(`${vault.url}/forward/echo/cut`, { method: 'POST', headers: forwardHeaders('text/plain') }, (answer) => {
        answer.resume();
        answer.once('end', () => resolve({ status: answer.statusCode ?? 0, failed: !answer.complete }));
        answer.once('error', () => resolve({ status: answer.statusCode ?? 0, failed: true }));
      });
      sent.on('error', () => resolve({ status: 0, failed: true }));
      sent.end('ping');
      setTimeout(() => reject(new Error('no answer within 5 s')), 5_000);
    });
    expect(answered.failed).toBe(true);
    expect(answered.status).not.toBe(502);
  });

  // The server's client sends a call answered Vault-Not-Started once more (nothing done for it): a
  // processor's answer saying so would have a forward that reached it sent twice.
  it('gives up on a processor that takes the call and sends nothing, closing its connection: before an answer an error, within one the answer cut off', async () => {
    const sockets: Socket[] = [];
    const closed: boolean[] = [];
    // Takes the connection and reads the call; says nothing, or only an answer's headers.
    const silent = createServer((socket) => {
      const at = sockets.push(socket) - 1;
      closed[at] = false;
      socket.on('close', () => (closed[at] = true));
      socket.once('data', (data) => {
        if (data.toString().includes('/headers-only')) socket.write('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"id":');
      });
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    const call = (path: string) => sendOn({ method: 'POST', target: new URL(`http://127.0.0.1:${port}${path}`), headers: { 'content-type': 'application/json' }, body: Buffer.from('{}'), silenceMs: 300 });
    try {
      await expect(call('/v1/charges')).rejects.toMatchObject({ code: 'ETIMEDOUT' });
      const answer = await call('/headers-only');
      expect(answer.status).toBe(200);
      await expect(answer.text()).rejects.toThrow();
      await expect.poll(() => closed, { timeout: 2_000 }).toEqual([true, true]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 10_000);

  it('never passes on a processor\'s Vault-Not-Started: only the vault itself says it did nothing', async () => {
    const answer = await rawCall(`${vault.url}/forward/echo/not-started`, 'POST', forwardHeaders('application/json'), '{}');
    expect(lastReceived().path).toBe('/not-started');
    expect(answer.status).toBe(503);
    expect(answer.body.toString()).toBe('{"code":"busy"}');
    expect(answer.headers['vault-not-started']).toBeUndefined();
  });

  it('is 401 without the vault\'s secret or with a wrong one, and 404 for a processor with no URL', async () => {
    const before = processor.received.length;
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    const body = `card[number]=${token}`;
    expect((await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${API_SECRET}` }, body)).status).toBe(401);
    expect((await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', { ...forwardHeaders('application/x-www-form-urlencoded'), 'vault-authorization': 'Bearer nope' }, body)).status).toBe(401);
    expect((await rawCall(`${vault.forwardingUrls.get('echo')}/v1/charges`, 'POST', { 'content-type': 'application/x-www-form-urlencoded' }, body)).status).toBe(401);
    const unknown = await rawCall(`${vault.url}/forward/elsewhere/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), body);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toMatchObject({ code: 'unknown_processor' });
    expect(processor.received.length).toBe(before);
  });

  it('sends every path to the processor\'s own host, however it is written', async () => {
    const answer = await rawCall(`${vault.url}/forward/echo//evil.example/v1/charges`, 'POST', forwardHeaders('text/plain'), 'x');
    expect(answer.status).toBe(202);
    expect(lastReceived().path).toBe('//evil.example/v1/charges');
  });

  it('sends the path after a processor\'s name written percent-encoded as it sends it after the name as is', async () => {
    const answer = await rawCall(`${vault.url}/forward/ech%6f/v1/charges`, 'POST', forwardHeaders('text/plain'), 'x');
    expect(answer.status).toBe(202);
    expect(lastReceived().path).toBe('/v1/charges');
  });

  it('fills in one card a call: a second token\'s placeholder (in a shop\'s name, say) is refused, sending nothing', async () => {
    const paying = await tokenOf(vault, '4242 4242 4242 4242');
    const other = await tokenOf(vault, '5555 5555 5555 4444');
    const before = processor.received.length;
    for (const [contentType, body] of [
      ['application/json', JSON.stringify({ card: { number: paying, cvc: `{{vault:${paying}:cvc}}` }, merchant: { name: `{{vault:${other}:number}} {{vault:${other}:cvc}}` } })],
      ['application/x-www-form-urlencoded', `card[number]=${paying}&description=%7B%7Bvault%3A${other}%3Anumber%7D%7D`],
    ] as const) {
      const answer = await rawCall(`${vault.url}/forward/echo/cards/authorize`, 'POST', forwardHeaders(contentType), body);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'several_cards' });
    }
    expect(processor.received.length).toBe(before);
    // The paying card's own parts, as many as the call asks for, still go.
    const alone = JSON.stringify({ card: { number: paying, expMonth: `{{vault:${paying}:exp_month}}`, cvc: `{{vault:${paying}:cvc}}` } });
    expect((await rawCall(`${vault.url}/forward/echo/cards/authorize`, 'POST', forwardHeaders('application/json'), alone)).status).toBe(202);
  });

  it('refuses a token it does not hold, sending nothing', async () => {
    const before = processor.received.length;
    const answer = await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), `card[number]=tok_${'B'.repeat(32)}`);
    expect(answer.status).toBe(400);
    expect(processor.received.length).toBe(before);
  });

  it('forwards from a processor\'s own origin, every path as is', async () => {
    const token = await tokenOf(vault, '4111 1111 1111 1111');
    const answer = await rawCall(`${vault.forwardingUrls.get('echo')}/v1/payment_methods`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), `type=card&card%5Bnumber%5D=${token}`);
    expect(answer.status).toBe(202);
    expect(lastReceived()).toMatchObject({ path: '/v1/payment_methods', body: 'type=card&card%5Bnumber%5D=4111111111111111' });
  });
});

// The application server never holds a card number or CVC: a processor that repeats the call in its
// answer (some do in their errors) would hand it the number the vault put in.
describe('the processor\'s answer', () => {
  const decoders = { gzip: gunzipSync, deflate: inflateSync, br: brotliDecompressSync, identity: (bytes: Buffer) => bytes };

  it('comes back with the card\'s number masked and its CVC starred wherever the processor repeats them, in each encoding, the rest as it came', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242', '468');
    const body = `amount=4680&currency=usd&card[number]=${token}&card%5Bcvc%5D={{vault:${token}:cvc}}&card[exp_month]={{vault:${token}:exp_month}}&metadata[ref]=468-A`;
    const answer = await rawCall(`${vault.url}/forward/echo/echo-body/gzip`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), body);
    // The processor had the card ...
    expect(lastReceived().body).toBe('amount=4680&currency=usd&card[number]=4242424242424242&card%5Bcvc%5D=468&card[exp_month]=12&metadata[ref]=468-A');
    // ... its answer does not: status, headers and encoding as it sent them, the card's number and CVC masked.
    expect([answer.status, answer.headers['content-encoding'], answer.headers['x-processor']]).toEqual([402, 'gzip', 'echo']);
    const text = gunzipSync(answer.body).toString('utf8');
    const echoed = 'amount=4680&currency=usd&card[number]=424242******4242&card%5Bcvc%5D=***&card[exp_month]=12&metadata[ref]=468-A';
    expect(JSON.parse(text)).toEqual({ error: { type: 'card_error', message: `Cannot charge this card. Received: ${echoed}`, request: echoed } });
    expect(Number(answer.headers['content-length'] ?? answer.body.length)).toBe(answer.body.length);
    expect(decodeURIComponent(String(answer.headers['x-received']))).toBe(echoed);
    for (const [encoding, decode] of Object.entries(decoders)) {
      const json = JSON.stringify({ amount: 468, card: { number: token, securityCode: `{{vault:${token}:cvc}}`, holder: `{{vault:${token}:holder}}` } });
      const again = await rawCall(`${vault.url}/forward/echo/echo-body/${encoding}`, 'POST', forwardHeaders('application/json'), json);
      expect(again.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      const repeated = JSON.parse(decode(again.body).toString('utf8')) as { error: { request: string; message: string } };
      expect(JSON.parse(repeated.error.request), encoding).toEqual({ amount: 468, card: { number: '424242******4242', securityCode: '***', holder: 'Ana Pérez' } });
      expect(repeated.error.message, encoding).not.toMatch(/4242424242424242|"468"/);
    }
  });

  it('catches the number written spaced or percent-encoded, and the CVC after any name a card security code goes by', async () => {
    const token = await tokenOf(vault, '5555 5555 5555 4444', '731');
    const spaced = `n1=5555 5555 5555 4444&n2=5555-5555-5555-4444&n3=%35%35%35%35555555554444&n5=5555+5555+5555+4444&c1=CVV2: 731&c2=security code 731&c3=card_code=731`;
    const body = `card[number]=${token}&card[cvc]={{vault:${token}:cvc}}&${spaced}`;
    const answer = await rawCall(`${vault.url}/forward/echo/echo-body/identity`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), body);
    const { error } = JSON.parse(answer.body.toString('utf8')) as { error: { request: string } };
    expect(error.request).not.toMatch(/5555.?5555.?5555.?4444|731/);
    expect(error.request).toContain('card[number]=555555******4444&card[cvc]=***&n1=555555******4444&n2=555555******4444&n3=555555******4444');
    expect(error.request).toContain('c1=CVV2: ***&c2=security code ***&c3=card_code=***');
  });

  it('comes back cut off, as a dropped answer, when it is in an encoding the vault cannot read: it may hold the card', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answered = await new Promise<{ status: number; failed: boolean; body: string }>((resolve) => {
      const sent = request(`${vault.url}/forward/echo/echo-body/compress`, { method: 'POST', headers: forwardHeaders('application/x-www-form-urlencoded') }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.once('end', () => resolve({ status: answer.statusCode ?? 0, failed: !answer.complete, body: Buffer.concat(chunks).toString() }));
        answer.once('error', () => resolve({ status: answer.statusCode ?? 0, failed: true, body: Buffer.concat(chunks).toString() }));
      });
      sent.on('error', () => resolve({ status: 0, failed: true, body: '' }));
      sent.end(`card[number]=${token}`);
    });
    const lines = logged.mock.calls.map((call) => String(call[0]));
    logged.mockRestore();
    // The vault's line (the answer's own end, cut off, is the HTTP server's).
    expect(lines.filter((line) => line.startsWith('Card vault:'))).toEqual([expect.stringMatching(/^Card vault: request [0-9a-f-]{36}: a forward to http:\/\/127\.0\.0\.1:\d+\/echo-body\/compress was answered in the content-encoding compress, which the vault does not read: sent back cut off, as it may hold the card$/)]);
    expect(answered.failed).toBe(true);
    expect(answered.body).not.toContain('4242424242424242');
    expect(answered.status).not.toBe(502);
  });

  it('is asked for only in encodings the vault can read', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', { ...forwardHeaders('application/x-www-form-urlencoded'), 'accept-encoding': 'zstd, br;q=0.9, gzip;q=0.8, compress' }, `card[number]=${token}`);
    expect(lastReceived().headers['accept-encoding']).toBe('br;q=0.9, gzip;q=0.8');
    await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', { ...forwardHeaders('application/x-www-form-urlencoded'), 'accept-encoding': 'zstd' }, `card[number]=${token}`);
    expect(lastReceived().headers['accept-encoding']).toBe('identity');
  });
});

describe('the CVC (PCI DSS 3.3.1.2)', () => {
  const withCvc = (token: string) => `card[number]=${token}&card[cvc]={{vault:${token}:cvc}}`;

  const dropCvc = (token: string, headers: Record<string, string> = serverHeaders) => rawCall(`${vault.url}/v1/cards/${token}/cvc`, 'DELETE', headers);
  const held = async (token: string) => (await vault.database.query('select token from vault_cvcs where token = $1', [keyOf(token)])).length === 1;

  it('goes out in every resend of the authorization while within its time', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    for (const _send of [1, 2]) {
      expect((await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), withCvc(token))).status).toBe(202);
      expect(lastReceived().body).toBe('card[number]=4242424242424242&card[cvc]=123');
    }
    expect(await held(token)).toBe(true);
  });

  it('is gone once the server drops it: a forward asking for it is refused, sending nothing', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    expect((await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), withCvc(token))).status).toBe(202);
    const dropped = await dropCvc(token);
    expect(dropped.status).toBe(204);
    expect(dropped.body.length).toBe(0);
    expect(await held(token)).toBe(false);
    const before = processor.received.length;
    const again = await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), withCvc(token));
    expect(again.status).toBe(409);
    expect(JSON.parse(again.body.toString())).toMatchObject({ code: 'cvc_unavailable' });
    expect(processor.received.length).toBe(before);
    // Dropped again, or never held: the same 204.
    expect((await dropCvc(token)).status).toBe(204);
    expect((await dropCvc(`tok_${'C'.repeat(32)}`)).status).toBe(204);
    // The card itself still charges by token, without its CVC.
    expect((await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), `card[number]=${token}`)).status).toBe(202);
  });

  it('is dropped only by the server holding the secret, and only under a token', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    expect((await dropCvc(token, {})).status).toBe(401);
    expect((await dropCvc(token, { authorization: 'Bearer nope' })).status).toBe(401);
    // The forward's header is not the API's.
    expect((await dropCvc(token, { 'vault-authorization': `Bearer ${API_SECRET}` })).status).toBe(401);
    expect(await held(token)).toBe(true);
    const malformed = await dropCvc('4242424242424242');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body.toString())).toMatchObject({ code: 'invalid_token' });
    expect(await held(token)).toBe(true);
  });

  it('is dropped for several cards in one call, only under the server\'s secret, and only under tokens', async () => {
    const drops = (body: string, headers: Record<string, string> = serverHeaders) => rawCall(`${vault.url}/v1/cards/cvc-drops`, 'POST', { ...headers, 'content-type': 'application/json' }, body);
    const [first, second, kept] = [await tokenOf(vault, '4242 4242 4242 4242'), await tokenOf(vault, '4111 1111 1111 1111'), await tokenOf(vault, '5555 5555 5555 4444')];
    expect((await drops(JSON.stringify({ tokens: [first, second] }), {})).status).toBe(401);
    expect((await drops(JSON.stringify({ tokens: [first, second] }), { 'vault-authorization': `Bearer ${API_SECRET}` })).status).toBe(401);
    for (const refused of [{ tokens: [] }, { tokens: [first, '4242424242424242'] }, { tokens: Array.from({ length: 101 }, () => first) }, { token: first }, []]) {
      const answer = await drops(JSON.stringify(refused));
      expect(answer.status, JSON.stringify(refused).slice(0, 60)).toBe(400);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: 'invalid_body' });
    }
    expect((await drops('{"tokens":')).status).toBe(400);
    expect([await held(first), await held(second)]).toEqual([true, true]);
    const dropped = await drops(JSON.stringify({ tokens: [first, second, `tok_${'C'.repeat(32)}`] }));
    expect(dropped.status).toBe(204);
    expect([await held(first), await held(second), await held(kept)]).toEqual([false, false, true]);
  });

  it('is gone after its time, even if never used', async () => {
    const shortLived = await testVault({ database: vault.database, processors: new Map([['echo', new URL(processor.url)]]), cvcTtlMs: 200 });
    try {
      const before = Date.now();
      const token = await tokenOf(shortLived, '4242 4242 4242 4242');
      const after = Date.now();
      // Held until its time (read from its row, so a slow machine that sweeps it before this read fails nothing) ...
      const [held] = await shortLived.database.query<{ expires_at: Date | string }>('select expires_at from vault_cvcs where token = $1', [keyOf(token)]);
      if (held) {
        const until = new Date(held.expires_at).getTime();
        expect(until).toBeGreaterThanOrEqual(before + 200 - 5);
        expect(until).toBeLessThanOrEqual(after + 200 + 5);
      } else expect(Date.now() - before).toBeGreaterThanOrEqual(200);
      // ... then swept by the node's timer (every 200 ms here), so not held past its time even if nobody asks.
      await expect.poll(() => shortLived.database.query('select token from vault_cvcs where token = $1', [keyOf(token)]), { timeout: 10_000, interval: 100 }).toEqual([]);
      const answer = await rawCall(`${shortLived.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), withCvc(token));
      expect(answer.status).toBe(409);
    } finally {
      await shortLived.close();
    }
  });
});

describe('a token no server call used (an abandoned checkout\'s)', () => {
  it('is deleted with its card past its time; one forwarded or read under the secret stays', async () => {
    // Three seconds: the read and the forward below come well within them even on a loaded machine.
    const shortLived = await testVault({ database: vault.database, processors: new Map([['echo', new URL(processor.url)]]), unusedTokenTtlMs: 3_000 });
    const cards = (token: string) => shortLived.database.query('select token from vault_cards where token = $1', [keyOf(token)]);
    const facts = (token: string) => rawCall(`${shortLived.url}/v1/cards/${token}`, 'GET', serverHeaders);
    const charge = (token: string) => rawCall(`${shortLived.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), `card[number]=${token}`);
    try {
      const [unused, read, forwarded] = await Promise.all([1, 2, 3].map(() => tokenOf(shortLived, '4242 4242 4242 4242')));
      expect((await facts(read!)).status).toBe(200);
      expect((await charge(forwarded!)).status).toBe(202);
      // Its tokenizing alone is no use: a checkout asking for it again, or the fields, do not keep it.
      expect(await cards(unused!)).toHaveLength(1);
      // Swept by the node's timer once its time is past: gone, its CVC with it, though nobody asked.
      await expect.poll(() => cards(unused!), { timeout: 15_000, interval: 200 }).toEqual([]);
      expect(await shortLived.database.query('select token from vault_cvcs where token = $1', [keyOf(unused!)])).toEqual([]);
      expect((await facts(unused!)).status).toBe(404);
      const before = processor.received.length;
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      // Sent with the server's request id (its call's idempotency key): answered and logged under it.
      const refused = await rawCall(`${shortLived.url}/forward/echo/v1/charges`, 'POST', { ...forwardHeaders('application/x-www-form-urlencoded'), 'x-request-id': 'PP20785A801F24' }, `card[number]=${unused!}`);
      expect([refused.status, JSON.parse(refused.body.toString()), refused.headers['x-request-id']]).toMatchObject([400, { code: 'unknown_token' }, 'PP20785A801F24']);
      // The operator's log says which request, which processor's path and why, and nothing of the call's body.
      expect(logged.mock.calls).toEqual([[`Card vault: request PP20785A801F24: a forward to ${new URL(processor.url).origin}/v1/charges answered 400 (unknown_token)`]]);
      // A call without one gets an id of the vault's own, in its answer.
      expect((await charge(unused!)).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      logged.mockRestore();
      expect(processor.received.length).toBe(before);
      // A used token stays within its used card's time (a day by default): a resend of its authorization charges by it.
      expect((await facts(read!)).status).toBe(200);
      expect((await charge(read!)).status).toBe(202);
      expect((await charge(forwarded!)).status).toBe(202);
      expect(lastReceived().body).toBe('card[number]=4242424242424242');
    } finally {
      await shortLived.close();
    }
  });

  it('past its time, is neither opened nor kept before a sweep deletes it', async () => {
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    await vault.database.query("update vault_cards set unused_until = now() - interval '1 second' where token = $1", [keyOf(token)]);
    expect((await rawCall(`${vault.url}/v1/cards/${token}`, 'GET', serverHeaders)).status).toBe(404);
    const before = processor.received.length;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const charge = await rawCall(`${vault.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), `card[number]=${token}&card[cvc]={{vault:${token}:cvc}}`);
    vi.restoreAllMocks();
    expect([charge.status, JSON.parse(charge.body.toString())]).toMatchObject([400, { code: 'unknown_token' }]);
    expect(processor.received.length).toBe(before);
    // Still unused, for the next sweep to delete (or deleted by one already), rather than a use keeping it a day.
    const rows = await vault.database.query<{ unused_until: Date | null; kept_until: Date | null }>('select unused_until, kept_until from vault_cards where token = $1', [keyOf(token)]);
    expect(rows.filter((row) => row.unused_until === null || row.kept_until !== null)).toEqual([]);
  });
});

describe('a used card (PCI DSS 3.2.1: kept no longer than needed)', () => {
  it('is kept its time from its first use, then deleted with its CVC: facts and forwards then know no such card', async () => {
    // Three seconds from the first use: the calls below come well within them even on a loaded machine.
    const shortLived = await testVault({ database: vault.database, processors: new Map([['echo', new URL(processor.url)]]), usedCardTtlMs: 3_000 });
    const cards = (token: string) => shortLived.database.query('select token from vault_cards where token = $1', [keyOf(token)]);
    const charge = (token: string) => rawCall(`${shortLived.url}/forward/echo/v1/charges`, 'POST', forwardHeaders('application/x-www-form-urlencoded'), `card[number]=${token}&card[cvc]={{vault:${token}:cvc}}`);
    try {
      const [used, unused] = await Promise.all([1, 2].map(() => tokenOf(shortLived, '4242 4242 4242 4242')));
      expect((await charge(used!)).status).toBe(202);
      // A resend of the same authorization, within the time, carries the card again.
      expect((await charge(used!)).status).toBe(202);
      expect(lastReceived().body).toBe('card[number]=4242424242424242&card[cvc]=123');
      await expect.poll(() => cards(used!), { timeout: 15_000, interval: 200 }).toEqual([]);
      expect(await shortLived.database.query('select token from vault_cvcs where token = $1', [keyOf(used!)])).toEqual([]);
      expect((await rawCall(`${shortLived.url}/v1/cards/${used!}`, 'GET', serverHeaders)).status).toBe(404);
      const before = processor.received.length;
      vi.spyOn(console, 'error').mockImplementation(() => {});
      expect(JSON.parse((await charge(used!)).body.toString())).toMatchObject({ code: 'unknown_token' });
      vi.restoreAllMocks();
      expect(processor.received.length).toBe(before);
      // A card nobody used keeps its own time (an hour here): the used card's time starts at a first use.
      expect(await cards(unused!)).toHaveLength(1);
    } finally {
      await shortLived.close();
    }
  });

  it('past its time, is not opened even before a sweep deletes it', async () => {
    const token = await tokenOf(vault, '5555 5555 5555 4444');
    expect((await rawCall(`${vault.url}/v1/cards/${token}`, 'GET', serverHeaders)).status).toBe(200);
    await vault.database.query("update vault_cards set kept_until = now() - interval '1 second' where token = $1", [keyOf(token)]);
    expect((await rawCall(`${vault.url}/v1/cards/${token}`, 'GET', serverHeaders)).status).toBe(404);
  });
});

describe('a token no server call used, racing a sweep', () => {
  it('is marked used or deleted, never both: another node\'s sweep between its read and its mark wins, and a mark first keeps it', async () => {
    const sweep = () => vault.database.query<{ token: string }>('delete from vault_cards where unused_until <= now() returning token');
    const lapse = (token: string) => vault.database.query("update vault_cards set unused_until = now() - interval '1 second' where token = $1", [keyOf(token)]);
    // This node's store, where another node's sweep runs just before the statement that reads the card and marks its first use.
    const sweptBeforeMark: VaultDatabase = {
      ...vault.database,
      query: async <Row,>(sql: string, params?: readonly unknown[]) => {
        if (sql.includes('update vault_cards set unused_until = null')) await sweep();
        return vault.database.query<Row>(sql, params);
      },
    };
    const racing = await testVault({ database: sweptBeforeMark });
    try {
      const token = await tokenOf(racing, '4242 4242 4242 4242');
      await lapse(token);
      expect((await rawCall(`${racing.url}/v1/cards/${token}`, 'GET', serverHeaders)).status).toBe(404);
      expect(await vault.database.query('select token from vault_cards where token = $1', [keyOf(token)])).toEqual([]);
    } finally {
      await racing.close();
    }
    // Marked first: the sweep's delete, conditional on the mark, passes it by.
    const token = await tokenOf(vault, '4242 4242 4242 4242');
    expect((await rawCall(`${vault.url}/v1/cards/${token}`, 'GET', serverHeaders)).status).toBe(200);
    expect(await vault.database.query('select unused_until from vault_cards where token = $1', [keyOf(token)])).toEqual([{ unused_until: null }]);
    expect((await sweep()).filter((row) => row.token === keyOf(token))).toEqual([]);
    expect((await rawCall(`${vault.url}/v1/cards/${token}`, 'GET', serverHeaders)).status).toBe(200);
  });
});
