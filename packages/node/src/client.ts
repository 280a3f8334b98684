import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  BrandSchema, ErrorSchema, PaymentLinkPageSchema, PaymentLinkSchema, RefundResultSchema, TransactionPageSchema, TransactionSchema,
  type Brand, type Page, type PaymentLink, type RefundResult, type Transaction,
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
   * The Idempotency-Key (1 to 255 visible ASCII characters): the same key with the same body
   * answers the first answer for 24 hours. The server requires one on link creation, refunds and
   * voids; without yours a key is made for the call (a UUID), and its retries send the same one.
   */
  idempotencyKey?: string;
}

/** What the server takes as an Idempotency-Key. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

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

export interface UpdateBrandParams {
  /** A hex colour (`#6b3e26` or `#a52`); null removes it. */
  colorPrimary?: string | null;
  /** 1 to 60 characters on one line; null removes it (payers see your merchant name). */
  displayName?: string | null;
  /** null removes the logo (upload one with `brand.uploadLogo`). */
  logo?: null;
}

/** A logo image's type: the server reads it from the bytes, this only labels the upload. */
export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface UploadLogoOptions extends PostOptions {
  /** Default: read from the image's first bytes (PNG, JPEG, WebP), else a Blob's own type. */
  contentType?: LogoContentType;
}

/** The type a PNG, JPEG or WebP announces in its first bytes; undefined for anything else. */
function logoTypeOf(bytes: Uint8Array): LogoContentType | undefined {
  const starts = (prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

/** Statuses worth another try with the same key: the first may still run (409 in use), a limit, the server's own failure. */
const RETRIABLE = new Set([408, 429, 500, 503, 504]);

/** The longest Retry-After the client waits for before trying again, in seconds. */
const MAX_RETRY_AFTER_S = 60;

/** A body sent as it is (a logo's bytes), not as JSON. */
class RawBody {
  constructor(readonly bytes: Uint8Array<ArrayBuffer>, readonly type: string) {}
}

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
  /** Your brand: what payers see of you in the checkout, receipts, e-mails and bank pages. */
  readonly brand: {
    retrieve(): Promise<Brand>;
    /** Sets each part given, removes each part given as null, keeps the rest. */
    update(params: UpdateBrandParams, options?: PostOptions): Promise<Brand>;
    /**
     * Uploads a PNG, JPEG or WebP (at most 512 KB, sides 32 to 2048 px) as your logo; the logo it
     * replaces is deleted once no merchant uses it. 20 uploads in 24 hours: past them,
     * PasarelaError `logo_upload_limit` (status 429), thrown at once.
     */
    uploadLogo(image: Uint8Array | ArrayBuffer | Blob, options?: UploadLogoOptions): Promise<Brand>;
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
    this.brand = {
      retrieve: () => this.#call('GET', '/brand', BrandSchema),
      update: (params, options) => this.#call('POST', '/brand', BrandSchema, params, options),
      uploadLogo: async (image, options = {}) => {
        const bytes = image instanceof Blob ? new Uint8Array(await image.arrayBuffer()) : new Uint8Array(image);
        const type = options.contentType ?? logoTypeOf(bytes) ?? (image instanceof Blob && image.type ? image.type : 'application/octet-stream');
        return this.#call('POST', '/brand/logo', BrandSchema, new RawBody(bytes, type), options);
      },
    };
  }

  /** `body`: an object sent as JSON, or raw bytes with their type (a logo). */
  async #call<S extends v.GenericSchema>(
    method: 'GET' | 'POST', path: string, schema: S, body?: object | RawBody, options: PostOptions = {},
  ): Promise<v.InferOutput<S>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.#secretKey}`, accept: 'application/json' };
    const raw = body instanceof RawBody ? body : undefined;
    if (method === 'POST') {
      // A key the server would refuse fails here, before anything is sent.
      if (options.idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(options.idempotencyKey)) {
        throw new TypeError('idempotencyKey must be 1 to 255 visible ASCII characters (a UUID, or your own such as refund-<order>-1)');
      }
      headers['content-type'] = raw ? raw.type : 'application/json';
      // Made once per call, before the first try: every retry below sends this same key.
      headers['idempotency-key'] = options.idempotencyKey ?? randomUUID();
    }
    const payload = raw ? raw.bytes : body === undefined ? undefined : JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.#fetch(`${this.#base}${path}`, {
          method, headers, signal: AbortSignal.timeout(this.#timeoutMs), ...(payload === undefined ? {} : { body: payload }),
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
      // A limit that lifts in more than a minute (logo uploads per day) is no moment's load: no retry.
      const longWait = Number(res.headers.get('retry-after')) > MAX_RETRY_AFTER_S;
      if ((RETRIABLE.has(res.status) || inUse) && !longWait && attempt < this.#maxRetries) {
        await sleep(this.#backoff(attempt, res.headers.get('retry-after')));
        continue;
      }
      throw new PasarelaError(res.status, code, error.success ? error.output.message : `HTTP ${res.status}`);
    }
  }

  /** Half a second, doubling, with jitter; or what Retry-After asks (at most a minute). */
  #backoff(attempt: number, retryAfter: string | null): number {
    const asked = retryAfter !== null && /^\d{1,5}$/.test(retryAfter) ? Math.min(Number(retryAfter), MAX_RETRY_AFTER_S) * 1000 : undefined;
    return asked ?? 500 * 2 ** attempt * (0.75 + Math.random() / 2);
  }
}
