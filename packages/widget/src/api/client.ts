import type { KyInstance } from 'ky';
import * as v from 'valibot';
import { EnvelopeSchema, PasarelaError, apiCallKey, encodeBody, errorFromHeader, readEnvelopeData, type Envelope, type PrimedAnswer } from '@pasarela/core';

export interface ApiClientOptions {
  /** Absolute base of the API, e.g. https://checkout.example/api/v1. */
  apiBase: string;
  /** SPEC 7: bodies are hex of base64 of JSON, sent as text, when on. */
  wireEncoding: boolean;
  clientKey: string;
  lang: string;
  /**
   * The wallet login, when there is one: its headers replace the client key (core authHeaders), and
   * a session-type answer (SPEC 8: 401, 420, 500, 520) to a call that carried it ends it.
   */
  auth?: { headers(): Record<string, string> | null; onSessionExpired(): void };
  /** Replaced in tests to fake the network at the boundary. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /**
   * Answers the server gave ahead in the widget page (core firstScreen): each one answers the first
   * GET with its key, through the same checks as a fetched answer, and is then forgotten.
   */
  primed?: readonly PrimedAnswer[];
}

type Query = Record<string, string | number>;

/** The one HTTP wrapper: every call goes through `request`, so every answer is checked the same way. */
export interface ApiClient {
  get<S extends v.GenericSchema>(path: string, schema: S, query?: Query): Promise<v.InferOutput<S>>;
  post<S extends v.GenericSchema>(path: string, schema: S, body: unknown): Promise<v.InferOutput<S>>;
  put<S extends v.GenericSchema>(path: string, schema: S, body: unknown): Promise<v.InferOutput<S>>;
  /**
   * The page's own answer to a GET of `path` (core firstScreen) in the schema's shape, without taking
   * it, for a first render that must know it at once; undefined when the page carries no such 200.
   */
  peek<S extends v.GenericSchema>(path: string, schema: S): v.InferOutput<S> | undefined;
}

const REQUEST_TIMEOUT_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The data string per the configured encoding, falling back to the other one (a server switched to debug mode). */
function readData(envelope: Envelope, encoded: boolean): unknown {
  try {
    return readEnvelopeData(envelope, encoded);
  } catch {
    return readEnvelopeData(envelope, !encoded);
  }
}

function networkError(error: unknown): PasarelaError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new PasarelaError({ code: timedOut ? 'timeout' : 'connection_error', category: 'network' });
}

/** The server's clock as the API's answers tell it (their Date header), for countdowns to server deadlines. */
export interface ServerClock {
  serverNow(): number;
}

export function createApiClient(options: ApiClientOptions): ApiClient & ServerClock {
  // Server time minus device time; a device clock set wrong must not shorten a payer's window.
  let clockOffsetMs = 0;
  const primed = new Map((options.primed ?? []).map((answer) => [answer.key, answer]));
  // ky is fetched with the first call the page's answers do not answer: the first screen makes none
  // before the form is up.
  let http: Promise<KyInstance> | null = null;
  const client = () =>
    (http ??= import('ky').then(({ default: ky }) =>
      ky.create({
        prefixUrl: options.apiBase,
        headers: { 'x-api-key': options.clientKey, 'accept-language': options.lang },
        throwHttpErrors: false,
        timeout: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
        // Only a failed connection is retried; a POST carries its trackId, so the server answers a
        // repeat with the first answer and records no second transaction.
        retry: { limit: 1, methods: ['get', 'post', 'put'], statusCodes: [], afterStatusCodes: [], retryOnTimeout: false },
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
    ).catch((error: unknown) => {
      // Its chunk could not be fetched: the next call tries again.
      http = null;
      throw error;
    }));

  async function request<S extends v.GenericSchema>(
    method: 'get' | 'post' | 'put',
    path: string,
    schema: S,
    init: { query?: Query; body?: unknown },
  ): Promise<v.InferOutput<S>> {
    const auth = options.auth?.headers() ?? null;
    if (method === 'get' && primed.size > 0) {
      const key = apiCallKey(path, init.query);
      const answer = primed.get(key);
      if (answer) {
        primed.delete(key);
        return settle(answer.code, answer.description, answer.data, schema);
      }
    }
    try {
      return await send(method, path, schema, init, auth ?? {});
    } catch (error) {
      if (auth && error instanceof PasarelaError && error.category === 'session') options.auth?.onSessionExpired();
      throw error;
    }
  }

  async function send<S extends v.GenericSchema>(
    method: 'get' | 'post' | 'put',
    path: string,
    schema: S,
    init: { query?: Query; body?: unknown },
    authHeaders: Record<string, string>,
  ): Promise<v.InferOutput<S>> {
    let response: Response;
    let text: string;
    try {
      const body =
        init.body === undefined
          ? {}
          : options.wireEncoding
            ? { body: encodeBody(init.body), headers: { ...authHeaders, 'content-type': 'text/plain' } }
            : { json: init.body, headers: authHeaders };
      response = await (await client())(path.replace(/^\//, ''), {
        method,
        headers: authHeaders,
        ...(init.query ? { searchParams: init.query } : {}),
        ...body,
      });
      text = await response.text();
      const serverDate = Date.parse(response.headers.get('date') ?? '');
      // The header has whole seconds: half a second is the best guess for what it dropped.
      if (!Number.isNaN(serverDate)) clockOffsetMs = serverDate + 500 - Date.now();
    } catch (error) {
      throw networkError(error);
    }

    let json: unknown;
    try {
      json = JSON.parse(text) as unknown;
    } catch {
      json = undefined;
    }
    const envelope = v.safeParse(EnvelopeSchema, json);
    if (!envelope.success) {
      // Not our envelope (a proxy's error page, a crash): the HTTP status is all we have, and a
      // proxy's own words are not for the payer, so a server failure reads as the catalogue's.
      throw response.ok || response.status >= 500
        ? new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: response.status })
        : errorFromHeader(response.status, response.statusText);
    }
    let data: unknown;
    try {
      data = readData(envelope.output, options.wireEncoding);
    } catch {
      throw new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: envelope.output.header.code });
    }
    const { code, description } = envelope.output.header;
    return settle(code, description, data, schema);
  }

  /** An answer's header code and data: the data in the schema's shape, or the error the code means. */
  function settle<S extends v.GenericSchema>(code: number, description: string, data: unknown, schema: S): v.InferOutput<S> {
    if (code !== 200) throw errorFromHeader(code, description, isRecord(data) ? data : null);
    const parsed = v.safeParse(schema, data);
    if (!parsed.success) {
      throw new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: code });
    }
    return parsed.output;
  }

  return {
    get: (path, schema, query) => request('get', path, schema, query ? { query } : {}),
    post: (path, schema, body) => request('post', path, schema, { body }),
    put: (path, schema, body) => request('put', path, schema, { body }),
    peek: (path, schema) => {
      const answer = primed.get(apiCallKey(path));
      const parsed = answer?.code === 200 ? v.safeParse(schema, answer.data) : null;
      return parsed?.success ? parsed.output : undefined;
    },
    serverNow: () => Date.now() + clockOffsetMs,
  };
}
