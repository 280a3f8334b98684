import { SPECIFIC_ERROR_CODES } from './errorCodes';
import { isPasarelaError } from './errors';

// Apart from errorCodes.ts, which the first screen loads: a module loads whole.

export function processingFailureKey(isOldVersion: boolean): 'error_processing_request' | 'payment_error_try_again' {
  return isOldVersion ? 'error_processing_request' : 'payment_error_try_again';
}

/**
 * docs/api.md: a card payment whose gateway failed before deciding is 502 with a processing failure's
 * code (SPEC 8: `payment_error_try_again`, `error_processing_request` for an old-version payment),
 * nothing recorded and nothing charged, so its outcome is known. The same code as a 504 is an attempt
 * kept in doubt (no answer by the gateway's deadline): it may be charged, so its outcome is unknown
 * (isOutcomeUnknown) and its trackId tells what became of it.
 */
export function isNothingRecordedFailure(error: unknown): boolean {
  return isPasarelaError(error) && error.status === 502 && (error.code === processingFailureKey(false) || error.code === processingFailureKey(true));
}

export function cryptoFailure(error: unknown): { codeError: string; message: string } {
  const e = error as { code?: unknown; serverMessage?: unknown } | null;
  const code = e && typeof e === 'object' && typeof e.code === 'string' && e.code !== '' ? e.code : SPECIFIC_ERROR_CODES.errorOnLoad;
  const message = e && typeof e === 'object' && typeof e.serverMessage === 'string' && e.serverMessage !== '' ? e.serverMessage : SPECIFIC_ERROR_CODES.errorOnLoad;
  return { codeError: code, message };
}
