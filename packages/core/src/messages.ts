import { PAYMENT_METHOD_IDS, type PaymentMethodId } from './constants';
import type { SerializedError } from './errors';
import type { PaymentResult } from './notification';

/** Nothing personal: the loader keeps it in the merchant page's own storage. */
export interface RememberedAttempt {
  method: PaymentMethodId;
  codOper: string;
  /** The server's deadline for the wait, ms since the epoch. */
  deadline: number | null;
}

/** A payment whose request has left and whose first answer is on its way: what the merchant API finds it by. */
export interface PaymentInFlight {
  method: PaymentMethodId;
  /** The payment link's code (`linkCode` in the merchant API). */
  link: string;
  /** The attempt's idempotency key (`trackId` in the merchant API): one payment however often it is sent. */
  trackId: string;
}

export type WidgetMessage =
  | { type: 'ready'; version: string }
  | { type: 'result'; result: PaymentResult }
  | { type: 'close' }
  | { type: 'error'; error: SerializedError }
  | { type: 'resize'; height: number }
  /** A null attempt with `codOper` names a payment that ended (a return from a bank or 3DS page knows no link). */
  | { type: 'pending'; attempt: RememberedAttempt | null; merchant?: number | undefined; link?: string | undefined; codOper?: string | undefined }
  | { type: 'contrast'; warnings: string[] }
  /** What the payer is paying, in words ("Pago a Tostadores del Casco: $7.25"): the dialog's and the frame's accessible name. */
  | { type: 'name'; name: string }
  /** Sent as a payment's request leaves: a close meanwhile keeps the checkout alive, out of sight, until `answered`. */
  | { type: 'paying'; payment: PaymentInFlight }
  /** Its first answer came (any result it makes was sent before); `lost`: none can come, the outcome is unknown. */
  | { type: 'answered'; trackId: string; lost: boolean };

export interface LoaderMethods {
  notify(message: WidgetMessage): void;
}
export interface WidgetMethods {
  requestClose(): void;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const COD_OPER = /^[A-Za-z0-9_.:-]{1,64}$/;

/** A link code, an operation code or a trackId: one pattern, so the loader ships one check. */
const isLinkCode = (v: unknown): v is string => typeof v == 'string' && COD_OPER.test(v);
const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isMethod = (v: unknown) => (PAYMENT_METHOD_IDS as readonly unknown[]).includes(v);

export function isRememberedAttempt(a: unknown): a is RememberedAttempt {
  return isRecord(a) && isMethod(a.method) && isLinkCode(a.codOper) && (a.deadline === null || isFiniteNumber(a.deadline));
}

/** Handed to a checkout opened on another link of the same merchant, which offers to go on with it. */
export interface WaitingPayment extends RememberedAttempt {
  merchant: number;
  link: string;
}

export const WAITING_PARAM = 'waiting';

/** Set by the loader when the checkout is the page's modal dialog (not inline): the frame keeps Tab inside. */
export const MODAL_PARAM = 'modal';

const isMerchantId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

export function isWaitingPayment(w: unknown): w is WaitingPayment {
  return isRememberedAttempt(w) && isMerchantId((w as { merchant?: unknown }).merchant) && isLinkCode((w as { link?: unknown }).link);
}

function isPaymentInFlight(p: unknown): p is PaymentInFlight {
  // A trackId has a link code's pattern (core's TRACK_ID_PATTERN), so the loader ships one check.
  return isRecord(p) && isMethod(p.method) && isLinkCode(p.link) && isLinkCode(p.trackId);
}

/** One check for the whole union: the loader ships it. */
export function isWidgetMessage(m: unknown): m is WidgetMessage {
  if (!isRecord(m)) return false;
  switch (m.type) {
    case 'ready':
      return typeof m.version === 'string';
    case 'result': {
      const r = m.result;
      return isRecord(r) && (r.status === 'success' || r.status === 'error') && isMethod(r.method) && isRecord(r.notification);
    }
    case 'close':
      return true;
    case 'error':
      return isRecord(m.error) && typeof m.error.code === 'string';
    case 'resize':
      return isFiniteNumber(m.height) && m.height >= 0;
    case 'pending':
      return (m.attempt === null || isRememberedAttempt(m.attempt)) && (m.merchant === undefined || isMerchantId(m.merchant))
        && (m.link === undefined || isLinkCode(m.link)) && (m.codOper === undefined || isLinkCode(m.codOper));
    case 'name':
      return typeof m.name == 'string' && m.name != '';
    case 'contrast':
      return Array.isArray(m.warnings) && m.warnings.every((warning) => typeof warning == 'string');
    case 'paying':
      return isPaymentInFlight(m.payment);
    case 'answered':
      return isLinkCode(m.trackId) && typeof m.lost === 'boolean';
  }
  return false;
}

/** Empty: it only makes the browser start a renderer for the checkout's origin ahead of open(). */
export const PRELOAD_PATH = '/widget/preload';
