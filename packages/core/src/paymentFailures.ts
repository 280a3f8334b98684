import { SPECIFIC_ERROR_CODES } from './errorCodes';

// Apart from errorCodes.ts, which the first screen loads: a module loads whole.

export function processingFailureKey(isOldVersion: boolean): 'error_processing_request' | 'payment_error_try_again' {
  return isOldVersion ? 'error_processing_request' : 'payment_error_try_again';
}

export function cryptoFailure(error: unknown): { codeError: string; message: string } {
  const e = error as { code?: unknown; serverMessage?: unknown } | null;
  const code = e && typeof e === 'object' && typeof e.code === 'string' && e.code !== '' ? e.code : SPECIFIC_ERROR_CODES.errorOnLoad;
  const message = e && typeof e === 'object' && typeof e.serverMessage === 'string' && e.serverMessage !== '' ? e.serverMessage : SPECIFIC_ERROR_CODES.errorOnLoad;
  return { codeError: code, message };
}
