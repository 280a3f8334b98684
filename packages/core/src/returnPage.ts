import { isHttpUrl } from './validationKeys';
import type { ParentNotification } from './notification';
import { receiptDisplayStatus, type ReceiptStatusFacts } from './receipt';
import { overallResultOfDisplay, type OverallResult } from './status';

// SPEC 2 "/pf/tx-result Transaction result", "/pf/returnpage Return page"; SPEC 3 notification
// "isReturn, returnUrl"; SPEC 5 "A URL is valid only with http or https."

/**
 * The overall result of a finished operation, read from its receipt with the method's status table
 * (SPEC 4) and its auth status (a declined Yappy or Nequi, a cancelled crypto payment): core's
 * paymentDisplayStatus, as on the receipt.
 */
export function receiptOverallResult(receipt: ReceiptStatusFacts): OverallResult {
  return overallResultOfDisplay(receiptDisplayStatus(receipt));
}

/**
 * Where the return page sends the payer: the merchant's returnUrlString with the operation and its
 * result added (Oper, Estado), only when the notification says isReturn and the URL is http(s).
 * Otherwise null: the payer stays on the page.
 */
export function returnAddress(notification: Pick<ParentNotification, 'isReturn' | 'returnUrl' | 'Oper' | 'Estado'>): string | null {
  if (!notification.isReturn || !isHttpUrl(notification.returnUrl)) return null;
  const url = new URL(notification.returnUrl);
  url.searchParams.set('Oper', notification.Oper);
  url.searchParams.set('Estado', notification.Estado);
  return url.toString();
}
