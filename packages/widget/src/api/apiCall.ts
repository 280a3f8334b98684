import type * as v from 'valibot';
import { PasarelaError, type PrimedAnswer } from '@pasarela/core';

export interface ApiClientOptions {
  apiBase: string;
  wireEncoding: boolean;
  clientKey: string;
  lang: string;
  /** Its headers replace the client key; a session-type answer (SPEC 8) to a call that carried it ends it. */
  auth?: { headers(): Record<string, string> | null; onSessionExpired(): void };
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Each answers the first GET with its key, through the same checks as a fetched answer, then is forgotten. */
  primed?: readonly PrimedAnswer[];
}

export type Query = Record<string, string | number>;

export function networkError(error: unknown): PasarelaError {
  const timedOut = error instanceof Error && error.name === 'TimeoutError';
  return new PasarelaError({ code: timedOut ? 'timeout' : 'connection_error', category: 'network' });
}

export type Settle = <S extends v.GenericSchema>(code: number, description: string, data: unknown, schema: S) => v.InferOutput<S>;

