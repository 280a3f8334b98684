import type { Gateways, SandboxControls } from '@pasarela/gateways';
import { createHash, randomUUID } from 'node:crypto';
import { authHeaders, cardBrandOf, decodeBody, encodeBody, SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, type CardBrand } from '@pasarela/core';
import { createApp, type AppOptions } from '../src/app';
import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import { guardedGateways } from '../src/gateways/guardedGateways';
import { httpGateways } from '../src/gateways/http/httpGateways';
import { receiveGatewayEvent } from '../src/payments/receiveGatewayEvent';
import { reconcileAttempts } from '../src/payments/reconcileAttempts';
import type { Database } from '../src/db/Database';
import { openDatabase } from '../src/db/openDatabase';
import { startTestVault, testCardVault, tokenizeTestCard, TEST_VAULT_API_SECRET, TOKENIZING_ORIGIN, type TestVault, type TestVaultOptions } from './testCardVault';
import { defaultPaths, type StaticPaths } from '../src/paths';
import { pgliteTemplate } from './pgliteTemplate';
import { newTestSchema } from './testSchema';
import { TEST_SIMULATOR_API_SECRET } from './testServer';

export { newTestSchema };

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Database;
  get(path: string, headers?: Record<string, string>): Promise<ApiAnswer>;
  /** POST under /api/v1, encoded as the widget sends it. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
  gateways: Gateways;
  /** The app's own in-memory simulator; its books let a test count or change what was charged. */
  simulator: RunningSimulator;
  /** The app's card vault (VAULT_URL), forwarding typed cards' calls to its simulator; on the worker's shared store. */
  vault: TestVault;
  /** The payer's parts the sandbox plays at the simulator (a phone, a kiosk, the issuer's page), asked over HTTP. */
  controls: SandboxControls;
  /** One pass of the reconciler, as every node's timer runs it (payments/reconcileAttempts.ts). */
  reconcile(): Promise<string[]>;
  /** The test phones answer the pushes waiting for them now, as the server's timer has them do a moment after each push. */
  answerPhones(): Promise<void>;
  admin(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; json: Record<string, unknown> }>;
  close(): Promise<void>;
}

export const TEST_PROCESSORS_TIMEOUT_MS = 3_000;

export const SANDBOX_KEYS: Parameters<typeof authHeaders>[1] = { clientKey: SANDBOX_CLIENT_KEY, widgetKey: SANDBOX_WIDGET_KEY };

/** The headers the widget sends (core authHeaders): the client key for guests, the widget key with a token. */
export const asCaller = (token?: unknown) => authHeaders(token === undefined ? null : { token: String(token) }, SANDBOX_KEYS);

// A test passing only a bearer token gets the widget key with it; one setting x-api-key keeps its own.
function withAuth(headers: Record<string, string>): Record<string, string> {
  const { authorization, ...rest } = headers;
  const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
  // authHeaders writes Authorization; a second, lower-case copy would join it into one bad value.
  return { ...asCaller(token), ...(authorization !== undefined && token === undefined ? { authorization } : {}), ...rest };
}

/** A token the sandbox's captcha verifies as a person (anything but `fail` and `fail-score`). */
export const TEST_CAPTCHA_TOKEN = 'sandbox-test-person';

/** A token counts once (docs/api.md "Captcha"): each payment a test sends gets its own, as the widget's do. */
export const freshCaptchaToken = (): string => `${TEST_CAPTCHA_TOKEN}-${randomUUID()}`;

/** The payment calls, which refuse a body without a captcha token (payments/captchaVerdict.ts). */
const PAYMENT_CALL = /^\/(cards\/auth-capture|(v2\/)?process-tx(\/form)?|nequi\/(push|request)|yappy\/payments|cash\/(pay-cash|registration|cash-point)|clave\/payments|crypto\/payments|activity\/pay|subscriptions\/[^/]+\/pay)$/;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** TEST_CAPTCHA_TOKEN stands for "a person's token": each request gets a new one, wherever the body holds it. */
function renewed(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => {
    if (key === 'captchaToken' && inner === TEST_CAPTCHA_TOKEN) return [key, freshCaptchaToken()];
    return [key, isPlainObject(inner) ? renewed(inner) : inner];
  }));
}

/** A payment body with the captcha token the widget would add, unless the test sets captchaToken (even undefined). */
export function withCaptcha(path: string, body: unknown): unknown {
  if (!PAYMENT_CALL.test(path) || !isPlainObject(body)) return body;
  const fresh = renewed(body);
  const data = fresh['additionalData'];
  if (isPlainObject(data)) return 'captchaToken' in data || 'captchaToken' in fresh ? fresh : { ...fresh, additionalData: { ...data, captchaToken: freshCaptchaToken() } };
  return 'captchaToken' in fresh ? fresh : { ...fresh, captchaToken: freshCaptchaToken() };
}

/** The Nequi QR is paid by a GET: its token rides in the query. */
export function withCaptchaQuery(path: string): string {
  if (!path.startsWith('/nequi/qr?')) return path;
  if (/[?&]captchaToken=/.test(path)) return path.replace(/captchaToken=sandbox-test-person(?=&|$)/, () => `captchaToken=${freshCaptchaToken()}`);
  return `${path}&captchaToken=${freshCaptchaToken()}`;
}

export interface ApiAnswer {
  status: number;
  header: { code: number; description: string };
  data: Record<string, unknown>;
}

/** PGlite in memory, or TEST_DATABASE_URL's PostgreSQL with a fresh schema per suite. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env['TEST_DATABASE_URL'];
  const migrationsDir = defaultPaths().migrationsDir;
  if (!url) return openDatabase({ migrationsDir, pgliteTemplate: await pgliteTemplate() });
  const { url: scopedUrl, schema } = await newTestSchema(url);
  const db = await openDatabase({ databaseUrl: scopedUrl, migrationsDir });
  const close = db.close.bind(db);
  return Object.assign(db, {
    async close() {
      await db.exec(`drop schema ${schema} cascade`);
      await close();
    },
  });
}

export async function createTestApp(
  options: {
    wireEncoding?: boolean; paths?: Partial<StaticPaths>; wrapGateways?: (gateways: Gateways) => Gateways; db?: Database; vaultStore?: TestVaultOptions['store'];
    /** The server's own calls to its vault (card facts, CVC drops) sent to another URL in front of it (a proxy that counts them). */
    vaultApiUrl?: (vault: TestVault) => string;
    /**
     * Where the server reaches its vault, for card facts, CVC drops and card calls alike (a balancer in
     * front of the app's vault and others the test starts, forwarding to the app's simulator).
     */
    vaultUrl?: (vault: TestVault, simulatorUrl: string) => Promise<string>;
    /** The processors' limit on one call; TEST_PROCESSORS_TIMEOUT_MS unless given (a test of amounts, not deadlines, gives the deployment's). */
    processorsTimeoutMs?: number;
  }
    & Pick<AppOptions, 'rateLimits' | 'trustedProxies' | 'logger' | 'splashMs' | 'adminToken' | 'allowPrivateWebhooks' | 'paymentCaptcha' | 'processors' | 'captcha' | 'metrics' | 'sessionTtlMs'> = {},
): Promise<TestApp> {
  // Given another app's database: a second node on the same database (its own simulator, its own processors).
  const db = options.db ?? await openTestDatabase();
  const wireEncoding = options.wireEncoding ?? true;
  // Its own simulator, so its books are this app's alone; with no listening URL it sends no notifications.
  const simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, unref: true }).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  // Its own vault in front of that simulator: typed cards' calls go through its forwarding.
  const vault = await startTestVault({ checkoutOrigins: [TOKENIZING_ORIGIN], simulatorUrl: simulator.url, store: options.vaultStore }).catch(async (error: unknown) => {
    await simulator.close();
    await db.close();
    throw error;
  });
  // A call the simulator holds (4000 0000 0000 7726's refunds) is in doubt after 3 s, not the
  // call's 10 s deadline, as a processor's own shorter limit makes it (PROCESSORS_TIMEOUT_MS).
  const vaultUrl = options.vaultUrl ? await options.vaultUrl(vault, simulator.url) : vault.url;
  const simulated = httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET, maxWaitMs: options.processorsTimeoutMs ?? TEST_PROCESSORS_TIMEOUT_MS, vault: { url: vaultUrl, apiSecret: TEST_VAULT_API_SECRET } });
  const gateways = { ...simulated, gateways: guardedGateways(options.wrapGateways?.(simulated.gateways) ?? simulated.gateways) };
  const app = createApp({
    gateways,
    db, cardVault: testCardVault({ url: options.vaultApiUrl?.(vault) ?? vaultUrl }), wireEncoding, publicOrigin: TOKENIZING_ORIGIN, demoOrigin: 'http://shop.test', paths: options.paths,
    rateLimits: options.rateLimits, trustedProxies: options.trustedProxies, logger: options.logger, splashMs: options.splashMs,
    adminToken: options.adminToken,
    // Tests' webhook receivers listen on 127.0.0.1, as a laptop's `npm start` allows (WEBHOOK_ALLOW_PRIVATE).
    allowPrivateWebhooks: options.allowPrivateWebhooks ?? true,
    paymentCaptcha: options.paymentCaptcha,
    processors: options.processors,
    captcha: options.captcha,
    metrics: options.metrics,
    sessionTtlMs: options.sessionTtlMs,
  });
  const read = async (res: Response): Promise<ApiAnswer> => {
    const envelope = (await res.json()) as { header: { code: number; description: string }; data: string };
    const data = (wireEncoding ? decodeBody(envelope.data) : JSON.parse(envelope.data)) as Record<string, unknown>;
    return { status: res.status, header: envelope.header, data };
  };
  return {
    app,
    db,
    async get(path, headers = {}) {
      return read(await app.request(`/api/v1${withCaptchaQuery(path)}`, { headers: withAuth(headers) }));
    },
    async post(path, rawBody, headers = {}) {
      const body = withCaptcha(path, rawBody);
      const init = wireEncoding
        ? { body: encodeBody(body), headers: { 'content-type': 'text/plain', ...withAuth(headers) } }
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...withAuth(headers) } };
      return read(await app.request(`/api/v1${path}`, { method: 'POST', ...init }));
    },
    async admin(method, path, body, headers = {}) {
      const res = await app.request(`/sandbox${path}`, {
        method,
        ...(body === undefined ? { headers } : { body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } }),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    gateways: gateways.gateways,
    simulator,
    vault,
    controls: gateways.sandbox,
    reconcile: () => reconcileAttempts({ db, gateways: gateways.gateways, processors: options.processors, publicOrigin: TOKENIZING_ORIGIN }),
    async answerPhones() {
      // The phones' moment (PHONE_ANSWER_MS) is now: what the server's timer would do next.
      simulator.books.hurryAnswers();
      await gateways.sandbox.answerDue((event) => receiveGatewayEvent({ db, gateways: gateways.gateways }, event).then(() => undefined));
    },
    async close() {
      await vault.close();
      await simulator.close();
      if (!options.db) await db.close();
    },
  };
}

/** An approved VISA per seed: the duplicate rule (same card and amount within 5 minutes) must not join a file's payments. */
export function testCardNumber(seed: string): string {
  const body = `4${BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`).toString().padStart(14, '7').slice(-14)}`;
  // Luhn check digit.
  const sum = [...body].reverse().reduce((acc, d, i) => {
    const n = Number(d) * (i % 2 === 0 ? 2 : 1);
    return acc + (n > 9 ? n - 9 : n);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A test number's card as a wallet keeps it and POST /sandbox/users takes it: its brand and last four, never the number. */
export function savedTestCard(cardNumber: string): { brand: CardBrand; last4: string } {
  const brand = cardBrandOf(cardNumber);
  if (!brand) throw new Error('not a card number of a known brand');
  return { brand, last4: cardNumber.slice(-4) };
}

export interface CardPayloadOptions {
  /** A test card number typed into the vault; testCardNumber(trackId) unless given, so a retry types the same card. */
  cardNumber?: string;
  /** A token as is (one the vault made, or one it never made), in place of typing a card. */
  token?: string;
  amount?: number;
  taxAmount?: number;
  trackId?: string;
  /** The payload's brand, when not the vault's. */
  cardType?: string;
  lang?: string;
  expMonth?: string;
  expYear?: string;
  /** The vault to type the card into (a built sandbox's own); the worker's test vault unless given. */
  vaultUrl?: string | undefined;
}

/**
 * A card payment body as the widget builds it (issue 90): the test card typed into the worker's vault
 * over HTTP, its token in `cardNumber`'s place, no CVC. The card is testCardNumber(trackId) unless
 * given, so a retry types the same card (another token, the same fingerprint).
 */
export async function tokenizedCardPayload(code: string, overrides: CardPayloadOptions = {}) {
  const trackId = overrides.trackId ?? randomUUID();
  const typed = overrides.token === undefined ? await tokenizeTestCard({ number: overrides.cardNumber ?? testCardNumber(trackId), expMonth: overrides.expMonth, expYear: overrides.expYear, vaultUrl: overrides.vaultUrl }) : undefined;
  return cardPayloadOf(code, { token: overrides.token ?? typed?.token ?? '', brand: overrides.cardType ?? typed?.brand ?? 'VISA', expMonth: typed?.expMonth ?? 12, expYear: typed?.expYear ?? 2034 }, { ...overrides, trackId });
}

/** The body around a card already tokenized. */
export function cardPayloadOf(code: string, card: { token: string; brand: string; expMonth: number; expYear: number }, overrides: Pick<CardPayloadOptions, 'amount' | 'taxAmount' | 'trackId' | 'lang'> = {}) {
  const trackId = overrides.trackId ?? randomUUID();
  return {
    cclw: 'TIENDADEMO',
    code,
    amount: overrides.amount ?? 25,
    taxAmount: overrides.taxAmount ?? 1.75,
    email: 'pagador@example.com',
    phone: '+50761234567',
    address: 'Calle 50',
    city: 'Panamá',
    ip: '127.0.0.1',
    concept: 'Camiseta',
    description: 'Camiseta Pasarela',
    cardInformation: {
      cardNumber: card.token,
      expMonth: String(card.expMonth).padStart(2, '0'),
      expYear: String(card.expYear % 100).padStart(2, '0'),
      firstName: 'José',
      lastName: 'Núñez',
      cardType: card.brand,
    },
    additionalData: { domainRequested: 'shop.test', trackId, zipCode: '0000', street: 'Calle 50', captchaToken: freshCaptchaToken() },
    customFieldValues: [],
    txChannel: 'PWW',
    lang: overrides.lang ?? 'es',
    serviceCode: 'LK',
    transactionsType: 'AUTH_CAPTURE',
    isOldVersion: true,
  };
}

export async function newLink(t: TestApp, body: Record<string, unknown> = {}): Promise<string> {
  const res = await t.admin('POST', '/links', { amount: 25, taxAmount: 1.75, description: 'Prueba', ...body });
  if (res.status !== 201) throw new Error(`link not created: ${JSON.stringify(res.json)}`);
  return String(res.json['code']);
}

export async function createMerchant(t: Pick<TestApp, 'admin'>, fields: { name: string; webhookUrl?: string; country?: 'PA' | 'CO' }): Promise<{ id: number; key: string; webhookSecret: string }> {
  const res = await t.admin('POST', '/merchants', fields);
  if (res.status !== 201) throw new Error(`merchant not created: ${JSON.stringify(res.json)}`);
  return { id: Number(res.json['idMerchant']), key: String(res.json['secretKey']), webhookSecret: String(res.json['webhookSecret']) };
}

/** The wallet's add-card body (core RegisterCardSchema) as the widget sends it: the card typed into the vault, its token in `cardNumber`'s place, no CVC. */
export async function tokenizedCardRegistration<E extends Record<string, unknown>>(cardNumber: string, extra: E = {} as E) {
  const card = await tokenizeTestCard({ number: cardNumber });
  return { cardNumber: card.token, expMonth: String(card.expMonth).padStart(2, '0'), expYear: String(card.expYear % 100).padStart(2, '0'), nameOnCard: 'ANA PRUEBA', ...extra };
}
