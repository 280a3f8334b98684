import Stripe from 'stripe';
import { GatewayOutcomeUnknown } from '@pasarela/gateways';

export interface StripeConnection {
  /** `sk_test_...` or `sk_live_...`. */
  secretKey: string;
  /** Another API origin than Stripe's (a fake such as stripe-stateful-mock): `http://127.0.0.1:12111`. */
  apiUrl?: string | undefined;
}

/** The client's own retries are off: `withinDeadline` retries under the same key, so no call outlives the port call's deadline. */
export function stripeClient({ secretKey, apiUrl }: StripeConnection): Stripe {
  const httpClient = Stripe.createFetchHttpClient((input, init) => globalThis.fetch(input, init));
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 10_000, telemetry: false, httpClient };
  if (apiUrl) {
    const url = new URL(apiUrl);
    config.protocol = url.protocol === 'http:' ? 'http' : 'https';
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(secretKey, config);
}

export interface TryOptions {
  idempotencyKey?: string;
  timeout: number;
  maxNetworkRetries: 0;
}

/** A try is sent again only when Stripe may not have acted, or says to: the connection, a 5xx, a 429, a key in use (409). */
function worthRetrying(error: unknown): boolean {
  const e = error as { type?: string; statusCode?: number };
  if (e.type === 'StripeConnectionError') return true;
  return e.statusCode === 409 || e.statusCode === 429 || (e.statusCode !== undefined && e.statusCode >= 500);
}

const RETRY_PAUSE_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A try still running at the deadline is abandoned (its answer ignored); the outcome is then unknown. */
export async function withinDeadline<T>(deadline: Date, idempotencyKey: string | undefined, send: (options: TryOptions) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (;;) {
    const left = deadline.getTime() - Date.now();
    if (left <= 0) throw new GatewayOutcomeUnknown(`Stripe gave no answer by the deadline${describe(lastError)}`);
    const options: TryOptions = { timeout: left, maxNetworkRetries: 0, ...(idempotencyKey ? { idempotencyKey } : {}) };
    try {
      return await beforeDeadline(send(options), left);
    } catch (error) {
      if (error === DEADLINE) throw new GatewayOutcomeUnknown('Stripe gave no answer by the deadline');
      if (!worthRetrying(error)) throw error;
      lastError = error;
      await sleep(Math.min(RETRY_PAUSE_MS, Math.max(0, deadline.getTime() - Date.now())));
    }
  }
}

const DEADLINE = Symbol('deadline');

function beforeDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(DEADLINE), ms);
  });
  promise.catch(() => {}); // an abandoned try's failure is nobody's
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function describe(error: unknown): string {
  return error instanceof Error ? ` (last try: ${error.message})` : '';
}
