import type { RouteOf } from '../services/routeTypes';
import type { ScreenModule } from '../services/screen';
import { ReceiptRoute } from './ReceiptRoute';
import { createReceiptStore } from './receiptStore';

/** SPEC 2 /pf/default-receipt/{codOper} and /{slug}/receive: the receipt loader keyed by codOper. */
export const receiptModule: ScreenModule<RouteOf<'receipt'>> = {
  prepare(route, services) {
    const store = createReceiptStore(services.api, route.codOper);
    return { ready: store.getState().load(), View: () => <ReceiptRoute store={store} /> };
  },
};
