import { SERVER_CODE_KEYS, isCardMessageCode } from './errorCodes';
import type { PayerMessageKey } from './errorCodes';
import { FRONTEND_ERROR_KEYS } from './errorKeys';
import type { FrontendErrorKey } from './errorKeys';

// SPEC 8: the error catalogue. One error class carrying a code, and one function that turns any
// failure into the key and text a payer sees. The frontend keys live in errorKeys.ts, which
// errorCodes.ts also reads: errors.ts imports errorCodes.ts, never the other way round.

/** SPEC 8: "401, 420, 500, 520: session expired." */
const SESSION_EXPIRED_HEADER_CODES: readonly number[] = [401, 420, 500, 520];

/** Broad categories, as adyen-web keeps them: what kind of failure, not which one. */
const ErrorCategory = {
  network: 'network',
  session: 'session',
  api: 'api',
  validation: 'validation',
  cancel: 'cancel',
  implementation: 'implementation',
} as const;
type ErrorCategory = (typeof ErrorCategory)[keyof typeof ErrorCategory];

interface PasarelaErrorInit {
  /** Machine code: a catalogue key, a SPEC numeric code as string ('3000', '619') or a server code. */
  code: string;
  category: ErrorCategory;
  /** Text to show when the server sent one (SPEC 8: "the message is shown"). */
  serverMessage?: string | undefined;
  /** The header status code of the response, when there was one. */
  status?: number | undefined;
  /** The error answer's fields besides code and message (a duplicate's `state`). */
  fields?: Readonly<Record<string, unknown>> | undefined;
}

export class PasarelaError extends Error {
  override readonly name = 'PasarelaError';
  readonly code: string;
  readonly category: ErrorCategory;
  readonly serverMessage: string | undefined;
  readonly status: number | undefined;
  readonly fields: Readonly<Record<string, unknown>>;
  constructor(init: PasarelaErrorInit) {
    super(init.serverMessage ?? init.code);
    this.code = init.code;
    this.category = init.category;
    this.serverMessage = init.serverMessage;
    this.status = init.status;
    this.fields = init.fields ?? {};
  }
}

export function isPasarelaError(value: unknown): value is PasarelaError {
  return value instanceof PasarelaError;
}

function isFrontendKey(code: string): code is FrontendErrorKey {
  return (FRONTEND_ERROR_KEYS as readonly string[]).includes(code);
}

/**
 * SPEC 8 "Header code not 200": 401/420/500/520 are a session expiry; any other code raises an
 * error with the code and the message from the server payload or the header description.
 */
export function errorFromHeader(
  status: number,
  description: string,
  payload?: Readonly<Record<string, unknown>> | null,
): PasarelaError {
  if (SESSION_EXPIRED_HEADER_CODES.includes(status)) {
    return new PasarelaError({ code: 'session_expired', category: 'session', status });
  }
  const code = payload?.['code'] !== undefined && payload['code'] !== null ? String(payload['code']) : String(status);
  const message = typeof payload?.['message'] === 'string' && payload['message'] !== '' ? payload['message'] : description;
  const { code: _code, message: _message, ...fields } = payload ?? {};
  return new PasarelaError({ code, category: 'api', serverMessage: message || undefined, status, fields });
}

export interface PayerMessage {
  /** Catalogue key to translate when there is no server text. */
  key: PayerMessageKey;
  /** Server text to show as is (rendered as text, never HTML). */
  text?: string;
}

/** Turns any failure into what a payer sees: the server's message when it sent one, else a key. */
export function payerMessage(error: unknown): PayerMessage {
  if (error instanceof PasarelaError) {
    const key: PayerMessageKey = isFrontendKey(error.code)
      ? error.code
      : (SERVER_CODE_KEYS[error.code] ??
        (isCardMessageCode(error.code) ? 'card_error' : error.category === 'network' ? 'connection_error' : 'happen_error_try_again'));
    if (error.category === 'session' || error.category === 'network') return { key };
    // "Card {messageSys}": the gateway's reason is the message itself.
    if (key === 'card_error') return { key, text: error.serverMessage || error.code };
    return error.serverMessage && error.serverMessage !== error.code ? { key, text: error.serverMessage } : { key };
  }
  if (error instanceof Error && error.name === 'TimeoutError') return { key: 'timeout' };
  if (error instanceof TypeError) return { key: 'connection_error' };
  return { key: 'happen_error_try_again' };
}

/**
 * Whether a failed payment request may still have been recorded by the server: the request left but
 * no readable answer came back (a dropped connection, a time-out, a 408, any 5xx from the server or
 * a proxy, or a 2xx we could not read). A 4xx refusal, a session refusal (401/420) and an error
 * raised before sending are known: nothing was recorded. When unsure, unknown: asking the server
 * first is harmless, paying twice is not.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof PasarelaError)) return true;
  if (error.category === 'network') return true;
  if (error.category === 'validation' || error.category === 'cancel') return false;
  const status = error.status;
  if (status === undefined) return false;
  return status >= 500 || status === 408 || (status >= 200 && status < 300);
}

/** Plain-object form of an error that survives structured cloning across postMessage. */
export interface SerializedError {
  code: string;
  message: string;
  category: ErrorCategory;
}
