import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../errors/ApiError';
import { PaymentError, type PaymentErrorKind } from '../errors/PaymentError';
import type { Language } from '@pasarela/core';
import type { AppEnv } from './AppEnv';
import { detailText, errorText } from './errorText';
import { errorFields } from '../ops/logger';
import { reply } from './reply';
import { MERCHANT_API_PREFIX } from './merchantApiPrefix';
import { asRetryable, DatabaseUnavailableError, unavailableCause } from '../db/unavailable';

/** nginx's status for a client that gave up; never sent. */
export const CLIENT_CLOSED_REQUEST = 499;

export function clientClosed(c: Context): boolean {
  return c.req.raw.signal?.aborted === true;
}

const STATUS_OF_KIND: Readonly<Record<PaymentErrorKind, ContentfulStatusCode>> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  refused: 422,
  gateway_failed: 502,
  unavailable: 503,
  in_doubt: 504,
  unsupported: 501,
};

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof PaymentError) return new ApiError(STATUS_OF_KIND[error.kind], error.code, error.detail, {}, error.fields);
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ApiError(413, 'payload_too_large', 'Body is too large');
    return new ApiError(error.status, error.status < 500 ? 'invalid_request' : 'happen_error_try_again', error.message || undefined);
  }
  return new ApiError(500, 'happen_error_try_again');
}

/**
 * Wholly in one language (the request's, http/language.ts): the catalogue's text for the code, with
 * its detail in parentheses when the catalogue words it too. A code the catalogue lacks says what its
 * status means, so no answer falls back to another language's words.
 */
function errorMessage(apiError: ApiError, lang: Language, merchantApi: boolean): string {
  const text = errorText(apiError.code, lang, merchantApi);
  const known = text !== String(apiError.code);
  const detail = apiError.detail === undefined ? undefined : detailText(apiError.detail, lang, merchantApi);
  const base = known ? text : errorText(genericCodeOf(apiError.status), lang, merchantApi);
  // A detail that only repeats the code's words is said once.
  return detail === undefined || detail.toLowerCase() === base.toLowerCase() ? base : `${base} (${detail})`;
}

const genericCodeOf = (status: number) => (status >= 500 ? 'happen_error_try_again' : 'request_refused');

/** Enveloped under /api; plain JSON under /sandbox and the merchant API (never encoded). */
export function onError(thrown: unknown, c: Context<AppEnv>): Response {
  // A statement PostgreSQL cancelled (statement_timeout, lock_timeout) rolled its transaction back: a 503 to retry, not a bug's 500.
  const error = asRetryable(thrown);
  // The client closed the connection first: nobody reads the answer (requestLog logs a client abort).
  const apiError = clientClosed(c) ? new ApiError(CLIENT_CLOSED_REQUEST, 'client_closed_request', 'The client closed the connection') : toApiError(error);
  // A bug: logged, never with the request body, which may hold a card.
  if (apiError.status >= 500 && !(error instanceof ApiError) && !(error instanceof PaymentError)) c.get('log')?.error(errorFields(error), 'unhandled error');
  // A dependency's outage: the request's one line names it (requestLog).
  if (error instanceof PaymentError && error.dependencyDown !== undefined) c.set('dependencyDown', { code: String(error.code), cause: error.dependencyDown });
  // Any other payment's 5xx (an attempt left in doubt): its request line says what lay under it.
  else if (error instanceof PaymentError && apiError.status >= 500) c.set('failure', { code: String(error.code), ...errorFields(error.cause ?? error) });
  if (error instanceof DatabaseUnavailableError) c.set('dependencyDown', { code: String(error.code), cause: unavailableCause(error) });
  const lang = c.get('lang') ?? 'es';
  const merchantApi = c.req.path.startsWith(`${MERCHANT_API_PREFIX}/`);
  const message = errorMessage(apiError, lang, merchantApi);
  const status = apiError.status as ContentfulStatusCode;
  const encoded = c.req.path.startsWith('/api/') && !c.req.path.startsWith(`${MERCHANT_API_PREFIX}/`);
  // So support can find the request, as the X-Request-Id header and the logs do.
  const requestId = c.get('requestId');
  const res = encoded ? reply(c, { code: apiError.code, message, ...apiError.fields }, status) : c.json({ code: apiError.code, message, ...apiError.fields, ...(requestId ? { requestId } : {}) }, status);
  for (const [name, value] of Object.entries(apiError.headers)) res.headers.set(name, value);
  return res;
}
