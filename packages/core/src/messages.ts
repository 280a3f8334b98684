import { PAYMENT_METHOD_IDS, type PaymentMethodId } from './constants';
import type { SerializedError } from './errors';
import type { PaymentResult } from './notification';

/**
 * A payment the payer left waiting (a push, a voucher, a bank page): what the checkout needs to
 * follow it again, nothing personal. The loader keeps it in the merchant page's own storage and
 * hands it back to the checkout (`?pending=` as JSON) when the same payment is opened again.
 */
export interface RememberedAttempt {
  method: PaymentMethodId;
  codOper: string;
  /** The server's deadline for the wait (ms since the epoch), when the method has one. */
  deadline: number | null;
}

/** Every message the widget sends to the loader: one union with a literal `type`. */
export type WidgetMessage =
  | { type: 'ready'; version: string }
  | { type: 'result'; result: PaymentResult }
  | { type: 'close' }
  | { type: 'error'; error: SerializedError }
  | { type: 'resize'; height: number }
  /**
   * A payment is waiting (`attempt`) or no longer (null): the loader remembers it for a reopen, and
   * by its merchant (idMerchant) and link code for a checkout opened on another link of that merchant.
   * A null attempt with `codOper` names the payment that ended (a return from the bank's or 3DS page,
   * which knows no link code): the loader forgets it wherever it keeps it, and nothing else.
   */
  | { type: 'pending'; attempt: RememberedAttempt | null; merchant?: number | undefined; link?: string | undefined; codOper?: string | undefined }
  /** Colours of the merchant's appearance moved to keep WCAG AA contrast (core contrastWarning's words): the loader warns once each. */
  | { type: 'contrast'; warnings: string[] };

/** The methods each side exposes over penpal. */
export interface LoaderMethods {
  /** The widget reports an event to the merchant page. */
  notify(message: WidgetMessage): void;
}
export interface WidgetMethods {
  /** The merchant page asks the checkout to close (Escape, handle.close()). */
  requestClose(): void;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A codOper as the checkout's addresses carry it. */
const COD_OPER = /^[A-Za-z0-9_.:-]{1,64}$/;

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isMethod = (v: unknown) => (PAYMENT_METHOD_IDS as readonly unknown[]).includes(v);

export function isRememberedAttempt(a: unknown): a is RememberedAttempt {
  return isRecord(a) && isMethod(a.method) && typeof a.codOper === 'string' && COD_OPER.test(a.codOper)
    && (a.deadline === null || isFiniteNumber(a.deadline));
}

/**
 * A payment waiting on a link of a merchant, as the loader hands the ones it keeps to a checkout it
 * opens on another target (`?waiting=` as a JSON list): the checkout of a link of that merchant asks
 * the server where it stands and offers to go on with it, call it off, or pay another way.
 */
export interface WaitingPayment extends RememberedAttempt {
  merchant: number;
  /** The code of the link it pays (type lk). */
  link: string;
}

/** The checkout's parameter that carries the loader's WaitingPayment list. */
export const WAITING_PARAM = 'waiting';

const isMerchantId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isLinkCode = (v: unknown): v is string => typeof v == 'string' && COD_OPER.test(v);

export function isWaitingPayment(w: unknown): w is WaitingPayment {
  return isRememberedAttempt(w) && isMerchantId((w as { merchant?: unknown }).merchant) && isLinkCode((w as { link?: unknown }).link);
}

/** One check for the whole union (the loader ships it): the shape each `type` carries. */
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
        && (m.link === undefined || isLinkCode(m.link)) && (m.codOper === undefined || (typeof m.codOper === 'string' && COD_OPER.test(m.codOper)));
    case 'contrast':
      return Array.isArray(m.warnings) && m.warnings.every((warning) => typeof warning == 'string');
  }
  return false;
}

/**
 * The page Checkout.preload() shows in a hidden frame on the shop's page, under the checkout's base
 * URL: empty; it only makes the browser start a renderer for the checkout's origin ahead of open().
 */
export const PRELOAD_PATH = '/widget/preload';
