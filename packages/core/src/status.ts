import { CARD_AUTH_STATUS, CARD_RESULT_STATUS, type CardResultKey } from './cardMessages';
import type { OverallResult } from './notification';

// SPEC 4 "Status codes per method (display)" and "Overall result".

export type DisplayStatus = 'pending' | 'declined' | 'approved' | 'captured' | 'refunded' | 'completed' | 'paid' | 'unknown';
/** The status families of SPEC 4: the card (with its -PF variants), the wallet, and each method. */
export type StatusFamily = 'card' | 'balance' | 'crypto' | 'clave' | 'nequi' | 'cash' | 'cashPoint' | 'yappy';

const TABLES: Record<Exclude<StatusFamily, 'crypto'>, Readonly<Record<string, DisplayStatus>>> = {
  card: { '-1': 'pending', '0': 'declined', '1': 'approved', '2': 'captured', '3': 'refunded' },
  balance: { '-1': 'pending', '0': 'declined', '1': 'approved', '2': 'approved', '3': 'approved' },
  clave: { '0': 'declined', '1': 'approved', '-1': 'pending' },
  nequi: { '1': 'approved', '-1': 'pending' },
  cash: { '3': 'declined', '0': 'pending', '-1': 'pending', '1': 'completed', '2': 'paid' },
  cashPoint: { '3': 'declined', '0': 'pending', '-1': 'pending', '1': 'completed', '2': 'paid' },
  yappy: { '1': 'approved', '-1': 'pending', '0': 'pending' },
};

/** SPEC 4 display status; a code the table does not list is 'unknown' (crypto: "all others pending"). */
export function displayStatusOf(family: StatusFamily, status: number): DisplayStatus {
  if (family === 'crypto') return status === 1 ? 'approved' : 'pending';
  return TABLES[family][String(status)] ?? 'unknown';
}

/**
 * Auth statuses the sandbox records for a payment that ended without being paid and never will be:
 * refused by the payer or the gateway (DECLINED), a window that closed unanswered (EXPIRED), a
 * payment called off before it was paid (CANCELLED), a gateway that failed or never received it
 * and charged nothing (ERROR).
 */
export const ENDED_UNPAID_AUTH_STATUSES = ['DECLINED', 'EXPIRED', 'CANCELLED', 'ERROR'] as const;
const ENDED_UNPAID: ReadonlySet<string> = new Set(ENDED_UNPAID_AUTH_STATUSES);

/**
 * The display status of a recorded payment, the one every surface shows (receipt, tx result, return
 * page, parent notification, webhook, merchant API). SPEC 4's tables stay true for the codes they
 * list; but "Yappy: 1 approved, -1 and 0 pending", "Nequi: 1 approved, -1 pending" and "Crypto: 1
 * approved, all others pending" have no declined code, so a payment those tables call pending (or
 * do not list) whose auth status says it ended unpaid is declined: it can no longer be paid.
 */
export function paymentDisplayStatus(family: StatusFamily, status: number, authStatus?: string | null): DisplayStatus {
  const listed = displayStatusOf(family, status);
  if (listed !== 'pending' && listed !== 'unknown') return listed;
  return ENDED_UNPAID.has((authStatus ?? '').trim().toUpperCase()) ? 'declined' : listed;
}

/** The overall result of a recorded payment (SPEC 4 "Overall result" through paymentDisplayStatus). */
export function paymentOverallResult(family: StatusFamily, status: number, authStatus?: string | null): OverallResult {
  return overallResultOfDisplay(paymentDisplayStatus(family, status, authStatus));
}

/** The overall result of a payment as recorded: its method id, status code and auth status. */
export function recordedPaymentResult(payment: { method: string; status: number; authStatus: string | null }): OverallResult {
  return paymentOverallResult(statusFamilyOf(payment.method), payment.status, payment.authStatus);
}

/** The auth status of a pending payment that was called off before anyone paid it (one of ENDED_UNPAID_AUTH_STATUSES). */
export const CANCELLED_AUTH_STATUS = 'CANCELLED';

/**
 * The status code a pending payment takes when it is called off: SPEC 4's declined code where the
 * method's table has one (cash and cash-point 3, the others 0). Nequi, Yappy and crypto list no
 * declined code, so their 0 reads as declined through the ended auth status (paymentDisplayStatus).
 */
export function cancelledStatusOf(method: string): number {
  const family = statusFamilyOf(method);
  return family === 'cash' || family === 'cashPoint' ? 3 : 0;
}

/** What a payment records when its gateway answers: SPEC 4's status code, the auth status, the message key. */
interface RecordedOutcome {
  status: number;
  authStatus: string;
  messageKey: string;
}

/**
 * How each method's gateway can end a payment, in words every gateway shares: a push wallet (Nequi,
 * Yappy) and the bank redirect (Clave) approve or decline; a voucher (cash) is paid at a kiosk; a
 * crypto deposit pays in full or under; a push and a voucher lapse (expired); any of them is called
 * off before it was paid (cancelled).
 */
interface GatewayEnds {
  nequi: 'approved' | 'declined' | 'expired' | 'cancelled';
  yappy: 'approved' | 'declined' | 'expired' | 'cancelled';
  clave: 'approved' | 'declined' | 'cancelled';
  cash: 'paid' | 'expired' | 'cancelled';
  crypto: 'paid' | 'underpaid';
}

const ended = (status: number, authStatus: string, messageKey: string): RecordedOutcome => ({ status, authStatus, messageKey });
const cancelled = (method: string) => ended(cancelledStatusOf(method), CANCELLED_AUTH_STATUS, 'cancelled');

/**
 * SPEC 4's code to record per method. "Nequi: 1 approved, -1 pending" and "Yappy: 1 approved, -1 and
 * 0 pending" list no declined code: an end unpaid records 0 with an ended auth status, which reads
 * as declined (paymentDisplayStatus). "Clave: 0 declined, 1 approved". "Cash: 3 declined, 2 paid".
 * "Crypto: 1 approved, all others pending": an under-payment stays pending (0, UNDERPAID).
 */
const RECORDED: { readonly [M in keyof GatewayEnds]: Readonly<Record<GatewayEnds[M], RecordedOutcome>> } = {
  nequi: { approved: ended(1, 'APPROVED', 'approved'), declined: ended(0, 'DECLINED', 'generic'), expired: ended(0, 'EXPIRED', 'generic'), cancelled: cancelled('nequi') },
  // A lapsed Yappy request reads as pending to the payer (its message), though it can no longer be paid.
  yappy: { approved: ended(1, 'APPROVED', 'approved'), declined: ended(0, 'DECLINED', 'generic'), expired: ended(0, 'EXPIRED', 'pending'), cancelled: cancelled('yappy') },
  clave: { approved: ended(1, 'APPROVED', 'approved'), declined: ended(0, 'DECLINED', 'generic'), cancelled: cancelled('clave') },
  cash: { paid: ended(2, 'PAID', 'approved'), expired: ended(3, 'EXPIRED', 'generic'), cancelled: cancelled('cash') },
  crypto: { paid: ended(1, 'APPROVED', 'approved'), underpaid: ended(0, 'UNDERPAID', 'pending') },
};

/** What a payment of this method records when its gateway ends it so. */
export function recordedOutcomeOf<M extends keyof GatewayEnds>(method: M, end: GatewayEnds[M]): RecordedOutcome {
  return RECORDED[method][end];
}

/** What a card payment records for the processor's answer (core's card result keys, SPEC 4 "-1 pending, 0 declined, 1 approved"). */
export function recordedCardOutcomeOf(key: CardResultKey): RecordedOutcome {
  return { status: CARD_RESULT_STATUS[key], authStatus: CARD_AUTH_STATUS[key], messageKey: key };
}

/** A crypto deposit pays in full when it reaches the amount quoted (to a billionth of a coin, a float's slack). */
export function cryptoDepositEnd(paidCrypto: number, dueCrypto: number): GatewayEnds['crypto'] {
  return paidCrypto + 1e-9 < dueCrypto ? 'underpaid' : 'paid';
}

/**
 * The status family of a receipt's cardType / typeMethod text, or of a method id. SPEC 4 "Card
 * (Visa, Mastercard, Amex, including -PF variants)": a card brand, as any text no other family names, is a card.
 */
export function statusFamilyOf(typeOrMethod: string | null | undefined): StatusFamily {
  const t = (typeOrMethod ?? '').trim().toLowerCase();
  if (t === 'balance' || t === 'pfw' || t === 'wallet') return 'balance';
  if (t === 'crypto' || t === 'clave' || t === 'nequi' || t === 'yappy' || t === 'cash') return t;
  if (t === 'cashpoint' || t === 'cash-point' || t === 'pc') return 'cashPoint';
  if (t === 'paycash' || t === 'pagocash') return 'cash';
  return 'card';
}

/** SPEC 4 card display status. */
export function cardDisplayStatus(status: number): DisplayStatus {
  return displayStatusOf('card', status);
}

/** SPEC 4's overall results (ERROR: a status no rule of SPEC 4 names), the parent notification's Estado. */
export type { OverallResult };

/** The overall result a method's display status stands for (a card's -1 is PENDING, 0 DECLINED). */
export function overallResultOfDisplay(display: DisplayStatus): OverallResult {
  if (display === 'approved' || display === 'captured' || display === 'completed' || display === 'paid') return 'APPROVED';
  if (display === 'pending') return 'PENDING';
  if (display === 'declined' || display === 'refunded') return 'DECLINED';
  return 'ERROR';
}

