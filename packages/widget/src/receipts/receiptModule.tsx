import type { RouteOf } from '../services/routeTypes';
import type { ScreenModule } from '../services/screen';
import { ReceiptRoute } from './ReceiptRoute';
import { createReceiptStore } from './receiptStore';
import { takePaidReceipt } from './paidReceipt';

export const receiptModule: ScreenModule<RouteOf<'receipt'>> = {
  prepare(route, services) {
    // Straight after an approved card payment its answer's receipt is shown: no GET.
    const paid = takePaidReceipt(route.codOper);
    const store = createReceiptStore(services.api, route.codOper, paid);
    // A receipt wears the merchant's stored brand colour, as its checkout did.
    let painted = paid ? services.theme.setBrandColour(paid.merchant?.brand?.colorPrimary) : Promise.resolve();
    store.subscribe((state) => {
      if (state.status === 'ready') painted = services.theme.setBrandColour(state.receipt.merchant?.brand?.colorPrimary);
    });
    const loaded = paid ? Promise.resolve() : store.getState().load();
    return { ready: loaded.then(() => painted), View: () => <ReceiptRoute store={store} /> };
  },
};
