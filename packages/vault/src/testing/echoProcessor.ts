import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface EchoProcessor {
  url: string;
  received: Received[];
  /** `/slow` holds its answer's end until this is called; `/cut` drops its connection after the answer's first part. */
  finishSlow(): void;
  stop(): Promise<void>;
}

/** A processor that keeps what it was sent and answers it back gzipped, with a header of its own. */
export async function startEchoProcessor(): Promise<EchoProcessor> {
  const received: Received[] = [];
  let finishSlow = () => {};
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers, body });
      if (incoming.url === '/slow') {
        outgoing.writeHead(200, { 'content-type': 'text/plain' });
        outgoing.write('first part;');
        finishSlow = () => outgoing.end('last part');
        return;
      }
      // A processor (or a proxy before it) whose 503 says Vault-Not-Started: the vault's own word, never a processor's.
      if (incoming.url === '/not-started') {
        outgoing.writeHead(503, { 'content-type': 'application/json', 'vault-not-started': '1' });
        outgoing.end('{"code":"busy"}');
        return;
      }
      if (incoming.url === '/cut') {
        outgoing.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        outgoing.write('first part;', () => outgoing.destroy());
        return;
      }
      // A processor whose error answer repeats the call it was sent (some do), in its body and a header, in the encoding asked for.
      const echo = /^\/echo-body\/(gzip|deflate|br|identity|compress)$/.exec(incoming.url ?? '');
      if (echo) {
        const answer = Buffer.from(JSON.stringify({ error: { type: 'card_error', message: `Cannot charge this card. Received: ${body}`, request: body } }), 'utf8');
        // `compress` (LZW, which Node cannot read): the body is sent as is under it.
        const encode = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync, identity: (bytes: Buffer) => bytes, compress: (bytes: Buffer) => bytes }[echo[1] as 'gzip' | 'deflate' | 'br' | 'identity' | 'compress'];
        outgoing.writeHead(402, { 'content-type': 'application/json', ...(echo[1] === 'identity' ? {} : { 'content-encoding': echo[1] }), 'x-processor': 'echo', 'x-received': encodeURIComponent(body.slice(0, 300)) });
        outgoing.end(encode(answer));
        return;
      }
      outgoing.writeHead(202, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-processor': 'echo' });
      outgoing.end(gzipSync(JSON.stringify({ echoed: body.length })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    finishSlow: () => finishSlow(),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A call as bytes on the wire: nothing decoded on the way back. */
export function rawCall(url: string, method: string, headers: Record<string, string>, body = ''): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}
