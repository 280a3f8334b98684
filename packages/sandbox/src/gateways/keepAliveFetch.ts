import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
/** Statuses whose answer has no body: Response refuses one. */
const BODYLESS = new Set([101, 103, 204, 205, 304]);

/**
 * fetch's shape over node:http on kept-alive connections, for the card vault's calls on every card
 * payment: undici's fetch costs the node several times node:http's CPU per call (issue 91's profile).
 * A string body or none; the answer is read whole, never decompressed (nothing asks for gzip).
 */
export function keepAliveFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') return Promise.reject(new TypeError(`${url.protocol} is not HTTP`));
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') return Promise.reject(new TypeError('Only a string body is sent'));
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  if (typeof init.body === 'string') headers['content-length'] = String(Buffer.byteLength(init.body));
  return new Promise<Response>((resolve, reject) => {
    const options = { method: init.method ?? 'GET', headers, agent: secure ? agents.https : agents.http, ...(init.signal ? { signal: init.signal } : {}) };
    const answered = (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        const answerHeaders = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i] ?? '', res.rawHeaders[i + 1] ?? '');
        try {
          resolve(new Response(BODYLESS.has(status) ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    };
    const sent = secure ? httpsRequest(url, options, answered) : httpRequest(url, options, answered);
    sent.on('error', reject);
    sent.end(typeof init.body === 'string' ? init.body : undefined);
  });
}
