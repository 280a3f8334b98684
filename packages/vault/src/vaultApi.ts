import type { HttpBindings } from '@hono/node-server';
import type { IncomingHttpHeaders } from 'node:http';
import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { CARD_BRANDS, rateLimitClientOf, type CardBrand } from '@pasarela/core';
import { isConnectionError } from '@pasarela/pglite-statements';
import { cardFactsKey, isCardToken, sealedCardToken } from './cardFacts';
import { checkCard, TokenizeBody } from './cardCheck';
import { clientAddressOf, trustedProxyList } from './clientAddress';
import type { CardStore } from './cardStore';
import { parseAppearance } from './fields/appearance';
import { FIELDS_CSS, FIELDS_SCRIPT, fieldsPage, fieldsPolicy } from './fields/fieldsPage';
import { cardFilledBody, ForwardRefused, sendOn } from './forward';
import { rateLimit } from './rateLimit';
import { secretDoor } from './secretDoor';
import { storeAnswers } from './storeHealth';

export interface VaultApiOptions {
  /** VAULT_API_SECRET: the server's, and the key of the facts sealed in a token. */
  apiSecret: string;
  /** VAULT_OTHER_API_SECRET: a second secret the doors take while the servers roll to or from it; it seals nothing. */
  otherApiSecret?: string | undefined;
  /** VAULT_CHECKOUT_ORIGINS: the exact origins that may frame the fields page and tokenize from a browser. */
  checkoutOrigins: readonly string[];
  /** VAULT_FORWARD_<name>: each processor's base URL. */
  processors: ReadonlyMap<string, URL>;
  cvcTtlMs: number;
  /** How long a token no server call uses is kept (VAULT_UNUSED_TOKEN_TTL_MS). */
  unusedTokenTtlMs: number;
  tokenizeLimit: { max: number; windowMs: number };
  /** VAULT_TRUSTED_PROXIES: the load balancers' addresses and CIDRs, whose X-Forwarded-For names the payer. */
  trustedProxies?: readonly string[] | undefined;
  now?: () => Date;
  /** True from the stop's start: /health and /v1/health answer 503 draining, for the balancer to take the node out. */
  draining?: () => boolean;
}

type Env = { Bindings: HttpBindings; Variables: { requestId: string } };

/** A caller's X-Request-Id (the server sends its call's idempotency key) when it is one, else the vault's own. */
const GOOD_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Every request carries an id, in its answer and in every line the vault logs for it, so an operator can match the server's line to the vault's. */
const requestIds: MiddlewareHandler<Env> = async (c, next) => {
  const given = c.req.header('x-request-id');
  const id = given !== undefined && GOOD_REQUEST_ID.test(given) ? given : randomUUID();
  c.set('requestId', id);
  await next();
  c.res.headers.set('x-request-id', id);
};

/**
 * hono's bodyLimit, entered only when the request's headers do not tell its size (chunked): it reads
 * `c.req.raw.body`, on which @hono/node-server builds the whole request over a web stream that the
 * route then reads through. A declared length is checked as it stands (Node's parser has refused a
 * malformed one), and the body is read by the route directly.
 */
function sizedBody(maxSize: number, onError: (c: Context<Env>) => Response): MiddlewareHandler<Env> {
  const streamed = bodyLimit({ maxSize, onError });
  return (c, next) => {
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    return Number(declared) <= maxSize ? next() : Promise.resolve(onError(c));
  };
}

const MAX_DROPS = 100;
const CvcDropsBody = v.object({ tokens: v.pipe(v.array(v.pipe(v.string(), v.check(isCardToken))), v.minLength(1), v.maxLength(MAX_DROPS)) });

/** The secrets the doors take: VAULT_API_SECRET, and during a rotation VAULT_OTHER_API_SECRET. */
export const apiSecretsOf = (options: Pick<VaultApiOptions, 'apiSecret' | 'otherApiSecret'>): string[] =>
  options.otherApiSecret === undefined ? [options.apiSecret] : [options.apiSecret, options.otherApiSecret];

export function vaultApi(store: CardStore, fingerprint: (number: string) => string, options: VaultApiOptions, ownOrigin: () => string): Hono<Env> {
  const app = new Hono<Env>().onError(internalError);
  app.use('*', requestIds);
  const limit = rateLimit(options.tokenizeLimit.max, options.tokenizeLimit.windowMs);
  const proxies = trustedProxyList(options.trustedProxies ?? []);
  const now = options.now ?? (() => new Date());
  const factsKey = cardFactsKey(options.apiSecret);
  const allowedOrigin = (origin: string | undefined) => origin === undefined || origin === ownOrigin() || options.checkoutOrigins.includes(origin);
  // The payer is only told their card could not be sent: the operator hears which origin and which settings.
  const refusedOrigin = (c: Context<Env>, origin: string) =>
    console.warn(`Card vault: request ${c.get('requestId')}: refused a card from the origin ${origin.slice(0, 200)} (403 origin_not_allowed): it takes cards from its own origin ${ownOrigin()} (VAULT_PUBLIC_URL, else the address it listens on) and from VAULT_CHECKOUT_ORIGINS (${options.checkoutOrigins.join(', ') || 'unset'})`);

  // A balancer's check and the server's (/v1/health): a node whose store is away takes no card.
  const health = async (c: Context<Env>) => {
    c.header('cache-control', 'no-store');
    if (options.draining?.()) return c.json({ ok: false, code: 'draining', message: 'The vault is stopping' }, 503, { 'retry-after': '2' });
    if (await storeAnswers(store)) return c.json({ ok: true });
    return c.json({ ok: false, code: 'store_unavailable', message: 'The vault\'s store is unavailable' }, 503, { 'retry-after': '2' });
  };
  app.get('/health', health);

  // From the payer's browser (the fields page, on this origin, or a checkout origin named in config).
  app.options('/v1/cards', (c) => {
    const origin = c.req.header('origin');
    if (!origin) return c.body(null, 403);
    if (!allowedOrigin(origin)) {
      refusedOrigin(c, origin);
      return c.body(null, 403);
    }
    return c.body(null, 204, {
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
      vary: 'Origin',
    });
  });
  // A card is a few hundred bytes; anything much larger is refused before it is read.
  const cardSized = sizedBody(4096, (c) => c.json({ code: 'body_too_large', message: 'A card is at most 4 KB of JSON' }, 413));
  app.post('/v1/cards', cardSized, async (c) => {
    const origin = c.req.header('origin');
    c.header('vary', 'Origin');
    c.header('cache-control', 'no-store');
    if (origin !== undefined && !allowedOrigin(origin)) {
      refusedOrigin(c, origin);
      return c.json({ code: 'origin_not_allowed', message: 'This origin may not send cards to the vault' }, 403);
    }
    if (origin) c.header('access-control-allow-origin', origin);
    const client = clientAddressOf(c.env?.incoming?.socket.remoteAddress ?? 'unknown', c.req.header('x-forwarded-for'), proxies);
    // An IPv6 client by its /64 (core rateLimitClientOf): any of its addresses is the same payer.
    const wait = limit.take(rateLimitClientOf(client));
    if (wait > 0) {
      c.header('retry-after', String(wait));
      return c.json({ code: 'too_many_requests', message: 'Too many cards from this client; try again later' }, 429);
    }
    const raw: unknown = await c.req.json().catch(() => undefined);
    const parsed = v.safeParse(TokenizeBody, raw);
    if (!parsed.success) return c.json({ code: 'invalid_body', message: 'The body is a JSON object with number, expMonth, expYear, cvc and an optional holder', errors: [] }, 400);
    const checked = checkCard(parsed.output, now());
    if (Array.isArray(checked)) {
      const [first] = checked;
      return c.json({ code: first?.code, field: first?.field, message: `${first?.field} is not valid (${first?.code})`, errors: checked }, 400);
    }
    // Read before the save, whose own clock starts the card's times: the sealed ones end no later.
    const saving = Date.now();
    const card = await store.save(checked, { cvcMs: options.cvcTtlMs, unusedTokenMs: options.unusedTokenTtlMs });
    const token = sealedCardToken(factsKey, card.token, {
      brand: checked.brand, bin: card.bin, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, fingerprint: fingerprint(checked.number), cvcUntil: saving + options.cvcTtlMs, unusedUntil: saving + options.unusedTokenTtlMs,
    });
    return c.json({ ...card, token }, 201);
  });

  // The application server's: read a card's facts, never its number.
  const serverOnly = secretDoor(apiSecretsOf(options), 'authorization');
  // The server's health check: the vault and its store up, and its secret the server's (GET /health is anyone's).
  app.get('/v1/health', serverOnly, health);
  app.get('/v1/cards/:token', serverOnly, async (c) => {
    const card = await store.open(c.req.param('token'));
    if (!card) return c.json({ code: 'not_found', message: 'No card under this token' }, 404);
    const { number, holder: _holder, ...facts } = card;
    return c.json({ ...facts, fingerprint: fingerprint(number) });
  });
  // Once the authorization's outcome is recorded (PCI DSS 3.3.1.2); its time drops it if this never comes.
  app.delete('/v1/cards/:token/cvc', serverOnly, async (c) => {
    const token = c.req.param('token');
    if (!isCardToken(token)) return c.json({ code: 'invalid_token', message: 'The token is tok_ and 32 base64url characters, and the card\'s sealed facts after a dot if it carries them' }, 400);
    await store.dropCvcs([token]);
    return c.body(null, 204);
  });
  // The same for the outcomes a server recorded within a moment (its drops gathered into one call).
  // A token may come with its sealed facts (up to 641 characters).
  const dropsSized = sizedBody(MAX_DROPS * 660, (c) => c.json({ code: 'body_too_large', message: `At most ${MAX_DROPS} tokens a call` }, 413));
  app.post('/v1/cards/cvc-drops', serverOnly, dropsSized, async (c) => {
    const parsed = v.safeParse(CvcDropsBody, await c.req.json().catch(() => undefined));
    if (!parsed.success) return c.json({ code: 'invalid_body', message: `The body is { "tokens": [...] }: 1 to ${MAX_DROPS} vault tokens (tok_ and 32 base64url characters, sealed facts after a dot or not)` }, 400);
    await store.dropCvcs(parsed.output.tokens);
    return c.body(null, 204);
  });
  app.post('/v1/admin/rewrap', serverOnly, async (c) => {
    const given = c.req.query('batch');
    const batch = given === undefined ? 100 : /^\d{1,4}$/.test(given) ? Number(given) : Number.NaN;
    if (!(batch >= 1 && batch <= 1000)) return c.json({ code: 'invalid_batch', message: 'batch is a whole number of records from 1 to 1000 (default 100)' }, 400);
    const { skipped, ...status } = await store.rewrap(batch);
    // The rotation goes on past a record it cannot open; the operator hears which, and the answer counts it.
    for (const record of skipped) console.error(`Card vault: request ${c.get('requestId')}: the re-wrap skipped the card ${record.token} under master key ${record.masterKeyId}: its data key does not open (${record.reason})`);
    return c.json(status);
  });

  // Forwarding: the processor's own Authorization passes through; the vault's secret comes apart.
  app.all('/forward/:processor/*', secretDoor(apiSecretsOf(options), 'vault-authorization'), (c) => {
    const processor = c.req.param('processor');
    const base = options.processors.get(processor);
    if (!base) return refusedForward(404, 'unknown_processor', `No forwarding URL is configured for ${processor}`);
    const url = new URL(c.req.url);
    // The path after the processor's name as written (percent-encoded or not), never cut by its decoded length.
    return forwardTo(store, c.req.raw, c.env.incoming.headers, base, url.pathname.replace(/^\/forward\/[^/]*/, ''), url.search, c.get('requestId'));
  });

  app.get('/fields', (c) => {
    const lang = c.req.query('lang') ?? 'es';
    if (lang !== 'es' && lang !== 'en') return c.json({ code: 'invalid_lang', message: 'lang is es or en' }, 400);
    const parent = c.req.query('parent') ?? '';
    if (!options.checkoutOrigins.includes(parent)) return c.json({ code: 'parent_not_allowed', message: 'parent must be a checkout origin the vault is configured for' }, 400);
    const appearance = parseAppearance((name) => c.req.query(name));
    if ('invalid' in appearance) return c.json({ code: 'invalid_appearance', field: appearance.invalid, message: `${appearance.invalid} is not a valid appearance value` }, 400);
    const brands = (c.req.query('brands') ?? '').split(',').filter((b) => b !== '');
    if (!brands.every((b): b is CardBrand => (CARD_BRANDS as readonly string[]).includes(b))) return c.json({ code: 'invalid_brands', message: `brands is a comma-separated list of ${CARD_BRANDS.join(', ')}` }, 400);
    const page = Buffer.from(fieldsPage(lang, parent, appearance, brands), 'utf8');
    // Gzipped on the wire, as its budget (e2e/budgets) counts it: about 6.5 KB for 18.5 KB, within what a new
    // connection sends in its first round trip. It holds no secret, so compressing it gives nothing away.
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    const body = gzip ? gzipSync(page) : page;
    return c.body(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), 200, {
      ...PAGE_HEADERS,
      // The same page for every payer of a checkout origin, language and brands (the look comes in the
      // fragment): kept by the payer's browser, so a reopened checkout's fields come from its cache.
      // Ten minutes, so a new release of the page reaches every browser soon.
      'cache-control': FIELDS_PAGE_CACHE,
      'content-type': 'text/html; charset=UTF-8',
      'content-security-policy': fieldsPolicy(),
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    });
  });
  // The page carries both; these serve them alone too (an auditor's reading of the page's code, PCI DSS 6.4.3).
  app.get('/fields.js', (c) => c.body(FIELDS_SCRIPT, 200, { ...PAGE_HEADERS, 'content-type': 'text/javascript; charset=utf-8' }));
  app.get('/fields.css', (c) => c.body(FIELDS_CSS, 200, { ...PAGE_HEADERS, 'content-type': 'text/css; charset=utf-8' }));

  return app;
}

/** A forward's door: the processor named by the listener, every path after it sent on. */
export function forwardingOrigin(store: CardStore, apiSecrets: readonly string[], base: URL): Hono<Env> {
  const app = new Hono<Env>().onError(internalError);
  app.use('*', requestIds);
  app.all('*', secretDoor(apiSecrets, 'vault-authorization'), (c) => {
    const url = new URL(c.req.url);
    return forwardTo(store, c.req.raw, c.env.incoming.headers, base, url.pathname, url.search, c.get('requestId'));
  });
  return app;
}

/**
 * Its store away (a lost PostgreSQL connection): 503 with Retry-After, logged once per outage by the
 * store's own warning, not once per request. Else its message only (no request, no body: a body may
 * hold a card), and a plain 500.
 */
function internalError(error: Error, c: Context<Env>): Response {
  if (isConnectionError(error)) {
    return Response.json({ code: 'store_unavailable', message: 'The vault\'s store is unavailable: try again in a moment' }, { status: 503, headers: { 'retry-after': '2' } });
  }
  console.error(`Card vault: request ${c.get('requestId')}: ${error.message}`);
  return Response.json({ code: 'internal_error', message: 'The vault could not answer' }, { status: 500 });
}

/**
 * The vault's own refusal of a forward, before the processor hears of it: its code and message, and
 * the same in an `error` envelope, which a processor's client (Stripe's) raises as an error rather
 * than reading as an answer.
 */
const refusedForward = (status: 400 | 404 | 409 | 502, code: string, message: string) =>
  Response.json({ code, message, error: { type: 'invalid_request_error', code, message } }, { status });

/** An operator hears of each forward the vault itself refused: the processor's path and why, never a body. */
function logged(answer: Response, base: URL, path: string, why: string, requestId: string): Response {
  console.error(`Card vault: request ${requestId}: a forward to ${base.origin}${path} answered ${answer.status} (${why})`);
  return answer;
}

async function forwardTo(store: CardStore, request: Request, headers: IncomingHttpHeaders, base: URL, path: string, search: string, requestId: string): Promise<Response> {
  // Set as a path, never resolved as a URL: `//elsewhere/...` stays a path on the processor's host.
  const target = new URL(base.href);
  target.pathname = base.pathname.replace(/\/+$/, '') + path;
  target.search = search;
  let filled: Awaited<ReturnType<typeof cardFilledBody>>;
  try {
    filled = await cardFilledBody(store, Buffer.from(await request.arrayBuffer()), request.headers.get('content-type') ?? undefined);
  } catch (error) {
    // Anything else (a record under a master key not configured) is the vault's own failure: a 500.
    if (error instanceof ForwardRefused) return logged(refusedForward(error.status, error.code, error.message), base, path, error.code, requestId);
    throw error;
  }
  try {
    const onUnreadable = (why: string) => console.error(`Card vault: request ${requestId}: a forward to ${base.origin}${path} was answered ${why}: sent back cut off, as it may hold the card`);
    return await sendOn({ method: request.method, target, headers, body: filled.body, card: filled.card, onUnreadable });
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    // Its connection refused: the call was never written, so the processor did nothing under its key.
    const code = why === 'ECONNREFUSED' ? 'processor_refused_connection' : 'processor_unreachable';
    return logged(refusedForward(502, code, `The processor at ${base.origin} did not answer (${why})`), base, path, `${code}, ${why}`, requestId);
  }
}

const FIELDS_PAGE_CACHE = 'private, max-age=600';
const PAGE_HEADERS = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' };
