import { isHttpUrl } from './validationKeys';
import type { ParentNotification } from './notification';
import { receiptDisplayStatus, type ReceiptStatusFacts } from './receipt';
import { overallResultOfDisplay, type OverallResult } from './status';

export function receiptOverallResult(receipt: ReceiptStatusFacts): OverallResult {
  return overallResultOfDisplay(receiptDisplayStatus(receipt));
}

/** Only when the notification says isReturn and the URL is http(s); otherwise the payer stays. */
export function returnAddress(notification: Pick<ParentNotification, 'isReturn' | 'returnUrl' | 'Oper' | 'Estado'>): string | null {
  if (!notification.isReturn || !isHttpUrl(notification.returnUrl)) return null;
  const url = new URL(notification.returnUrl);
  url.searchParams.set('Oper', notification.Oper);
  url.searchParams.set('Estado', notification.Estado);
  return url.toString();
}
