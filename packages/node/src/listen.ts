import { createHmac, randomBytes } from 'node:crypto';
import type { WebhookEvent } from './answers';
import { Pasarela } from './client';
import { PASARELA_API_VERSION } from './http';

/** `listen` is a development tool: it forwards the local sandbox's events unless told another origin. */
const SANDBOX_ORIGIN = 'http://localhost:4000';

export interface ListenOptions {
  /** Your secret key (PASARELA_SECRET_KEY). */
  secretKey: string;
  /** The local address events are POSTed to (http://localhost:3000/hooks). */
  forwardTo: string;
  /** Pasarela's origin (default the sandbox's, http://localhost:4000). */
  baseUrl?: string | undefined;
  /** The secret deliveries are signed with: your endpoint's, or a new `whsec_...` (printed) when absent. */
  webhookSecret?: string | undefined;
  /** Only events of these types (default: all). */
  types?: readonly string[] | undefined;
  /** How often the feed is asked (default 2 s). */
  intervalMs?: number | undefined;
  /** Where each line goes (default stdout). */
  log?: ((line: string) => void) | undefined;
  /** Stops listening. */
  signal?: AbortSignal | undefined;
  /** The fetch to use for Pasarela and the forwarding (default the global one). */
  fetch?: typeof fetch | undefined;
}

/** Each look reaches this far behind the newest event seen, so one recorded late is still found. */
const WINDOW_MS = 5 * 60_000;

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

export function signatureHeaderOf(body: string, secret: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex')}`;
}

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  const stop = () => {
    clearTimeout(timer);
    resolve();
  };
  const timer = setTimeout(() => {
    signal?.removeEventListener('abort', stop);
    resolve();
  }, ms);
  signal?.addEventListener('abort', stop, { once: true });
});

/**
 * Follows your change feed and POSTs each new event to `forwardTo`, signed as a webhook delivery, so
 * your handler runs with no inbound connection to your machine. Resolves when `signal` aborts.
 */
export async function listen(options: ListenOptions): Promise<{ webhookSecret: string }> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const doFetch = options.fetch ?? globalThis.fetch;
  const secret = options.webhookSecret ?? newWebhookSecret();
  const pasarela = new Pasarela({ secretKey: options.secretKey, baseUrl: options.baseUrl ?? SANDBOX_ORIGIN, fetch: doFetch, maxRetries: 0 });
  const wanted = options.types && options.types.length > 0 ? new Set(options.types) : undefined;
  const seen = new Map<string, number>();
  let newest = 0;

  const look = async (): Promise<WebhookEvent[]> => {
    const fresh: WebhookEvent[] = [];
    const createdFrom = newest > 0 ? new Date(newest - WINDOW_MS) : undefined;
    for await (const event of pasarela.events.list({ limit: 100, ...(createdFrom ? { createdFrom } : {}) })) {
      if (seen.has(event.id)) continue;
      const at = Date.parse(event.createdAt);
      seen.set(event.id, Number.isNaN(at) ? Date.now() : at);
      if (at > newest) newest = at;
      fresh.push(event);
    }
    for (const [id, at] of seen) if (at < newest - 2 * WINDOW_MS) seen.delete(id);
    return fresh.reverse();
  };

  for (const event of (await pasarela.events.list({ limit: 100 })).data) {
    const at = Date.parse(event.createdAt);
    seen.set(event.id, at);
    if (at > newest) newest = at;
  }
  log(`Ready! Your webhook signing secret is ${secret} (^C to quit)`);
  log(`Forwarding events of ${options.baseUrl ?? SANDBOX_ORIGIN} to ${options.forwardTo}`);
  while (!options.signal?.aborted) {
    try {
      for (const event of await look()) {
        if (options.signal?.aborted) break;
        if (wanted && !wanted.has(String(event.type))) continue;
        await forward(event);
      }
    } catch (error) {
      log(`!! could not read the events: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(options.intervalMs ?? 2000, options.signal);
  }
  return { webhookSecret: secret };

  async function forward(event: WebhookEvent): Promise<void> {
    const body = JSON.stringify(event);
    log(`${new Date().toISOString()}  --> ${event.type} [${event.id}]`);
    try {
      const res = await doFetch(options.forwardTo, {
        method: 'POST',
        headers: {
          'content-type': 'application/json', 'user-agent': 'Pasarela-CLI/1',
          'pasarela-signature': signatureHeaderOf(body, secret), 'pasarela-version': event.apiVersion ?? PASARELA_API_VERSION,
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      log(`${new Date().toISOString()}  <-- [${res.status}] POST ${options.forwardTo} [${event.id}]`);
    } catch (error) {
      log(`${new Date().toISOString()}  <-- [failed] POST ${options.forwardTo} [${event.id}]: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
