import { useCallback } from 'react';
import { buildPaymentResult, displayStatusOf, overallResultOfDisplay, statusFamilyOf, type Receipt } from '@pasarela/core';
import { useServices } from '../app/services';
import { clearSession } from '../app/session';
import { takeChallenge } from '../methods/card/threeDsReturn';
import { ReceiptScreen } from './ReceiptScreen';
import type { ReceiptStore } from './receiptStore';

/**
 * The receipt page. Arriving back from a 3DS challenge, it is also where that attempt finishes:
 * the merchant page hears the result, and a refused challenge returns to the form.
 */
export function ReceiptRoute({ store }: { store: ReceiptStore }) {
  const services = useServices();
  const onLoaded = useCallback(
    (receipt: Receipt) => {
      const pending = takeChallenge(services.storage.session);
      if (!pending) return;
      const overall = overallResultOfDisplay(displayStatusOf(statusFamilyOf(receipt.cardType || 'card'), receipt.status));
      const result = buildPaymentResult('card', {
        result: overall,
        totalPaid: receipt.totalPay ?? 0,
        at: services.now(),
        type: receipt.cardType ?? '',
        codOper: receipt.codOper,
        user: pending.email,
        reason: receipt.messageSys,
        returnUrl: pending.returnUrl,
      });
      services.bridge.notify({ type: 'result', result });
      if (result.status === 'success') {
        clearSession(services.storage.local);
        return;
      }
      const back = new URL(pending.formPath, location.origin);
      back.searchParams.set('error', 'payment_declined');
      services.navigate(back.pathname + back.search);
    },
    [services],
  );
  return <ReceiptScreen store={store} onLoaded={onLoaded} />;
}
