import type { RouteOf } from '../../services/routeTypes';
import type { ScreenModule } from '../../services/screen';
import { clearSession } from '../../services/session';
import { closedOutside, returnFromAddress, takeReturn } from '../../payments/leaveAndReturn';
import type { ReceiptsChunk } from '../../receipts/loadReceipts';
import { forgetReturnedPayment } from '../../payments/afterReturn';
import { ClaveReturnScreen } from './ClaveReturnScreen';
import { createClaveReturnStore, firstRead } from './returnStore';

/** The receipt it leads to loads with this chunk, so the server renders it into the return's page. */
export function claveReturnModule(receipts: ReceiptsChunk): ScreenModule<RouteOf<'claveReturn'>> {
  return {
    prepare(route, services) {
      const store = createClaveReturnStore({
        api: services.api,
        codOper: route.codOper,
        pending: takeReturn(services.storage.session, 'clave') ?? returnFromAddress(services.address()),
        report: (result) => {
          services.bridge.notify({ type: 'result', result });
          // Reported here: neither the loader (a reopen) nor this tab follows the payment any longer.
          forgetReturnedPayment(services, 'clave', route.codOper);
          // The payer closed the bank's page (its X or Escape): told, the checkout closes.
          if (closedOutside(services.address())) services.bridge.notify({ type: 'close' });
        },
        onSuccess: () => clearSession(services.storage.local),
        now: services.now,
      });
      // A receipt wears the merchant's stored brand colour, as its checkout did.
      let painted = Promise.resolve();
      store.subscribe((state) => {
        if (state.status === 'receipt') painted = services.theme.setBrandColour(state.receipt.merchant?.brand?.colorPrimary);
      });
      store.subscribe((state) => {
        if (state.status === 'checking' && state.receipt) painted = services.theme.setBrandColour(state.receipt.merchant?.brand?.colorPrimary);
      });
      return { ready: firstRead(store).then(() => painted), View: () => <ClaveReturnScreen store={store} receipts={receipts} /> };
    },
  };
}
