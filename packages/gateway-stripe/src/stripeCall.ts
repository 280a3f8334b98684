import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import Stripe from 'stripe';
import { GatewayCallNotSent, GatewayOutcomeUnknown } from '@pasarela/gateways';

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
 * A stopping card vault's refusal of a call it read after it stopped listening, before doing anything
 * for it: 503 with `Vault-Not-Started: 1` (docs/operations.md). The same as @pasarela/core's
 * VAULT_NOT_STARTED_HEADER and isNotStartedRefusal, written here because this package depends on no
 * Pasarela package but the kit (vaultRefusal.test.ts holds the two to one).
 */
export const VAULT_NOT_STARTED_HEADER = 'vault-not-started';
export const isNotStartedRefusal = (status: number, notStarted: unknown): boolean => status === 503 && notStarted === '1';

/** The card vault refused the call as not started, and again on a new connection: nothing was done for it. */
export class VaultNotStarted extends Error {
  override readonly name = 'VaultNotStarted';
}

type MakeRequest = InstanceType<typeof Stripe.HttpClient>['makeRequest'];
type HttpAnswer = Awaited<ReturnType<MakeRequest>>;

/** Its body read and dropped, so its connection is let go. */
const drop = (answer: HttpAnswer) => Promise.resolve(answer.toJSON()).catch(() => undefined);

/** The errors of a connection closed before an answer, which Stripe's client sends once more of its own accord. */
const CLOSED_BEFORE_ANSWER = new Set(Stripe.HttpClient.CONNECTION_CLOSED_ERROR_CODES);
const closedBeforeAnswer = (error: unknown) => CLOSED_BEFORE_ANSWER.has(String((error as { code?: unknown } | null)?.code));

/** The error without the code that has Stripe's client send the call once more: this client sent it again already. */
function notSentAgainByStripe(error: unknown): unknown {
  return closedBeforeAnswer(error) ? new Error(`${(error as Error).message} (sent again once on a new connection)`, { cause: error }) : error;
}

/**
 * The failure of a call sent again after its connection closed before an answer, without the code that
 * says nothing was sent (a refused connection): the first sending may have been read.
 */
const afterClosedConnection = (error: unknown) =>
  new Error(`${error instanceof Error ? error.message : String(error)} (sent again after a connection closed before its answer)`, { cause: error });

/**
 * Stripe's Node HTTP client on kept-alive connections, `Vault-Authorization` added to each call for
 * the vault's forwarding origin, and the one place a call is sent again within a try:
 *
 * - a connection closed before an answer (most often a kept-alive one the other side closed idle) is
 *   sent once more at once, on a connection of its own, as Stripe's client does;
 * - a call the card vault refused as not started (503 `Vault-Not-Started: 1`: nothing was done for
 *   it) is sent once more at once, on a connection of its own (a balancer gives it to another vault
 *   node), as the server's processor client does (its httpTransport.ts). Refused so again, it throws
 *   VaultNotStarted, which `withinDeadline` takes as a call never sent when it is the first try of a call under a key; a
 *   refusal of a call sent again after a closed connection, which may have been read, is that
 *   connection's error instead.
 *
 * Stripe's own client would take the refusal's JSON for a charge.
 */
class StripeHttpClient extends Stripe.HttpClient {
  private readonly kept = Stripe.createNodeHttpClient();
  private readonly ownConnection = {
    http: Stripe.createNodeHttpClient(new HttpAgent({ keepAlive: false })),
    https: Stripe.createNodeHttpClient(new HttpsAgent({ keepAlive: false })),
  };

  constructor(private readonly vaultSecret: string | undefined) {
    super();
  }

  override getClientName(): string {
    return 'node';
  }

  override async makeRequest(host: string, port: string, path: string, method: string, headers: Parameters<MakeRequest>[4], requestData: string, protocol: string, timeout: number): Promise<HttpAnswer> {
    const sent = this.vaultSecret ? { ...headers, 'Vault-Authorization': `Bearer ${this.vaultSecret}` } : headers;
    const ends = Date.now() + timeout;
    const own = protocol === 'http' ? this.ownConnection.http : this.ownConnection.https;
    const sendAgain = (afterCut: boolean) => own.makeRequest(host, port, path, method, sent, requestData, protocol, Math.max(1, ends - Date.now())).catch((error: unknown) => {
      throw afterCut ? afterClosedConnection(error) : notSentAgainByStripe(error);
    });
    let cut: unknown;
    let answer: HttpAnswer;
    try {
      answer = await this.kept.makeRequest(host, port, path, method, sent, requestData, protocol, timeout);
    } catch (error) {
      if (!closedBeforeAnswer(error)) throw error;
      cut = error;
      answer = await sendAgain(true);
      // The card vault's 502 to the call sent again (Stripe refused or did not answer it) cannot say
      // that the first sending went nowhere: that connection's error is the answer, sent again under the key.
      if (answer.getStatusCode() === 502) {
        await drop(answer);
        throw notSentAgainByStripe(cut);
      }
    }
    if (!isNotStartedRefusal(answer.getStatusCode(), answer.getHeaders()[VAULT_NOT_STARTED_HEADER])) return answer;
    await drop(answer);
    // Sent again after a closed connection: the first may have been read, so its error is the answer.
    if (cut !== undefined) throw notSentAgainByStripe(cut);
    const again = await sendAgain(false);
    if (!isNotStartedRefusal(again.getStatusCode(), again.getHeaders()[VAULT_NOT_STARTED_HEADER])) return again;
    await drop(again);
    throw new VaultNotStarted(`The card vault at ${host}:${port} is stopping: it refused ${method} ${path}, sent twice, before doing anything for it`);
  }
}

/**
 * Stripe's Node HTTP client (StripeHttpClient). Its own retries are off: `withinDeadline` retries
 * under the same key, so no call outlives the port call's deadline.
 */
export function stripeClient({ secretKey, apiUrl, vaultSecret }: StripeConnection): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 10_000, telemetry: false, httpClient: new StripeHttpClient(vaultSecret) };
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
 * client reports as a StripeAPIError without a status), or JSON of 500 or more that is not Stripe's
 * error (the card vault's forwarding's 502: AnswerNotStripes).
 */
function worthRetrying(error: unknown): boolean {
  if (error instanceof AnswerNotStripes) return error.status >= 500;
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
      return notAnError(await beforeDeadline(send(options), left));
    } catch (error) {
      // The try cut short says nothing; the one before it, if any, says why it was sent again.
      if (error === DEADLINE) throw new GatewayOutcomeUnknown(`Stripe gave no answer by the deadline${describe(lastError)}`);
      // Nothing of a call's first try reached Stripe: after a try that may have, it is one more try to
      // send again under the key. A read (no key) is sent again until the deadline: it changes nothing.
      const unsent = resends === 0 && idempotencyKey !== undefined ? notSentAtFirstTry(error) : undefined;
      if (unsent !== undefined) throw new GatewayCallNotSent(unsent);
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

/**
 * Why nothing of a try reached Stripe, if that is so: the card vault did nothing for it, sent twice
 * (VaultNotStarted); its connection was refused (by Stripe, or by the vault's forwarding origin);
 * or the vault's forwarding had its own connection to Stripe refused (`502
 * processor_refused_connection`, docs/security.md). Undefined when Stripe may have read it.
 */
function notSentAtFirstTry(error: unknown): string | undefined {
  const e = error as { detail?: unknown; statusCode?: unknown; code?: unknown; message?: unknown } | null;
  const cause = e?.detail ?? error;
  if (cause instanceof VaultNotStarted) return cause.message;
  if ((cause as { code?: unknown } | null)?.code === 'ECONNREFUSED') return `Stripe's address refused the connection: ${String((cause as Error).message)}`;
  if (e?.statusCode === 502 && e.code === 'processor_refused_connection') return `The card vault's forwarding could not connect to Stripe: ${String(e.message)}`;
  return undefined;
}

/** A JSON answer with a status of 400 or more and no Stripe `error` in it: not Stripe's (the card vault's forwarding, a proxy's). */
class AnswerNotStripes extends Error {
  override readonly name = 'AnswerNotStripes';
  constructor(readonly status: number) {
    super(`An answer that is not Stripe's: ${status}`);
  }
}

/**
 * Stripe's client takes any JSON without an `error` for its resource, whatever its status (the card
 * vault's `502 {"code":"processor_unreachable"}` read as a declined charge). A 5xx so is sent again under
 * the key, as an answer that is not Stripe's JSON is; a 4xx so is thrown at once, a decision of nobody.
 */
function notAnError<T>(result: T): T {
  const status = (result as { lastResponse?: { statusCode?: unknown } } | null)?.lastResponse?.statusCode;
  if (typeof status === 'number' && status >= 400) throw new AnswerNotStripes(status);
  return result;
}

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
