import type { RouteOf } from '../../services/routeTypes';
import type { ScreenModule } from '../../services/screen';
import { clearSession } from '../../services/session';
import { returnFromAddress, takeReturn } from '../../payments/leaveAndReturn';
import { loadReceipts } from '../../receipts/loadReceipts';
import { ClaveReturnScreen } from './ClaveReturnScreen';
import { createClaveReturnStore } from './returnStore';

/** SPEC 2 /pf/widget/returnclave and /pf/widget/returnclavesdk: where the bank sends the payer back. */
export const claveReturnModule: ScreenModule<RouteOf<'claveReturn'>> = {
  prepare(route, services) {
    const store = createClaveReturnStore({
      api: services.api,
      codOper: route.codOper,
      pending: takeReturn(services.storage.session, 'clave') ?? returnFromAddress(new URL(location.href)),
      report: (result) => services.bridge.notify({ type: 'result', result }),
      onSuccess: () => clearSession(services.storage.local),
      now: services.now,
    });
    // The receipt comes next: fetch its screens while the payment is checked.
    void loadReceipts().catch(() => undefined);
    return { ready: store.getState().load(), View: () => <ClaveReturnScreen store={store} /> };
  },
};
