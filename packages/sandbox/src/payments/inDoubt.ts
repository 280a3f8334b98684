import { CARD_AUTH_STATUS, CARD_PAYMENTS_UNAVAILABLE, METHOD_PAYMENTS_UNAVAILABLE, unsentPaymentCall } from '@pasarela/core';
import { PaymentError } from '../errors/PaymentError';
import { isConnectionError } from '../db/unavailable';
import type { Deps } from '../Deps';
import { reachesProcessorOf } from '../gateways/processors';
import { dropUnsentAttempt } from '../store/transactionUpdates';
import { isGatewayCallNotSent, type GatewayCallNotSent } from '@pasarela/gateways';

/** Recorded before the gateway is asked; past its deadline it is the reconciler's. */
export const IN_DOUBT = { status: -1, auth_status: CARD_AUTH_STATUS.processing, message_key: 'processing' } as const;

/**
 * An attempt recorded for another processor than this node's is never sent here under its key (at
 * this node's processor it would be a second payment): it stays in doubt for a node that has its own.
 */
export function refuseIfOtherProcessor(deps: Pick<Deps, 'processors'>, attempt: { method: string; processor: string | null }, gateway: string): void {
  if (reachesProcessorOf(deps.processors, attempt)) return;
  throw new PaymentError('in_doubt', 'payment_error_try_again', `The ${gateway} of this payment (${attempt.processor}) is not reachable from this node; the payment is being checked`);
}

/**
 * No answer, or a broken one, leaves the attempt in doubt: the payer hears in_doubt (504) and retries
 * with the same trackId, and the reconciler asks by the attempt's key. A database gone mid-way is a 503.
 * With `notSent`, a call that never left this node throws what it gives (the attempt dropped first);
 * without it such a call is in doubt too, and the reconciler, told "never received", forgets it.
 */
export async function callInDoubt<T>(gateway: string, call: () => Promise<T>, notSent?: (error: GatewayCallNotSent) => Promise<PaymentError>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isConnectionError(error)) throw error;
    // The call never left this node (GatewayCallNotSent): its caller forgets the attempt and says so.
    if (notSent && isGatewayCallNotSent(error)) throw await notSent(error);
    // What the gateway did or failed to say goes to the request's log line (http/onError.ts), never the answer.
    throw Object.assign(new PaymentError('in_doubt', 'payment_error_try_again', `The ${gateway} did not answer; the payment is being checked`), { cause: error });
  }
}

/**
 * A card payment that never left this node and charged nothing (core's unsentPaymentCall): the payer pays
 * again once card payments are back. `down` says in the log what was not reached, never in the answer.
 */
export function cardPaymentsUnavailable(down: string): PaymentError {
  return new PaymentError('unavailable', CARD_PAYMENTS_UNAVAILABLE, undefined, {}, down);
}

/** The same of another method's payment (a phone push, a voucher, Clave, crypto). */
export function methodPaymentsUnavailable(down: string): PaymentError {
  return new PaymentError('unavailable', METHOD_PAYMENTS_UNAVAILABLE, undefined, {}, down);
}

/**
 * callInDoubt's `notSent` for an attempt whose call never left this node: when core's unsentPaymentCall
 * says nothing was charged, the attempt is forgotten and the payer told what `unavailable` gives;
 * otherwise (a retry of an attempt an earlier request recorded, a renewal) none: the call is in doubt.
 */
export function forgetIfNotSent(
  deps: Pick<Deps, 'db'>, codOper: string, call: Parameters<typeof unsentPaymentCall>[0],
  unavailable: (notSent: GatewayCallNotSent) => PaymentError = (notSent) => methodPaymentsUnavailable(`${notSent.message}: the payment was not sent`),
): ((notSent: GatewayCallNotSent) => Promise<PaymentError>) | undefined {
  if (unsentPaymentCall(call) === 'recorded_stands') return undefined;
  return async (notSent) => {
    await dropUnsentAttempt(deps.db, codOper);
    return unavailable(notSent);
  };
}

/**
 * A retry racing the request still charging (the same trackId): its call left in doubt (the vault
 * refuses a CVC the first one's outcome dropped) while that outcome was recorded. That outcome is
 * the retry's answer: the attempt's record as `readAgain` reads it, once no longer in doubt; else
 * undefined (the retry's own failure stands).
 */
export async function decidedMeanwhile<Recorded extends { auth_status: string }>(error: unknown, readAgain: () => Promise<Recorded | undefined>): Promise<Recorded | undefined> {
  if (!(error instanceof PaymentError && error.kind === 'in_doubt')) return undefined;
  const recorded = await readAgain();
  return recorded && recorded.auth_status !== IN_DOUBT.auth_status ? recorded : undefined;
}
