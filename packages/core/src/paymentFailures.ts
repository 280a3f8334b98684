import { SPECIFIC_ERROR_CODES } from './errorCodes';

// What a failed card or crypto payment shows and stores: the payment screens' rules, a module apart
// from the error codes (errorCodes.ts) that the checkout's first screen reads, since a module is
// loaded whole with the first screen's code.

/** SPEC 8 "error_processing_request for an old-version tx failure"; newer versions show payment_error_try_again. */
export function processingFailureKey(isOldVersion: boolean): 'error_processing_request' | 'payment_error_try_again' {
  return isOldVersion ? 'error_processing_request' : 'payment_error_try_again';
}

/** SPEC 8 crypto "'Error on load' fallback": the code and text a crypto failure stores in its state. */
export function cryptoFailure(error: unknown): { codeError: string; message: string } {
  const e = error as { code?: unknown; serverMessage?: unknown } | null;
  const code = e && typeof e === 'object' && typeof e.code === 'string' && e.code !== '' ? e.code : SPECIFIC_ERROR_CODES.errorOnLoad;
  const message = e && typeof e === 'object' && typeof e.serverMessage === 'string' && e.serverMessage !== '' ? e.serverMessage : SPECIFIC_ERROR_CODES.errorOnLoad;
  return { codeError: code, message };
}
