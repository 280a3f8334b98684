import { GatewayCallNotSent, GatewayOutcomeUnknown } from '@pasarela/gateways';
import { isNotStartedRefusal, VAULT_NOT_STARTED_HEADER } from '@pasarela/core';
import { GATEWAY_DEADLINE_MS } from '../GatewayCall';
import { httpSend } from './httpTransport';

export interface ProcessorClientOptions {
  /** Sent as `Authorization: Bearer <secret>` (SIMULATOR_API_SECRET for the simulator). */
  apiSecret: string;
  /** A test's, to inject faults; Node's HTTP client (httpSend) by default. */
  fetch?: typeof fetch | undefined;
  /** Between two tries of one call; 200 ms by default. */
  retryDelayMs?: number | undefined;
  /** When shorter than the call's deadline. */
  maxWaitMs?: number | undefined;
  /** Sent on every call besides these (the vault's `Vault-Authorization` on a forward). */
  headers?: Readonly<Record<string, string>> | undefined;
  /**
   * A first try whose connection is refused throws GatewayCallNotSent at once instead of trying again
   * until the deadline (the card vault's forwarding: a vault that is down fails a card payment in
   * milliseconds, not 10 s). So does a first try the card vault refused as not started
   * (`503 Vault-Not-Started: 1`, its one resend by httpSend refused too: two vault nodes stopping, or
   * one with no other behind the balancer). A refusal after a try that may have been sent keeps the retries.
   */
  refusedIsNotSent?: boolean | undefined;
  /** What the other side is, in GatewayCallNotSent's message ("the card vault"); "the processor" unless given. */
  name?: string | undefined;
}

/** A 4xx: a bug on one side, not a payment's outcome. */
export class ProcessorRefusedCall extends Error {
  override readonly name = 'ProcessorRefusedCall';
}

/** The `code` of a JSON answer, when it has one. */
function answerCodeOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { code?: unknown } | null)?.code;
  } catch {
    return undefined;
  }
}

const upper = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The error when nothing listens where a call connects: ECONNREFUSED on it (httpSend's), in its cause
 * (fetch's), or in every error of an AggregateError (each address of the host refused). The request
 * was never written.
 */
export function connectionRefused(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner) && inner.length > 0) return inner.every((e) => connectionRefused(e, depth + 1));
  if ((error as { code?: unknown }).code === 'ECONNREFUSED') return true;
  return connectionRefused((error as { cause?: unknown }).cause, depth + 1);
}

/**
 * A failed connection, a time-out or a 5xx is tried again under the same key until the deadline, so a
 * retry never charges twice; past it, what the processor did is unknown: GatewayOutcomeUnknown.
 */
export function processorClient(baseUrl: string, options: ProcessorClientOptions) {
  const send = options.fetch ?? httpSend;
  const retryDelayMs = options.retryDelayMs ?? 200;
  const base = baseUrl.replace(/\/+$/, '');

  async function post<T>(path: string, body: Record<string, unknown> & { deadline?: Date; idempotencyKey?: string }): Promise<T> {
    const deadline = Math.min(body.deadline?.getTime() ?? Date.now() + GATEWAY_DEADLINE_MS, Date.now() + (options.maxWaitMs ?? Number.POSITIVE_INFINITY));
    const payload = JSON.stringify(body);
    // The call's idempotency key as its request id: the card vault logs each of its lines under it, and it names the payment.
    const headers: Record<string, string> = { ...options.headers, 'content-type': 'application/json', authorization: `Bearer ${options.apiSecret}`, ...(body.idempotencyKey ? { 'x-request-id': body.idempotencyKey } : {}) };
    if (body.idempotencyKey) headers['idempotency-key'] = body.idempotencyKey;
    let lastProblem = 'no answer';
    for (let attempt = 1; ; attempt += 1) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      try {
        const res = await send(`${base}${path}`, { method: 'POST', headers, body: payload, signal: AbortSignal.timeout(left) });
        if (res.ok) {
          const answer = ((await res.json()) as { answer?: unknown }).answer;
          return (answer ?? null) as T;
        }
        const text = await res.text().catch(() => '');
        if (res.status < 500) throw new ProcessorRefusedCall(`${path}: ${res.status} ${text.slice(0, 200)}`);
        // The card vault could not connect to the processor at the first try: the call went no further than the vault.
        if (options.refusedIsNotSent && attempt === 1 && res.status === 502 && answerCodeOf(text) === 'processor_refused_connection') {
          throw new GatewayCallNotSent(`${upper(options.name ?? 'the processor')} at ${base}${path}: the processor refused its connection`);
        }
        // The card vault stopping refused it, and its resend, before doing anything for it.
        if (options.refusedIsNotSent && attempt === 1 && isNotStartedRefusal(res.status, res.headers.get(VAULT_NOT_STARTED_HEADER))) {
          throw new GatewayCallNotSent(`${upper(options.name ?? 'the processor')} at ${base}${path} is stopping: it refused the call, sent twice, before doing anything for it`);
        }
        // Said in the log: a long run of digits (a card number a processor echoed) is not.
        lastProblem = `${res.status} ${text.slice(0, 200).replace(/\d(?:[ -]?\d){11,18}/g, '[digits]')}`;
      } catch (error) {
        if (error instanceof ProcessorRefusedCall || error instanceof GatewayCallNotSent) throw error;
        // Refused at the first try: nothing was written, so nothing was done under the key.
        if (options.refusedIsNotSent && attempt === 1 && connectionRefused(error)) throw new GatewayCallNotSent(`${upper(options.name ?? 'the processor')} refused the connection at ${base}${path}`);
        lastProblem = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      const wait = Math.min(retryDelayMs * attempt, deadline - Date.now());
      if (wait <= 0) break;
      await pause(wait);
    }
    throw new GatewayOutcomeUnknown(`${path}: no answer by the deadline (${lastProblem})`);
  }

  return { post, baseUrl: base };
}

export type ProcessorClient = ReturnType<typeof processorClient>;
