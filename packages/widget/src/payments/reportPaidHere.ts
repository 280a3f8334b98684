import { buildPaymentResult, type WaitingPayment } from '@pasarela/core';
import { loadReceipt } from '../api/loadReceipt';
import { RECEIPT_PATH } from '../services/route';
import type { Services } from '../services/services';

/**
 * This order's payment, waited on from another browser, was approved: the shop in this one hears the
 * result as the browser that paid does (its Tipo as that one says it, from the receipt), then the receipt shows.
 */
export async function reportPaidHere(services: Services, payment: WaitingPayment, total: number, returnUrl: string): Promise<void> {
  const receipt = await loadReceipt(services.api, payment.codOper).catch(() => null);
  const type = receipt ? receipt.network || receipt.cardType || receipt.typeMethod || '' : payment.method.toUpperCase();
  const result = buildPaymentResult(payment.method, {
    result: 'APPROVED', totalPaid: receipt?.totalPay ?? total, at: services.now(), type, codOper: payment.codOper, user: receipt?.email ?? '', returnUrl,
  });
  services.bridge.notify({ type: 'result', result });
  services.navigate(RECEIPT_PATH + encodeURIComponent(payment.codOper));
}
