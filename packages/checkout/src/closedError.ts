import type { CheckoutClosedError, CheckoutResult } from './types';

/** The rejection of `handle.result` when the checkout closes before a successful payment. */
export function closedError(lastResult: CheckoutResult | undefined): CheckoutClosedError {
  const error = new Error('[pasarela] checkout closed before a successful payment') as CheckoutClosedError;
  error.name = 'CheckoutClosedError';
  error.code = 'closed';
  if (lastResult) error.lastResult = lastResult;
  return error;
}
