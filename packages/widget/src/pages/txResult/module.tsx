import type { RouteOf } from '../../services/routeTypes';
import type { ScreenModule } from '../../services/screen';
import { ReturnPageScreen } from './ReturnPageScreen';
import { createTxResultStore } from './store';
import { TxResultScreen } from './TxResultScreen';

/** SPEC 2 /pf/tx-result?Oper={codOper}: the transaction result. */
export const txResultModule: ScreenModule<RouteOf<'txResult'>> = {
  prepare(route, services) {
    const store = createTxResultStore(services.api, route.codOper, services.now);
    return { ready: store.getState().load(), View: () => <TxResultScreen store={store} /> };
  },
};

/** SPEC 2 /pf/returnpage?Oper={codOper}: the result, then back to the merchant's returnUrlString. */
export const returnPageModule: ScreenModule<RouteOf<'returnPage'>> = {
  prepare(route, services) {
    const store = createTxResultStore(services.api, route.codOper, services.now);
    return { ready: store.getState().load(), View: () => <ReturnPageScreen store={store} /> };
  },
};
