import Stripe from 'stripe';
import { GatewayOutcomeUnknown } from '@pasarela/gateways';

export interface StripeConnection {
  /** `sk_test_...` or `sk_live_...`. */
  secretKey: string;
  /**
   * Another API origin than Stripe's: the card vault's Stripe forwarding origin (VAULT_FORWARD_PORT_stripe),
   * which puts the number in place of the vault's token on the way to Stripe, or a fake such as
   * stripe-stateful-mock: `http://127.0.0.1:12111`.
   */
  apiUrl?: string | undefined;
  /** VAULT_API_SECRET: sent as `Vault-Authorization` on each call, for the vault's forwarding origin at apiUrl. */
  vaultSecret?: string | undefined;
}

/**
 * Stripe's default HTTP client. Its own retries are off: `withinDeadline` retries under the same key,
 * so no call outlives the port call's deadline.
 */
export function stripeClient({ secretKey, apiUrl, vaultSecret }: StripeConnection): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 10_000, telemetry: false };
  if (vaultSecret) {
    // The vault's door: its secret beside Stripe's own Authorization, which it passes on untouched.
    config.httpClient = Stripe.createFetchHttpClient((input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('vault-authorization', `Bearer ${vaultSecret}`);
      return globalThis.fetch(input, { ...init, headers });
    });
  }
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

/**
 * A try is sent again only when Stripe may not have acted, or says to: the connection, a 5xx, a 429,
 * a key in use (409), an answer that is not Stripe's JSON (a load balancer's 502 page, which the
 * client reports as a StripeAPIError without a status).
 */
function worthRetrying(error: unknown): boolean {
  const e = error as { type?: string; statusCode?: number };
  if (e.type === 'StripeConnectionError' || e.type === 'StripeAPIError') return true;
  return e.statusCode === 409 || e.statusCode === 429 || (e.statusCode !== undefined && e.statusCode >= 500);
}

/** The pause before the first resend; each next one doubles, up to the longest. */
const FIRST_PAUSE_MS = 100;
const LONGEST_PAUSE_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A try still running at the deadline is abandoned (its answer ignored); the outcome is then unknown. */
export async function withinDeadline<T>(deadline: Date, idempotencyKey: string | undefined, send: (options: TryOptions) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let resends = 0; ; resends += 1) {
    const left = deadline.getTime() - Date.now();
    if (left <= 0) throw new GatewayOutcomeUnknown(`Stripe gave no answer by the deadline${describe(lastError)}`);
    const options: TryOptions = { timeout: left, maxNetworkRetries: 0, ...(idempotencyKey ? { idempotencyKey } : {}) };
    try {
      return await beforeDeadline(send(options), left);
    } catch (error) {
      // The try cut short says nothing; the one before it, if any, says why it was sent again.
      if (error === DEADLINE) throw new GatewayOutcomeUnknown(`Stripe gave no answer by the deadline${describe(lastError)}`);
      // The key was used with other parameters: Stripe did act under it, but not on this request.
      if ((error as { type?: string }).type === 'StripeIdempotencyError') throw new GatewayOutcomeUnknown(`Stripe holds another request under this key: ${(error as Error).message}`);
      if (!worthRetrying(error)) throw error;
      lastError = error;
      const pause = Math.min(FIRST_PAUSE_MS * 2 ** resends, LONGEST_PAUSE_MS);
      await sleep(Math.min(pause, Math.max(0, deadline.getTime() - Date.now())));
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
