import * as v from 'valibot';
import { PasarelaError, apiCallKey, errorFromHeader } from '@pasarela/core';
import { networkError, type ApiClientOptions, type Query, type Settle } from './apiCall';

export interface ApiClient {
  get<S extends v.GenericSchema>(path: string, schema: S, query?: Query): Promise<v.InferOutput<S>>;
  post<S extends v.GenericSchema>(path: string, schema: S, body: unknown): Promise<v.InferOutput<S>>;
  put<S extends v.GenericSchema>(path: string, schema: S, body: unknown): Promise<v.InferOutput<S>>;
  /**
   * Starts fetching the code its calls need, waiting for nothing: a form being filled asks for it so
   * that its first call (a payment's) waits for no chunk. A client with nothing left to fetch has none.
   */
  prepare?(): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const settle: Settle = (code, description, data, schema) => {
  if (code !== 200) throw errorFromHeader(code, description, isRecord(data) ? data : null);
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) {
    throw new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: code });
  }
  return parsed.output;
};

/** For countdowns to server deadlines. */
export interface ServerClock {
  serverNow(): number;
}

export function createApiClient(options: ApiClientOptions): ApiClient & ServerClock {
  // Server time minus device time; a device clock set wrong must not shorten a payer's window.
  let clockOffsetMs = 0;
  const primed = new Map((options.primed ?? []).map((answer) => [answer.key, answer]));
  // Fetched with the first call the page's answers do not answer, or before it when asked to prepare:
  // never by the first screen, which makes no call before the form is up.
  let network: Promise<ReturnType<typeof import('./network').createSend>> | null = null;
  const sender = () =>
    (network ??= import('./network').then(
      // The header has whole seconds: half a second is the best guess for what it dropped.
      (m) => m.createSend(options, settle, (serverDate) => void (clockOffsetMs = serverDate + 500 - Date.now())),
      (error: unknown) => {
        // Its chunk could not be fetched: the call failed as a lost connection would, and the next tries again.
        network = null;
        throw networkError(error);
      },
    ));

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
      return await (await sender())(method, path, schema, init, auth ?? {});
    } catch (error) {
      if (auth && error instanceof PasarelaError && error.category === 'session') options.auth?.onSessionExpired();
      throw error;
    }
  }

  return {
    get: (path, schema, query) => request('get', path, schema, query ? { query } : {}),
    post: (path, schema, body) => request('post', path, schema, { body }),
    put: (path, schema, body) => request('put', path, schema, { body }),
    serverNow: () => Date.now() + clockOffsetMs,
    // A failure is the next call's to retry (sender() forgets it).
    prepare: () => void sender().catch(() => undefined),
  };
}
