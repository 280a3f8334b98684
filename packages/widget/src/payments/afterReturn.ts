import { buildPaymentResult, returnedPaymentResult, returnRefusalKey, type PaymentMethodId, type PaymentResult, type Receipt } from '@pasarela/core';
import type { PendingReturn } from '../services/tabMemory';
import { ATTEMPT_MEMORY_PREFIX } from './paymentContext';
import type { Services } from '../services/services';
import { FORM_ENTRY_PARAM } from './challengeReturn';

// Apart from leaveAndReturn, whose leaving half the card form needs at once.

export function formAfterRefusal(formPath: string, code: string, method: PaymentMethodId): string {
  const back = new URL(formPath, 'https://checkout.invalid');
  back.searchParams.set('error', code);
  back.searchParams.set('method', method);
  return back.pathname + back.search;
}

/**
 * Left on the issuer's or the bank's page without an answer (a 3DS challenge or a Clave page the payer
 * cancelled) is the payer's cancel: the shop hears `reason.key` payment_cancelled, never the bank's
 * refusal; its words are the receipt's, in the payer's language (a return reports before the whole
 * catalogue is loaded).
 */
export function resultAfterReturn(method: PaymentMethodId, receipt: Receipt, pending: PendingReturn, at: Date): PaymentResult {
  const result = buildPaymentResult(method, {
    result: returnedPaymentResult(method, receipt),
    totalPaid: receipt.totalPay ?? 0,
    at,
    type: receipt.cardType || receipt.typeMethod || '',
    codOper: receipt.codOper,
    user: pending.email || (receipt.email ?? ''),
    reason: receipt.messageSys,
    returnUrl: pending.returnUrl,
  });
  const refusal = returnRefusalKey(receipt);
  return result.status === 'error' && refusal === 'payment_cancelled' ? { ...result, reason: { key: refusal, text: receipt.messageSys } } : result;
}

/** That entry keeps what was typed and names the payment, which it follows to its end. */
export function stepsBackToForm(url: URL, length: number): number | null {
  const entries = Number(url.searchParams.get(FORM_ENTRY_PARAM));
  return Number.isInteger(entries) && entries > 0 && entries < length ? entries - length : null;
}

/** The return knows no link code: the loader is told the operation and forgets it wherever it keeps it. */
export function forgetReturnedPayment(services: Pick<Services, 'bridge' | 'storage'>, method: PaymentMethodId, codOper: string): void {
  services.bridge.notify({ type: 'pending', attempt: null, ...(codOper ? { codOper } : {}) });
  const session = services.storage.session;
  try {
    for (const key of Object.keys(session ?? {})) if (key.startsWith(`${ATTEMPT_MEMORY_PREFIX}${method}.`)) session?.removeItem(key);
  } catch {
  }
}
