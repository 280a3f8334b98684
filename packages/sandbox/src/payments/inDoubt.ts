import { PaymentError } from '../errors/PaymentError';
import { isConnectionError } from '../db/unavailable';

/**
 * How an attempt is recorded before its gateway is asked: sent, its answer not recorded yet. One
 * that stays so past its deadline is the reconciler's (payments/reconcileAttempts.ts).
 */
export const IN_DOUBT = { status: -1, auth_status: 'PROCESSING', message_key: 'processing' } as const;

/**
 * Calls a gateway for an attempt recorded IN_DOUBT and records its answer (`call` does both). An
 * answer that does not come or comes broken leaves the attempt in doubt for the reconciler, which
 * asks the gateway by the attempt's key: the payer hears in_doubt (a 504) and retries with the same trackId. A
 * database gone mid-way is the 503 every request gets then; the reconciler settles that one too.
 */
export async function callInDoubt<T>(gateway: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isConnectionError(error)) throw error;
    throw new PaymentError('in_doubt', 'payment_error_try_again', `The ${gateway} did not answer; the payment is being checked`);
  }
}
