import type { ApiCall } from './firstScreen';
import { CHALLENGE_ENTRIES_PARAM, CHALLENGE_RETURN_PARAM, CHALLENGE_STAY_PARAM } from './returnMarks';
import { SEGMENT } from './firstScreen';
import { isRememberedAttempt } from './messages';
import type { OverallResult } from './notification';
import type { PaymentMethodId } from './constants';
import { notificationStatusOf } from './paymentResult';
import { CANCELLED_AUTH_STATUS, paymentOverallResult, statusFamilyOf } from './status';

// A payment back from outside (3DS, Clave's bank page) lands in a new page load; the server reads its
// receipt into the page, so the payer waits for no round trip after a return.

export function receiptCall(codOper: string): ApiCall {
  return { path: `receipts/${encodeURIComponent(codOper)}`, query: {} };
}

/** A return address's operation, or the card a `pending` mark names at its 3DS challenge; else null. */
export function receiptOfAddress(path: string, params: URLSearchParams): string | null {
  const pending = challengeOfPending(params.get('pending'));
  if (pending !== null) return pending;
  const oper = params.get('Oper')?.trim() ?? '';
  if (path === '/pf/widget/returnclave' || path === '/pf/widget/returnclavesdk' || path === '/pf/default-receipt/processing') return SEGMENT.test(oper) ? oper : null;
  const receipt = /^\/pf\/default-receipt\/([^/]+)$/.exec(path)?.[1];
  if (receipt === undefined || receipt === 'processing') return null;
  let codOper: string;
  try {
    codOper = decodeURIComponent(receipt);
  } catch {
    return null;
  }
  return SEGMENT.test(codOper) ? codOper : null;
}

function challengeOfPending(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const attempt: unknown = JSON.parse(raw);
    return isRememberedAttempt(attempt) && attempt.method === 'card' ? attempt.codOper : null;
  } catch {
    return null;
  }
}

/**
 * Why a payment back from the bank's page (Clave) ended unpaid, as the form it returns to says it and
 * the shop hears it: the payer left that page without answering (cancelled, nothing charged), or the
 * bank refused. A cancel is never told as the bank's refusal.
 */
export function returnRefusalKey(receipt: { authStatus: string | null }): 'payment_cancelled' | 'payment_declined' {
  return (receipt.authStatus ?? '').trim().toUpperCase() === CANCELLED_AUTH_STATUS ? 'payment_cancelled' : 'payment_declined';
}

/** The auth status decides where the method's table has no declined code. */
export function returnedPaymentResult(method: PaymentMethodId, receipt: { status: number; authStatus: string; cardType: string }): OverallResult {
  return paymentOverallResult(statusFamilyOf(method === 'card' ? receipt.cardType || method : method), receipt.status, receipt.authStatus);
}

/** A failed one goes straight back to the card form's own history entry, which keeps what was typed (never the CVC). */
export function refusedChallengeReturn(url: URL, receipt: { status: number; authStatus: string; cardType: string; paidBy?: unknown } | null): boolean {
  const params = url.searchParams;
  if (!receipt || params.get(CHALLENGE_RETURN_PARAM) !== '1' || params.has(CHALLENGE_STAY_PARAM) || !params.has(CHALLENGE_ENTRIES_PARAM)) return false;
  // Called off because another payment paid the order (issue 92): its receipt page says so, no form to pay again.
  if (receipt.paidBy) return false;
  if (params.has('pending') || receiptOfAddress(url.pathname, params) === null) return false;
  return notificationStatusOf(returnedPaymentResult('card', receipt)) === 'error';
}

/**
 * Back on the card form's entry after its challenge (its address names the payment), the form with the
 * bank's reason is the first screen when the payment failed (SPEC 3 "any other status shows an error"),
 * unless the order was paid or called off from another browser, which the wait says instead.
 */
export function challengeEndsOnForm(receipt: { status: number; authStatus: string; cardType: string; paidBy?: unknown; calledOffByPayer?: boolean }): boolean {
  if (receipt.paidBy || receipt.calledOffByPayer) return false;
  return notificationStatusOf(returnedPaymentResult('card', receipt)) === 'error';
}
