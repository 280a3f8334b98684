import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { webhookTarget, type Resolver } from './webhookTarget';

export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private addresses allowed (local development). */
  allowPrivate: boolean;
  resolve?: Resolver | undefined;
}

/**
 * POSTs a webhook to the address checked by webhookTarget, never to one a later DNS answer gives:
 * the socket's lookup is pinned, while TLS still checks the certificate against the URL's host name.
 * Redirects are not followed. The lookup and the request share `timeoutMs`. Answers the HTTP status; the body is not read.
 */
export async function postWebhook(post: WebhookPost): Promise<number> {
  const deadline = Date.now() + post.timeoutMs;
  const target = await withinTime(webhookTarget(post.url, post.allowPrivate, post.resolve), post.timeoutMs);
  const url = new URL(post.url);
  const pinned: LookupFunction = (_hostname, options, callback) => {
    // Node asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily).
    if (options.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
    lookup: pinned,
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(url, options, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    const timer = setTimeout(() => req.destroy(timeoutError()), Math.max(0, deadline - Date.now()));
    req.on('close', () => clearTimeout(timer));
    req.on('error', reject);
    req.end(post.body);
  });
}

const timeoutError = () => Object.assign(new Error('timeout'), { name: 'TimeoutError' });

/** The receiver's name looked up within the delivery's time too: a DNS answer that never comes is a timeout, as a silent receiver is. */
function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
