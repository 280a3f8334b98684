import { SERVER_CODE_KEYS, isCardMessageCode } from './errorCodes';
import type { PayerMessageKey } from './errorCodes';
import { FRONTEND_ERROR_KEYS } from './errorKeys';
import type { FrontendErrorKey } from './errorKeys';

// errors.ts imports errorCodes.ts, never the other way round.

const SESSION_EXPIRED_HEADER_CODES: readonly number[] = [401, 420, 500, 520];

/** As adyen-web keeps them: what kind of failure, not which one. */
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
  code: string;
  category: ErrorCategory;
  /** Text to show when the server sent one (SPEC 8: "the message is shown"). */
  serverMessage?: string | undefined;
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
  key: PayerMessageKey;
  /** Rendered as text, never HTML. */
  text?: string;
}

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
 * A payment refused for its captcha, by the server or before sending (SPEC 8 error_captcha,
 * invalid_score_captcha): the payer ticks the box again to pay (docs/architecture.md "Captcha and focus").
 */
export function isCaptchaRefusal(key: string): boolean {
  return key === 'error_captcha' || key === 'invalid_score_captcha';
}

/**
 * The server could not reach the card vault (its connection refused): the card payment was never sent
 * and nothing of it is recorded, so the payer may pay again at once (503).
 */
export const CARD_PAYMENTS_UNAVAILABLE = 'card_payments_unavailable';

/**
 * The same of another method (a phone push, a voucher, Clave, crypto): the processor refused the
 * server's connection, so the payment was never sent and nothing of it is recorded (503).
 */
export const METHOD_PAYMENTS_UNAVAILABLE = 'method_payments_unavailable';

/** The server's word that a payment's call never left it and the attempt is forgotten: 503s that are known. */
const NOT_SENT_CODES: readonly string[] = [CARD_PAYMENTS_UNAVAILABLE, METHOD_PAYMENTS_UNAVAILABLE];

/**
 * Whether the server may have recorded a failed payment: no readable answer came (network, time-out,
 * 408, 5xx, an unreadable 2xx). When unsure, unknown: asking first is harmless, paying twice is not.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof PasarelaError)) return true;
  if (error.category === 'network') return true;
  if (error.category === 'validation' || error.category === 'cancel') return false;
  if (NOT_SENT_CODES.includes(error.code)) return false;
  const status = error.status;
  if (status === undefined) return false;
  return status >= 500 || status === 408 || (status >= 200 && status < 300);
}

export interface SerializedError {
  code: string;
  message: string;
  category: ErrorCategory;
}
