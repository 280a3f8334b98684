import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  ErrorSchema, PaymentLinkPageSchema, PaymentLinkSchema, RefundResultSchema, TransactionPageSchema, TransactionSchema,
  type Page, type PaymentLink, type RefundResult, type Transaction,
} from './answers';

/** An error answer of the merchant API (`{ code, message }`), or an answer that was not one at all. */
export class PasarelaError extends Error {
  override readonly name = 'PasarelaError';
  constructor(
    /** The HTTP status; 0 when no answer came (the network failed or timed out). */
    readonly status: number,
    /** The catalogue's code (docs/merchant-api.md "Errors"): `refund_exceeds_remaining`, `transaction_not_found`, ... */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PasarelaOptions {
  /** Your secret key (sk_test_... in the sandbox): server-side only. */
  secretKey: string;
  /** The provider's origin (the sandbox's by default: http://localhost:4000). */
  baseUrl?: string;
  /** How many times a call is tried again after a network failure, a 409 idempotency_key_in_use, a 429 or a 5xx (default 2). */
  maxRetries?: number;
  /** How long one try waits for its answer (default 30 s). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

export interface PostOptions {
  /**
   * The Idempotency-Key: the same key with the same body answers the first answer for 24 hours.
   * Without it a key is made for the call, and its retries send the same one.
   */
  idempotencyKey?: string;
}

export interface CreatePaymentLinkParams {
  /** The price, above 0, at most two decimals. */
  amount: number;
  taxAmount?: number;
  description: string;
  /** Your own id for the order, unique among your links. */
  orderReference?: string;
  /** Up to 20 of your own strings (keys up to 40 characters, values up to 500). */
  metadata?: Record<string, string>;
  /** When it stops taking payments (RFC 3339 with an offset, or a Date). */
  expiresAt?: string | Date;
  singleUse?: boolean;
  brands?: Array<'VISA' | 'MC' | 'AMEX'>;
  methods?: Array<'CARD' | 'NEQUI' | 'YAPPY' | 'CASH' | 'PAYCASH' | 'PC' | 'CLAVE' | 'CRYPTO'>;
  returnUrl?: string;
}

interface ListParams {
  limit?: number;
  cursor?: string;
  createdFrom?: string | Date;
  createdTo?: string | Date;
}

export interface ListPaymentLinksParams extends ListParams {
  state?: 'open' | 'paid' | 'expired';
  orderReference?: string;
}

export interface ListTransactionsParams extends ListParams {
  linkCode?: string;
  orderReference?: string;
  method?: 'card' | 'balance' | 'nequi' | 'yappy' | 'cash' | 'clave' | 'crypto';
  result?: 'APPROVED' | 'PENDING' | 'DECLINED';
}

export interface RefundParams {
  /** What to give back; absent: all that remains. */
  amount?: number;
}

/** Statuses worth another try with the same key: the first may still run (409 in use), a limit, the server's own failure. */
const RETRIABLE = new Set([408, 429, 500, 503, 504]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const query = (params: object) => {
  const entries = Object.entries(params).filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, value instanceof Date ? value.toISOString() : String(value)] as [string, string]);
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
};

const segment = (value: string) => encodeURIComponent(value);

/**
 * The merchant API (docs/merchant-api.md) from your server. Every answer is checked against its
 * documented shape; an error answer throws PasarelaError. POSTs always carry an Idempotency-Key
 * (yours, or one made for the call), so retrying them never makes a second link, refund or void.
 */
export class Pasarela {
  readonly paymentLinks: {
    create(params: CreatePaymentLinkParams, options?: PostOptions): Promise<PaymentLink>;
    retrieve(code: string): Promise<PaymentLink>;
    list(params?: ListPaymentLinksParams): Promise<Page<PaymentLink>>;
    expire(code: string, options?: PostOptions): Promise<PaymentLink>;
  };
  readonly transactions: {
    retrieve(codOper: string): Promise<Transaction>;
    list(params?: ListTransactionsParams): Promise<Page<Transaction>>;
    refund(codOper: string, params?: RefundParams, options?: PostOptions): Promise<RefundResult>;
    void(codOper: string, options?: PostOptions): Promise<Transaction>;
  };

  readonly #secretKey: string;
  readonly #base: string;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(options: PasarelaOptions) {
    if (typeof options.secretKey !== 'string' || options.secretKey === '') throw new TypeError('secretKey is required');
    this.#secretKey = options.secretKey;
    this.#base = `${(options.baseUrl ?? 'http://localhost:4000').replace(/\/+$/, '')}/api/v1/merchant`;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    const expiresAtText = (params: CreatePaymentLinkParams) =>
      params.expiresAt instanceof Date ? { ...params, expiresAt: params.expiresAt.toISOString() } : params;
    this.paymentLinks = {
      create: (params, options) => this.#call('POST', '/payment-links', PaymentLinkSchema, expiresAtText(params), options),
      retrieve: (code) => this.#call('GET', `/payment-links/${segment(code)}`, PaymentLinkSchema),
      list: (params = {}) => this.#call('GET', `/payment-links${query(params)}`, PaymentLinkPageSchema),
      expire: (code, options) => this.#call('POST', `/payment-links/${segment(code)}/expire`, PaymentLinkSchema, {}, options),
    };
    this.transactions = {
      retrieve: (codOper) => this.#call('GET', `/transactions/${segment(codOper)}`, TransactionSchema),
      list: (params = {}) => this.#call('GET', `/transactions${query(params)}`, TransactionPageSchema),
      refund: (codOper, params = {}, options) => this.#call('POST', `/transactions/${segment(codOper)}/refunds`, RefundResultSchema, params, options),
      void: (codOper, options) => this.#call('POST', `/transactions/${segment(codOper)}/void`, TransactionSchema, {}, options),
    };
  }

  async #call<S extends v.GenericSchema>(method: 'GET' | 'POST', path: string, schema: S, body?: object, options: PostOptions = {}): Promise<v.InferOutput<S>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.#secretKey}`, accept: 'application/json' };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    }
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.#fetch(`${this.#base}${path}`, {
          method, headers, signal: AbortSignal.timeout(this.#timeoutMs), ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      } catch (error) {
        // No answer: whether the server acted is unknown, so the same call (same key) goes again.
        if (attempt < this.#maxRetries) {
          await sleep(this.#backoff(attempt, null));
          continue;
        }
        throw new PasarelaError(0, 'connection_error', `No answer from Pasarela: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await res.text();
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (res.ok) {
        const parsed = v.safeParse(schema, json);
        if (!parsed.success) throw new PasarelaError(res.status, 'unexpected_answer', `The answer is not the documented shape: ${v.summarize(parsed.issues)}`);
        return parsed.output;
      }
      const error = v.safeParse(ErrorSchema, json);
      const code = error.success ? String(error.output.code) : 'unexpected_answer';
      const inUse = res.status === 409 && code === 'idempotency_key_in_use';
      if ((RETRIABLE.has(res.status) || inUse) && attempt < this.#maxRetries) {
        await sleep(this.#backoff(attempt, res.headers.get('retry-after')));
        continue;
      }
      throw new PasarelaError(res.status, code, error.success ? error.output.message : `HTTP ${res.status}`);
    }
  }

  /** Half a second, doubling, with jitter; or what Retry-After asks (at most a minute). */
  #backoff(attempt: number, retryAfter: string | null): number {
    const asked = retryAfter !== null && /^\d{1,5}$/.test(retryAfter) ? Math.min(Number(retryAfter), 60) * 1000 : undefined;
    return asked ?? 500 * 2 ** attempt * (0.75 + Math.random() / 2);
  }
}
