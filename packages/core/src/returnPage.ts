import { isHttpUrl } from './validationKeys';
import type { ParentNotification } from './notification';
import { displayStatusOf, overallResultOfDisplay, statusFamilyOf, type OverallResult } from './status';

// SPEC 2 "/pf/tx-result Transaction result", "/pf/returnpage Return page"; SPEC 3 notification
// "isReturn, returnUrl"; SPEC 5 "A URL is valid only with http or https."

/** The overall result of a finished operation, read from its receipt with the method's status table (SPEC 4). */
export function receiptOverallResult(receipt: { status: number; typeMethod?: string | null | undefined; cardType?: string | null | undefined }): OverallResult {
  const family = statusFamilyOf(receipt.typeMethod || receipt.cardType);
  return overallResultOfDisplay(displayStatusOf(family, receipt.status));
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
