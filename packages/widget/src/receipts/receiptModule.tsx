import type { RouteOf } from '../services/routeTypes';
import type { ScreenModule } from '../services/screen';
import { ReceiptRoute } from './ReceiptRoute';
import { createReceiptStore } from './receiptStore';

/** SPEC 2 /pf/default-receipt/{codOper} and /{slug}/receive: the receipt loader keyed by codOper. */
export const receiptModule: ScreenModule<RouteOf<'receipt'>> = {
  prepare(route, services) {
    const store = createReceiptStore(services.api, route.codOper);
    // A receipt wears the merchant's stored brand colour, as its checkout did.
    let painted = Promise.resolve();
    store.subscribe((state) => {
      if (state.status === 'ready') painted = services.theme.setBrandColour(state.receipt.merchant?.brand?.colorPrimary);
    });
    return { ready: store.getState().load().then(() => painted), View: () => <ReceiptRoute store={store} /> };
  },
};
