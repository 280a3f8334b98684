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
  /** A payment is waiting (`attempt`) or no longer (null): the loader remembers it for a reopen. */
  | { type: 'pending'; attempt: RememberedAttempt | null };

export type WidgetMessageType = WidgetMessage['type'];

/** The methods each side exposes over penpal. */
export interface LoaderMethods {
  /** The widget reports an event to the merchant page. */
  notify(message: WidgetMessage): void;
}
export interface WidgetMethods {
  /** The merchant page asks the checkout to close (Escape, handle.close()). */
  requestClose(): void;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isReadyMessage(m: unknown): m is Extract<WidgetMessage, { type: 'ready' }> {
  return isRecord(m) && m.type === 'ready' && typeof m.version === 'string';
}

export function isResultMessage(m: unknown): m is Extract<WidgetMessage, { type: 'result' }> {
  if (!isRecord(m) || m.type !== 'result' || !isRecord(m.result)) return false;
  const r = m.result;
  return (
    (r.status === 'success' || r.status === 'error') &&
    (PAYMENT_METHOD_IDS as readonly unknown[]).includes(r.method) &&
    isRecord(r.notification)
  );
}

export function isCloseMessage(m: unknown): m is Extract<WidgetMessage, { type: 'close' }> {
  return isRecord(m) && m.type === 'close';
}

export function isErrorMessage(m: unknown): m is Extract<WidgetMessage, { type: 'error' }> {
  return isRecord(m) && m.type === 'error' && isRecord(m.error) && typeof m.error.code === 'string';
}

export function isResizeMessage(m: unknown): m is Extract<WidgetMessage, { type: 'resize' }> {
  return isRecord(m) && m.type === 'resize' && typeof m.height === 'number' && Number.isFinite(m.height) && m.height >= 0;
}

/** A codOper as the checkout's addresses carry it. */
const COD_OPER = /^[A-Za-z0-9_.:-]{1,64}$/;

export function isRememberedAttempt(a: unknown): a is RememberedAttempt {
  return isRecord(a) && (PAYMENT_METHOD_IDS as readonly unknown[]).includes(a.method) && typeof a.codOper === 'string' && COD_OPER.test(a.codOper)
    && (a.deadline === null || (typeof a.deadline === 'number' && Number.isFinite(a.deadline)));
}

export function isPendingMessage(m: unknown): m is Extract<WidgetMessage, { type: 'pending' }> {
  return isRecord(m) && m.type === 'pending' && (m.attempt === null || isRememberedAttempt(m.attempt));
}

export function isWidgetMessage(m: unknown): m is WidgetMessage {
  return isReadyMessage(m) || isResultMessage(m) || isCloseMessage(m) || isErrorMessage(m) || isResizeMessage(m) || isPendingMessage(m);
}

/**
 * The page Checkout.preload() shows in a hidden frame on the shop's page, under the checkout's base
 * URL: empty; it only makes the browser start a renderer for the checkout's origin ahead of open().
 */
export const PRELOAD_PATH = '/widget/preload';
