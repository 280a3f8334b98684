import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { ErrorSchema, type Page } from './answers';
import { pagePromise, type PagePromise } from './pagePromise';

/** The API version this client was built for (docs/changelog.md), sent as Pasarela-Version on every call. */
export const PASARELA_API_VERSION = '2026-11-26';

/** An error answer of the merchant API (`{ code, message, requestId }`), or an answer that was not one at all. */
export class PasarelaError extends Error {
  override readonly name = 'PasarelaError';
  constructor(
    /** The HTTP status; 0 when no answer came (the network failed or timed out). */
    readonly status: number,
    /** The catalogue's code (docs/merchant-api.md "Errors"), such as `refund_exceeds_remaining`. */
    readonly code: string,
    message: string,
    /** The request's id (body or X-Request-Id), to quote to support. */
    readonly requestId?: string,
    /** The answer's Retry-After in seconds (a 429, a 503, a 409 idempotency_key_in_use): how long to wait before calling again; undefined without one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface PasarelaOptions {
  /** Your secret key (sk_test_... in the sandbox): server-side only. */
  secretKey: string;
  /**
   * Required: the provider's origin (the sandbox's is http://localhost:4000). There is no default:
   * the package cannot know where the provider runs live, and a wrong guess would send live calls elsewhere.
   */
  baseUrl: string;
  /**
   * Tries again after a network failure, a 408, a 409 idempotency_key_in_use, a 429, a 500, 503 or 504, or a balancer's 502:
   * a whole number, 0 or more (default 2; 0 tries once).
   */
  maxRetries?: number;
  /** How long one try waits for its answer, in whole milliseconds from 1 to 2147483647 (default 30 s). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
  /** The API version to pin (default PASARELA_API_VERSION). */
  apiVersion?: string;
  /** The language of Pasarela's error messages (sent as Accept-Language); without it, the server's default (Spanish). */
  language?: 'es' | 'en';
}

export interface PostOptions {
  /**
   * The Idempotency-Key (1 to 255 visible ASCII characters): the same key and body get the first
   * answer for 24 hours. Default: a UUID made for the call, sent again by its retries.
   */
  idempotencyKey?: string;
}

export interface ListParams {
  /** A page's size, 1 to 100 (default 20). */
  limit?: number;
  /** The `nextCursor` of the previous page (auto-pagination follows it for you). */
  cursor?: string;
  /** Created at or after (RFC 3339 with an offset, or a Date). */
  createdFrom?: string | Date;
  /** Created before. */
  createdTo?: string | Date;
}

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Worth another try with the same key: a timeout, a limit (429), the server's own failure. */
const RETRIABLE = new Set([408, 429, 500, 503, 504]);
const MAX_RETRY_AFTER_S = 60;
/** The longest timer Node keeps: a longer one fires at once. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** A body sent as it is (a logo's bytes), not as JSON. */
export class RawBody {
  constructor(readonly bytes: Uint8Array<ArrayBuffer>, readonly type: string) {}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A body's JSON, or undefined when it is none. */
const jsonOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const query = (params: object) => {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, value instanceof Date ? value.toISOString() : String(value)] as [string, string]);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
};

export const segment = (value: string) => encodeURIComponent(value);

/** A success's body read by its schema; never thrown: the server acted, and a retry could act twice. An unreadable shape is given back as it came. */
function readAs<S extends v.GenericSchema>(schema: S, text: string): v.InferOutput<S> {
  const json = jsonOf(text);
  const parsed = v.safeParse(schema, json);
  return parsed.success ? parsed.output : (json ?? {}) as v.InferOutput<S>;
}

/** `baseUrl` checked where it is given, so a missing or mistyped one fails at construction, not at the first call. */
function originOf(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') {
    throw new TypeError("baseUrl is required: pass the provider's origin, such as new Pasarela({ secretKey, baseUrl: 'https://checkout.example' }) (the sandbox's is http://localhost:4000)");
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute http or https URL, such as https://checkout.example; got ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`baseUrl must be an http or https URL; got ${JSON.stringify(baseUrl)}`);
  return baseUrl.trim().replace(/\/+$/, '');
}

const shown = (value: unknown) => (typeof value === 'string' ? JSON.stringify(value) : String(value));

/** A whole number from `min` to `max`, else a TypeError naming the option: NaN, Infinity or a string would retry forever or never, or time out at once. */
function wholeNumber(name: string, value: unknown, fallback: number, min: number, max: number, allowed: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw new TypeError(`${name} must be ${allowed}; got ${shown(value)}`);
  return value;
}

/** Retry-After in seconds (its HTTP-date form is not read). */
const retryAfterOf = (res: Response): number | undefined => {
  const header = res.headers.get('retry-after');
  return header !== null && /^\d{1,10}$/.test(header.trim()) ? Number(header.trim()) : undefined;
};

/** Which address failed and what to check: fetch's own "fetch failed" names neither. */
function connectionFailure(url: string, origin: string, error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const reason = [error instanceof Error ? error.message : String(error), cause?.message].filter(Boolean).join(': ');
  return `No answer from Pasarela at ${url} (${reason}). Check that baseUrl (${origin}) is the provider's origin, that it is reachable from this server (DNS, firewall, proxy), and that it is up.`;
}

/** A DELETE's 404 after a try the server may have carried out: that try's deletion. */
const GONE = Symbol('gone');

type Payload = string | Uint8Array<ArrayBuffer> | undefined;

/** One merchant API call with its retries, answers parsed by their schema. */
export class Http {
  readonly #secretKey: string;
  readonly #origin: string;
  readonly #base: string;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;
  readonly #apiVersion: string;
  readonly #language: 'es' | 'en' | undefined;

  constructor(options: PasarelaOptions) {
    if (typeof options.secretKey !== 'string' || options.secretKey === '') throw new TypeError('secretKey is required');
    this.#secretKey = options.secretKey;
    this.#origin = originOf(options.baseUrl);
    this.#base = `${this.#origin}/api/v1/merchant`;
    this.#maxRetries = wholeNumber('maxRetries', options.maxRetries, 2, 0, Number.MAX_SAFE_INTEGER, 'a whole number of retries, 0 or more');
    this.#timeoutMs = wholeNumber('timeoutMs', options.timeoutMs, 30_000, 1, MAX_TIMEOUT_MS, `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#apiVersion = options.apiVersion ?? PASARELA_API_VERSION;
    if (options.language !== undefined && options.language !== 'es' && options.language !== 'en') throw new TypeError(`language must be es or en; got ${JSON.stringify(options.language)}`);
    this.#language = options.language;
  }

  list<T>(path: string, params: ListParams, schema: v.GenericSchema<unknown, Page<T>>): PagePromise<T> {
    const { cursor, ...rest } = params;
    return pagePromise((at) => this.call('GET', `${path}${query({ ...rest, cursor: at })}`, schema), cursor);
  }

  async call<S extends v.GenericSchema>(
    method: 'GET' | 'POST' | 'PATCH', path: string, schema: S, body?: object | RawBody, options: PostOptions = {},
  ): Promise<v.InferOutput<S>> {
    const headers = this.#headers('application/json');
    const raw = body instanceof RawBody ? body : undefined;
    if (method === 'POST' || method === 'PATCH') {
      if (options.idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(options.idempotencyKey)) {
        throw new TypeError('idempotencyKey must be 1 to 255 visible ASCII characters (a UUID, or your own such as refund-<order>-1)');
      }
      headers['content-type'] = raw ? raw.type : 'application/json';
      // Made once, before the first try: every retry sends this same key.
      headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    }
    const payload = raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body);
    return readAs(schema, await this.#exchange(method, path, headers, payload));
  }

  /**
   * A DELETE, which takes no Idempotency-Key: when a try's answer was lost (no answer, or a 5xx) the
   * server may have deleted, and a retry then meets a 404. That 404 is the earlier try's deletion:
   * `deleted` is returned. A 404 on the first try, or after tries that were answered 408 or 429 (nothing done), is thrown.
   */
  async del<S extends v.GenericSchema>(path: string, schema: S, deleted: v.InferOutput<S>): Promise<v.InferOutput<S>> {
    const answer = await this.#exchange('DELETE', path, this.#headers('application/json'), undefined, true);
    return answer === GONE ? deleted : readAs(schema, answer);
  }

  /** A GET whose answer is a file in another type than JSON (`accept`), given back as its text. */
  async text(path: string, accept: string): Promise<string> {
    return this.#exchange('GET', path, this.#headers(accept), undefined);
  }

  #headers(accept: string): Record<string, string> {
    return {
      authorization: `Bearer ${this.#secretKey}`, accept, 'pasarela-version': this.#apiVersion,
      ...(this.#language === undefined ? {} : { 'accept-language': this.#language }),
    };
  }

  /**
   * The tries of one call: a success's body as text, or a PasarelaError; with `goneAfterActing` (a
   * DELETE), GONE for a 404 met after a try the server may have carried out.
   */
  #exchange(method: string, path: string, headers: Record<string, string>, payload: Payload, goneAfterActing: true): Promise<string | typeof GONE>;
  #exchange(method: string, path: string, headers: Record<string, string>, payload: Payload): Promise<string>;
  async #exchange(method: string, path: string, headers: Record<string, string>, payload: Payload, goneAfterActing = false): Promise<string | typeof GONE> {
    let mayHaveActed = false;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      let text: string;
      try {
        res = await this.#fetch(`${this.#base}${path}`, {
          // Followed, a redirect would turn a POST into a GET (and drop the key), and that GET's answer would be taken for this call's.
          method, headers, redirect: 'manual', signal: AbortSignal.timeout(this.#timeoutMs), ...(payload === undefined ? {} : { body: payload }),
        });
        // The body too: a timeout or a dropped connection while it comes is no answer either.
        text = await res.text();
      } catch (error) {
        // No answer: whether the server acted is unknown, so the same call (same key) goes again.
        if (attempt < this.#maxRetries) {
          mayHaveActed = true;
          await sleep(this.#backoff(attempt, null));
          continue;
        }
        throw new PasarelaError(0, 'connection_error', connectionFailure(`${this.#base}${path}`, this.#origin, error));
      }
      if (res.ok) return text;
      const json = jsonOf(text);
      const error = v.safeParse(ErrorSchema, json);
      const code = error.success ? String(error.output.code) : 'unexpected_answer';
      const inUse = res.status === 409 && code === 'idempotency_key_in_use';
      // A 502 that is no error of the API is a balancer's: the node behind it died or was not reached (no answer from Pasarela).
      // The API's own 502s (refund_refused, capture_refused, ...) are the processor's refusals, and would be refused again.
      const gatewayInFront = res.status === 502 && !error.success;
      // A limit lifting in over a minute (logo uploads per day) is not a moment's load: no retry.
      const longWait = Number(res.headers.get('retry-after')) > MAX_RETRY_AFTER_S;
      if ((RETRIABLE.has(res.status) || inUse || gatewayInFront) && !longWait && attempt < this.#maxRetries) {
        // A 408, 429 or 409 is said before acting; after a 5xx, whether the server acted is unknown.
        if (res.status >= 500) mayHaveActed = true;
        await sleep(this.#backoff(attempt, res.headers.get('retry-after')));
        continue;
      }
      if (goneAfterActing && res.status === 404 && error.success && mayHaveActed) return GONE;
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
      const message = error.success ? error.output.message
        : location !== null ? `HTTP ${res.status}: ${this.#base}${path} redirects to ${location}, which is not followed. Check that baseUrl (${this.#origin}) is the provider's origin as it serves the API (its scheme and host).`
          : `HTTP ${res.status}`;
      const requestId = (error.success ? error.output.requestId : undefined) ?? res.headers.get('x-request-id') ?? undefined;
      throw new PasarelaError(res.status, code, message, requestId, retryAfterOf(res));
    }
  }

  /** Half a second, doubling, with jitter; or what Retry-After asks (at most a minute). */
  #backoff(attempt: number, retryAfter: string | null): number {
    const asked = retryAfter !== null && /^\d{1,5}$/.test(retryAfter) ? Math.min(Number(retryAfter), MAX_RETRY_AFTER_S) * 1000 : undefined;
    return asked ?? 500 * 2 ** attempt * (0.75 + Math.random() / 2);
  }
}
