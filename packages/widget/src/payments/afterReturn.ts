import { buildPaymentResult, returnedPaymentResult, type PaymentMethodId, type PaymentResult, type Receipt } from '@pasarela/core';
import type { PendingReturn } from './leaveAndReturn';
import { FORM_ENTRY_PARAM } from '../methods/card/threeDsReturn';

// Back from a payment finished outside (leaveAndReturn.ts): what the return screens (receipt,
// Clave's return) make of it. Apart from leaveAndReturn, whose leaving half the card form needs at
// once: these load with the return screens.

/** The form's address after a refusal: the catalogue code and the method to show (CheckoutRoute reads both). */
export function formAfterRefusal(formPath: string, code: string, method: PaymentMethodId): string {
  const back = new URL(formPath, 'https://checkout.invalid');
  back.searchParams.set('error', code);
  back.searchParams.set('method', method);
  return back.pathname + back.search;
}

/** SPEC 3 "Notification to the parent on result" for a payment finished outside, from its receipt. */
export function resultAfterReturn(method: PaymentMethodId, receipt: Receipt, pending: PendingReturn, at: Date): PaymentResult {
  return buildPaymentResult(method, {
    result: returnedPaymentResult(method, receipt),
    totalPaid: receipt.totalPay ?? 0,
    at,
    type: receipt.cardType || receipt.typeMethod || '',
    codOper: receipt.codOper,
    user: pending.email || (receipt.email ?? ''),
    reason: receipt.messageSys,
    returnUrl: pending.returnUrl,
  });
}

/**
 * How far back the form's own history entry is from this return (a negative step for history.go),
 * or null when the address does not say or it is not behind. That entry keeps what was typed and
 * names the payment, which it follows to its end.
 */
export function stepsBackToForm(url: URL, length: number): number | null {
  const entries = Number(url.searchParams.get(FORM_ENTRY_PARAM));
  return Number.isInteger(entries) && entries > 0 && entries < length ? entries - length : null;
}
