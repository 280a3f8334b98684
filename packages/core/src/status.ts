import { CARD_AUTH_STATUS, CARD_RESULT_STATUS, type CardResultKey } from './cardMessages';
import type { OverallResult } from './notification';

export type DisplayStatus = 'pending' | 'declined' | 'approved' | 'captured' | 'refunded' | 'completed' | 'paid' | 'unknown';
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

export function displayStatusOf(family: StatusFamily, status: number): DisplayStatus {
  if (family === 'crypto') return status === 1 ? 'approved' : 'pending';
  return TABLES[family][String(status)] ?? 'unknown';
}

export const ENDED_UNPAID_AUTH_STATUSES = ['DECLINED', 'EXPIRED', 'CANCELLED', 'ERROR'] as const;
const ENDED_UNPAID: ReadonlySet<string> = new Set(ENDED_UNPAID_AUTH_STATUSES);

/**
 * Yappy, Nequi and crypto tables list no declined code, so a payment they call pending whose auth
 * status says it ended unpaid is declined: it can no longer be paid.
 */
export function paymentDisplayStatus(family: StatusFamily, status: number, authStatus?: string | null): DisplayStatus {
  const listed = displayStatusOf(family, status);
  if (listed !== 'pending' && listed !== 'unknown') return listed;
  return ENDED_UNPAID.has((authStatus ?? '').trim().toUpperCase()) ? 'declined' : listed;
}

export function paymentOverallResult(family: StatusFamily, status: number, authStatus?: string | null): OverallResult {
  return overallResultOfDisplay(paymentDisplayStatus(family, status, authStatus));
}

export function recordedPaymentResult(payment: { method: string; status: number; authStatus: string | null }): OverallResult {
  return paymentOverallResult(statusFamilyOf(payment.method), payment.status, payment.authStatus);
}

export const CANCELLED_AUTH_STATUS = 'CANCELLED';

/** Nequi, Yappy and crypto list no declined code: their 0 reads as declined through the auth status. */
export function cancelledStatusOf(method: string): number {
  const family = statusFamilyOf(method);
  return family === 'cash' || family === 'cashPoint' ? 3 : 0;
}

interface RecordedOutcome {
  status: number;
  authStatus: string;
  messageKey: string;
}

export interface GatewayEnds {
  nequi: 'approved' | 'declined' | 'expired' | 'cancelled';
  yappy: 'approved' | 'declined' | 'expired' | 'cancelled';
  clave: 'approved' | 'declined' | 'cancelled';
  cash: 'paid' | 'expired' | 'cancelled';
  crypto: 'paid' | 'underpaid';
}

const ended = (status: number, authStatus: string, messageKey: string): RecordedOutcome => ({ status, authStatus, messageKey });
const cancelled = (method: string) => ended(cancelledStatusOf(method), CANCELLED_AUTH_STATUS, 'cancelled');

/** An end unpaid records 0 with an ended auth status where SPEC 4 lists no declined code; an under-payment stays pending. */
const RECORDED: { readonly [M in keyof GatewayEnds]: Readonly<Record<GatewayEnds[M], RecordedOutcome>> } = {
  nequi: { approved: ended(1, 'APPROVED', 'approved'), declined: ended(0, 'DECLINED', 'generic'), expired: ended(0, 'EXPIRED', 'generic'), cancelled: cancelled('nequi') },
  // A lapsed Yappy request reads as pending to the payer (its message), though it can no longer be paid.
  yappy: { approved: ended(1, 'APPROVED', 'approved'), declined: ended(0, 'DECLINED', 'generic'), expired: ended(0, 'EXPIRED', 'pending'), cancelled: cancelled('yappy') },
  clave: { approved: ended(1, 'APPROVED', 'approved'), declined: ended(0, 'DECLINED', 'generic'), cancelled: cancelled('clave') },
  cash: { paid: ended(2, 'PAID', 'approved'), expired: ended(3, 'EXPIRED', 'generic'), cancelled: cancelled('cash') },
  crypto: { paid: ended(1, 'APPROVED', 'approved'), underpaid: ended(0, 'UNDERPAID', 'pending') },
};

export function recordedOutcomeOf<M extends keyof GatewayEnds>(method: M, end: GatewayEnds[M]): RecordedOutcome {
  return RECORDED[method][end];
}

export function recordedCardOutcomeOf(key: CardResultKey): RecordedOutcome {
  return { status: CARD_RESULT_STATUS[key], authStatus: CARD_AUTH_STATUS[key], messageKey: key };
}

/** Any text no other family names is a card. */
export function statusFamilyOf(typeOrMethod: string | null | undefined): StatusFamily {
  const t = (typeOrMethod ?? '').trim().toLowerCase();
  if (t === 'balance' || t === 'pfw' || t === 'wallet') return 'balance';
  if (t === 'crypto' || t === 'clave' || t === 'nequi' || t === 'yappy' || t === 'cash') return t;
  if (t === 'cashpoint' || t === 'cash-point' || t === 'pc') return 'cashPoint';
  if (t === 'paycash' || t === 'pagocash') return 'cash';
  return 'card';
}

export function cardDisplayStatus(status: number): DisplayStatus {
  return displayStatusOf('card', status);
}

export type { OverallResult };

export function overallResultOfDisplay(display: DisplayStatus): OverallResult {
  if (display === 'approved' || display === 'captured' || display === 'completed' || display === 'paid') return 'APPROVED';
  if (display === 'pending') return 'PENDING';
  if (display === 'declined' || display === 'refunded') return 'DECLINED';
  return 'ERROR';
}

