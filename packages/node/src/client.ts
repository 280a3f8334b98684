import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import {
  BrandSchema, DeletedSchema, ErrorSchema, EventPageSchema, PaymentLinkPageSchema, PaymentLinkSchema, RefundResultSchema, RolledKeySchema, TransactionPageSchema,
  TransactionSchema, WebhookDeliveryPageSchema, WebhookDeliverySchema, WebhookEndpointPageSchema, WebhookEndpointSchema, WebhookEventSchema,
  type Brand, type Deleted, type KnownEventType, type Open, type Page, type PaymentLink, type RefundResult, type RolledKey, type Transaction,
  type WebhookDelivery, type WebhookEndpoint, type WebhookEvent, type WebhookEventType,
} from './answers';
import {
  BalanceSchema, BalanceTransactionPageSchema, DisputePageSchema, DisputeSchema, PayoutPageSchema, PayoutWithLinesSchema,
  type Balance, type BalanceTransaction, type BalanceTransactionType, type Dispute, type Payout, type PayoutStatus, type PayoutWithLines,
} from './bookAnswers';

/**
 * The API version this client was built for (docs/changelog.md): sent as Pasarela-Version on
 * every call, so a newer server answers in the shapes this client knows.
 */
export const PASARELA_API_VERSION = '2026-11-26';

/** An error answer of the merchant API (`{ code, message, requestId }`), or an answer that was not one at all. */
export class PasarelaError extends Error {
  override readonly name = 'PasarelaError';
  constructor(
    /** The HTTP status; 0 when no answer came (the network failed or timed out). */
    readonly status: number,
    /** The catalogue's code (docs/merchant-api.md "Errors"): `refund_exceeds_remaining`, `transaction_not_found`, ... */
    readonly code: string,
    message: string,
    /** The request's id (in the error body and its X-Request-Id header), to quote to support; undefined when no answer carried one. */
    readonly requestId?: string,
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
  /** The API version to pin (default PASARELA_API_VERSION, the one this client was built for). */
  apiVersion?: string;
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
  /** 1 to 200 characters: what the payer pays for, in any language `descriptions` does not give. */
  description: string;
  /** The description in each language you write it in; a payer whose checkout is in that language reads it. */
  descriptions?: { es?: string; en?: string };
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

/** What changed since you last looked, whenever it was created (docs/webhooks.md "Recovering lost webhooks"). */
export interface ChangedParams {
  /** Changed at or after. */
  updatedFrom?: string | Date;
  /** Changed before. */
  updatedTo?: string | Date;
}

export interface ListPaymentLinksParams extends ListParams, ChangedParams {
  state?: Open<'open' | 'paid' | 'expired'>;
  orderReference?: string;
}

export interface ListTransactionsParams extends ListParams, ChangedParams {
  linkCode?: string;
  /** Only those of this order's link, a payment still waiting on the payer included (result PENDING). */
  orderReference?: string;
  method?: Open<'card' | 'balance' | 'nequi' | 'yappy' | 'cash' | 'clave' | 'crypto'>;
  result?: Open<'APPROVED' | 'PENDING' | 'DECLINED'>;
}

export interface ListBalanceTransactionsParams extends ListParams {
  type?: BalanceTransactionType;
  /** Only the lines this payout settles, and its own (po_...). */
  payout?: string;
}

export interface ListPayoutsParams extends Omit<ListParams, 'createdFrom' | 'createdTo'> {
  status?: PayoutStatus;
}

export interface ListEventsParams extends ListParams {
  /** Only events of this type. */
  type?: WebhookEventType;
}

/**
 * A list call: await it for one page, or iterate it with `for await` for every item of every page
 * (the next page is asked for only when the loop gets there).
 */
export type PagePromise<T> = Promise<Page<T>> & AsyncIterable<T>;

/** A page promise over `fetchPage`, which gets the page at a cursor (undefined: the first). */
function pagePromise<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>, firstCursor: string | undefined): PagePromise<T> {
  let first: Promise<Page<T>> | undefined;
  const firstPage = () => (first ??= fetchPage(firstCursor));
  return {
    then: (onFulfilled, onRejected) => firstPage().then(onFulfilled, onRejected),
    catch: (onRejected) => firstPage().catch(onRejected),
    finally: (onFinally) => firstPage().finally(onFinally),
    [Symbol.toStringTag]: 'PagePromise',
    async *[Symbol.asyncIterator]() {
      let page = await firstPage();
      for (;;) {
        yield* page.data;
        if (!page.hasMore || page.nextCursor === null) return;
        page = await fetchPage(page.nextCursor);
      }
    },
  };
}

/** An event type an endpoint takes: a known one, or `*` for all. */
export type EndpointEventType = KnownEventType | '*';

export interface CreateWebhookEndpointParams {
  /** An http or https address, up to 2000 characters. */
  url: string;
  /** The event types it is sent (default `['*']`: all). */
  events?: EndpointEventType[];
}

/** Each part given is set, the rest kept. */
export interface UpdateWebhookEndpointParams {
  url?: string;
  events?: EndpointEventType[];
}

export interface RollParams {
  /** How long the secret or key in use keeps working beside the new one, 0 (the default: it stops at once) to 604800 s (7 days). */
  expiresInSeconds?: number;
}

export interface SendTestParams {
  /** The sample event's type. */
  type: KnownEventType;
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
 * The merchant API (docs/merchant-api.md) from your server, pinned to PASARELA_API_VERSION. An
 * error answer throws PasarelaError; a success is always returned, with every field it came with
 * (a value or a field a later version added included). POSTs always carry an Idempotency-Key
 * (yours, or one made for the call), so retrying them never makes a second link, refund or void.
 */
export class Pasarela {
  /** Payment links: what the payer opens to pay. */
  readonly paymentLinks: {
    /** Makes a link (POST /payment-links); its Idempotency-Key is yours or one made for the call, so a retry never makes a second link. */
    create(params: CreatePaymentLinkParams, options?: PostOptions): Promise<PaymentLink>;
    /** One of your links by its code. */
    retrieve(code: string): Promise<PaymentLink>;
    /** Your links, newest first: await one page, or `for await` over every link of every page. */
    list(params?: ListPaymentLinksParams): PagePromise<PaymentLink>;
    /** Expires an open link now, so it takes no more payments. */
    expire(code: string, options?: PostOptions): Promise<PaymentLink>;
  };
  /** Payments, their refunds and voids. */
  readonly transactions: {
    /** The verify call: what Pasarela knows of one of your transactions, with its refunds. */
    retrieve(codOper: string): Promise<Transaction>;
    /** Your transactions, newest first: await one page, or `for await` over every transaction of every page. */
    list(params?: ListTransactionsParams): PagePromise<Transaction>;
    /** Refunds an approved payment, all that remains or `amount`; safe to retry (same Idempotency-Key). */
    refund(codOper: string, params?: RefundParams, options?: PostOptions): Promise<RefundResult>;
    /** Calls off a payment that is still pending; safe to retry (same Idempotency-Key). */
    void(codOper: string, options?: PostOptions): Promise<Transaction>;
  };
  /** The change feed: every event webhooks carry, kept 30 days, whether or not its delivery got through. */
  readonly events: {
    /** Your events, newest first: await one page, or `for await` over every event of every page. */
    list(params?: ListEventsParams): PagePromise<WebhookEvent>;
    /** One event by its id (evt_...). */
    retrieve(id: string): Promise<WebhookEvent>;
  };
  /** Where your webhooks go (up to the server's limit of endpoints), each with its own signing secret. */
  readonly webhookEndpoints: {
    /** Adds an endpoint; its answer carries the signing `secret`, shown only here and on rollSecret. Safe to retry (same Idempotency-Key). */
    create(params: CreateWebhookEndpointParams, options?: PostOptions): Promise<WebhookEndpoint>;
    /** Your endpoints (one page holds them all; `for await` works too). */
    list(): PagePromise<WebhookEndpoint>;
    /** One endpoint by its id (we_...), without its secret. */
    retrieve(id: string): Promise<WebhookEndpoint>;
    /** Changes its url or events, keeps the rest. */
    update(id: string, params: UpdateWebhookEndpointParams, options?: PostOptions): Promise<WebhookEndpoint>;
    /** Deletes an endpoint: nothing more is sent to it. */
    del(id: string): Promise<Deleted>;
    /** Its latest deliveries (up to 100), newest first: what was sent, how many tries, how the last one went. */
    listDeliveries(id: string): PagePromise<WebhookDelivery>;
    /** Sends a delivery again now, with fresh tries (status 202: it is queued). */
    redeliver(id: string, deliveryId: string, options?: PostOptions): Promise<WebhookDelivery>;
    /**
     * A new signing secret, in the answer's `secret`; the old one keeps signing beside it for
     * `expiresInSeconds` (0, the default: it stops at once). A retry with the same Idempotency-Key gets the same secret.
     */
    rollSecret(id: string, params?: RollParams, options?: PostOptions): Promise<WebhookEndpoint>;
    /** Queues a sample event of `type`, marked `test: true` and about a made-up payment, to this endpoint (status 202). */
    sendTest(id: string, params: SendTestParams, options?: PostOptions): Promise<WebhookDelivery>;
  };
  /** Your secret key. */
  readonly keys: {
    /**
     * A new secret key, in the answer's `secretKey` (shown only in this answer: keep it now); the
     * key that asked keeps working for `expiresInSeconds` (0, the default: it stops at once, so
     * this client's own key no longer works). A retry with the same Idempotency-Key, sent with
     * the same key, answers the same new key instead of rolling again; ask for a window so that
     * retry is still let in.
     */
    roll(params?: RollParams, options?: PostOptions): Promise<RolledKey>;
  };
  /** Your balance: available (a payout may take it) and pending (waiting for its date). */
  readonly balance: {
    retrieve(): Promise<Balance>;
  };
  /** Every movement of your money: gross, fee and net of each payment, refund, dispute and payout. */
  readonly balanceTransactions: {
    /** Newest first: await one page, or `for await` over every line of every page. */
    list(params?: ListBalanceTransactionsParams): PagePromise<BalanceTransaction>;
  };
  /** What went to your bank account. */
  readonly payouts: {
    /** Newest first: await one page, or `for await` over every payout. */
    list(params?: ListPayoutsParams): PagePromise<Payout>;
    /** One payout with the balance transactions it settles. */
    retrieve(id: string): Promise<PayoutWithLines>;
  };
  /** Chargebacks on your card payments: read them, answer with evidence, or accept them. */
  readonly disputes: {
    /** Newest first: await one page, or `for await` over every dispute. */
    list(params?: ListParams): PagePromise<Dispute>;
    retrieve(id: string): Promise<Dispute>;
    /** Your evidence, before evidenceDueBy: the dispute goes under review. Safe to retry (same Idempotency-Key). */
    submitEvidence(id: string, params: { evidence: string }, options?: PostOptions): Promise<Dispute>;
    /** Ends it lost: its money stays out of your balance. */
    accept(id: string, options?: PostOptions): Promise<Dispute>;
  };
  /** Your brand: what payers see of you in the checkout, receipts, e-mails and bank pages. */
  readonly brand: {
    /** Your brand as payers see it. */
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
  readonly #apiVersion: string;

  /** A client for your secret key; nothing is sent until a call. */
  constructor(options: PasarelaOptions) {
    if (typeof options.secretKey !== 'string' || options.secretKey === '') throw new TypeError('secretKey is required');
    this.#secretKey = options.secretKey;
    this.#base = `${(options.baseUrl ?? 'http://localhost:4000').replace(/\/+$/, '')}/api/v1/merchant`;
    this.#maxRetries = options.maxRetries ?? 2;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#apiVersion = options.apiVersion ?? PASARELA_API_VERSION;
    const expiresAtText = (params: CreatePaymentLinkParams) =>
      params.expiresAt instanceof Date ? { ...params, expiresAt: params.expiresAt.toISOString() } : params;
    this.paymentLinks = {
      create: (params, options) => this.#call('POST', '/payment-links', PaymentLinkSchema, expiresAtText(params), options),
      retrieve: (code) => this.#call('GET', `/payment-links/${segment(code)}`, PaymentLinkSchema),
      list: (params = {}) => this.#list('/payment-links', params, PaymentLinkPageSchema),
      expire: (code, options) => this.#call('POST', `/payment-links/${segment(code)}/expire`, PaymentLinkSchema, {}, options),
    };
    this.transactions = {
      retrieve: (codOper) => this.#call('GET', `/transactions/${segment(codOper)}`, TransactionSchema),
      list: (params = {}) => this.#list('/transactions', params, TransactionPageSchema),
      refund: (codOper, params = {}, options) => this.#call('POST', `/transactions/${segment(codOper)}/refunds`, RefundResultSchema, params, options),
      void: (codOper, options) => this.#call('POST', `/transactions/${segment(codOper)}/void`, TransactionSchema, {}, options),
    };
    this.events = {
      list: (params = {}) => this.#list('/events', params, EventPageSchema),
      retrieve: (id) => this.#call('GET', `/events/${segment(id)}`, WebhookEventSchema),
    };
    const endpoint = (id: string) => `/webhook-endpoints/${segment(id)}`;
    this.webhookEndpoints = {
      create: (params, options) => this.#call('POST', '/webhook-endpoints', WebhookEndpointSchema, params, options),
      list: () => this.#list('/webhook-endpoints', {}, WebhookEndpointPageSchema),
      retrieve: (id) => this.#call('GET', endpoint(id), WebhookEndpointSchema),
      update: (id, params, options) => this.#call('PATCH', endpoint(id), WebhookEndpointSchema, params, options),
      del: (id) => this.#call('DELETE', endpoint(id), DeletedSchema),
      listDeliveries: (id) => this.#list(`${endpoint(id)}/deliveries`, {}, WebhookDeliveryPageSchema),
      redeliver: (id, deliveryId, options) => this.#call('POST', `${endpoint(id)}/deliveries/${segment(deliveryId)}/redeliver`, WebhookDeliverySchema, {}, options),
      rollSecret: (id, params = {}, options) => this.#call('POST', `${endpoint(id)}/roll-secret`, WebhookEndpointSchema, params, options),
      sendTest: (id, params, options) => this.#call('POST', `${endpoint(id)}/test`, WebhookDeliverySchema, params, options),
    };
    this.balance = { retrieve: () => this.#call('GET', '/balance', BalanceSchema) };
    this.balanceTransactions = { list: (params = {}) => this.#list('/balance-transactions', params, BalanceTransactionPageSchema) };
    this.payouts = {
      list: (params = {}) => this.#list('/payouts', params, PayoutPageSchema),
      retrieve: (id) => this.#call('GET', `/payouts/${segment(id)}`, PayoutWithLinesSchema),
    };
    this.disputes = {
      list: (params = {}) => this.#list('/disputes', params, DisputePageSchema),
      retrieve: (id) => this.#call('GET', `/disputes/${segment(id)}`, DisputeSchema),
      submitEvidence: (id, params, options) => this.#call('POST', `/disputes/${segment(id)}/evidence`, DisputeSchema, params, options),
      accept: (id, options) => this.#call('POST', `/disputes/${segment(id)}/accept`, DisputeSchema, {}, options),
    };
    this.keys = {
      roll: (params = {}, options) => this.#call('POST', '/keys/roll', RolledKeySchema, params, options),
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

  /** Every page of a list from the cursor given, as a PagePromise. */
  #list<T>(path: string, params: ListParams, schema: v.GenericSchema<unknown, Page<T>>): PagePromise<T> {
    const { cursor, ...rest } = params;
    return pagePromise((at) => this.#call('GET', `${path}${query({ ...rest, cursor: at })}`, schema), cursor);
  }

  /** `body`: an object sent as JSON, or raw bytes with their type (a logo). */
  async #call<S extends v.GenericSchema>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, schema: S, body?: object | RawBody, options: PostOptions = {},
  ): Promise<v.InferOutput<S>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.#secretKey}`, accept: 'application/json', 'pasarela-version': this.#apiVersion };
    const raw = body instanceof RawBody ? body : undefined;
    if (method === 'POST' || method === 'PATCH') {
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
        // A success is never thrown: what the server did is done, and a retry (a fresh key) could
        // do it twice. What this version cannot read is given back as it came.
        const parsed = v.safeParse(schema, json);
        return parsed.success ? parsed.output : (json ?? {}) as v.InferOutput<S>;
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
      throw new PasarelaError(res.status, code, error.success ? error.output.message : `HTTP ${res.status}`,
        (error.success ? error.output.requestId : undefined) ?? res.headers.get('x-request-id') ?? undefined);
    }
  }

  /** Half a second, doubling, with jitter; or what Retry-After asks (at most a minute). */
  #backoff(attempt: number, retryAfter: string | null): number {
    const asked = retryAfter !== null && /^\d{1,5}$/.test(retryAfter) ? Math.min(Number(retryAfter), MAX_RETRY_AFTER_S) * 1000 : undefined;
    return asked ?? 500 * 2 ** attempt * (0.75 + Math.random() / 2);
  }
}
