import type * as v from 'valibot';
import { PasarelaError, type PrimedAnswer } from '@pasarela/core';

// What the API client (client.ts: the page's own answers) and its network half (network.ts) share.

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

export type Query = Record<string, string | number>;

/** A call that never got its answer (no connection, a time-out, the network chunk not fetched). */
export function networkError(error: unknown): PasarelaError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new PasarelaError({ code: timedOut ? 'timeout' : 'connection_error', category: 'network' });
}

/** An answer's header code and data: the data in the schema's shape, or the error the code means. */
export type Settle = <S extends v.GenericSchema>(code: number, description: string, data: unknown, schema: S) => v.InferOutput<S>;

