import { createHmac, randomBytes } from 'node:crypto';
import { KNOWN_EVENT_TYPES, type WebhookEvent } from './answers';
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
  /** Only events of these types (default: all): each one of KNOWN_EVENT_TYPES, else listen throws at start. */
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

/**
 * Why `types` cannot be listened for (undefined when every one is a known type, as the server's
 * `GET /events?type=` checks): a mistyped type would forward nothing, without a word.
 */
export function unknownEventTypesMessage(types: readonly string[] | undefined): string | undefined {
  const known: readonly string[] = KNOWN_EVENT_TYPES;
  const unknown = (types ?? []).filter((type) => !known.includes(type));
  if (unknown.length === 0) return undefined;
  return `unknown event type${unknown.length > 1 ? 's' : ''} ${unknown.map((type) => JSON.stringify(type)).join(', ')}; the event types are ${KNOWN_EVENT_TYPES.join(', ')}`;
}

/** Pasarela's answers (its errors' messages) in English, the language `listen` speaks. */
const inEnglish = (doFetch: typeof fetch): typeof fetch => (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set('accept-language', 'en');
  return doFetch(input, { ...init, headers });
};

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
  const unknownTypes = unknownEventTypesMessage(options.types);
  if (unknownTypes) throw new TypeError(`types: ${unknownTypes}`);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const doFetch = options.fetch ?? globalThis.fetch;
  const secret = options.webhookSecret ?? newWebhookSecret();
  const pasarela = new Pasarela({ secretKey: options.secretKey, baseUrl: options.baseUrl ?? SANDBOX_ORIGIN, fetch: inEnglish(doFetch), maxRetries: 0 });
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
  // The rest of the window a look reaches, however many pages it fills, was there before too: seen, not sent.
  await look();
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
