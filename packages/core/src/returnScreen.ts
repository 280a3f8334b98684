import type { ApiCall } from './firstScreen';
import { CHALLENGE_ENTRIES_PARAM, CHALLENGE_RETURN_PARAM, CHALLENGE_STAY_PARAM } from './returnMarks';
import { SEGMENT } from './firstScreen';
import { isRememberedAttempt } from './messages';
import type { OverallResult } from './notification';
import type { PaymentMethodId } from './constants';
import { notificationStatusOf } from './paymentResult';
import { paymentOverallResult, statusFamilyOf } from './status';

// A payment finished outside the checkout (a card's 3DS challenge, Clave's bank page) comes back to
// an address of the checkout in a new page load (SPEC 2 /pf/default-receipt/{codOper},
// /pf/widget/returnclave, /pf/widget/returnclavesdk). What that page shows next depends on the
// payment's receipt alone: the server reads it into the page (as the first screen's answers) and the
// checkout reads it there, so the payer waits for no round trip after a return.

/** SPEC 7 "GET receipt by operation". */
export function receiptCall(codOper: string): ApiCall {
  return { path: `receipts/${encodeURIComponent(codOper)}`, query: {} };
}

/**
 * The operation whose receipt the page at `path` reads first: SPEC 2 "/pf/default-receipt/{codOper}",
 * "/pf/widget/returnclave", "returnclavesdk" and "/pf/default-receipt/processing" with `Oper`, or a checkout whose address names a card
 * payment left at its 3DS challenge (`pending`, as the widget writes it while the payment waits
 * there), which the checkout follows by its receipt; null for any other address.
 */
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

/** The card payment a `pending` mark names (JSON of core's RememberedAttempt), or null. */
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
 * SPEC 4 "Overall result" of a payment back from outside, from its receipt: a card's by its brand's
 * table (VISA, MC-PF, ...), every other method's by its own, with the auth status where the table
 * has no declined code.
 */
export function returnedPaymentResult(method: PaymentMethodId, receipt: { status: number; authStatus: string; cardType: string }): OverallResult {
  return paymentOverallResult(statusFamilyOf(method === 'card' ? receipt.cardType || method : method), receipt.status, receipt.authStatus);
}


/**
 * Whether the page at `url` is a 3DS challenge's return whose payment failed (declined or in error:
 * SPEC 3's "error" to the parent; an approved or still pending one shows its receipt): the payer
 * goes straight back to the card form's own history entry, which keeps what was typed (never the
 * CVC) and says the bank's reason, without the receipt's page being shown or started first.
 */
export function refusedChallengeReturn(url: URL, receipt: { status: number; authStatus: string; cardType: string } | null): boolean {
  const params = url.searchParams;
  if (!receipt || params.get(CHALLENGE_RETURN_PARAM) !== '1' || params.has(CHALLENGE_STAY_PARAM) || !params.has(CHALLENGE_ENTRIES_PARAM)) return false;
  if (params.has('pending') || receiptOfAddress(url.pathname, params) === null) return false;
  return notificationStatusOf(returnedPaymentResult('card', receipt)) === 'error';
}
