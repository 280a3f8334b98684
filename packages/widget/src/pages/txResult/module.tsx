import type { RouteOf } from '../../services/routeTypes';
import type { ScreenModule } from '../../services/screen';
import { ReturnPageScreen } from './ReturnPageScreen';
import { createTxResultStore } from './store';
import { TxResultScreen } from './TxResultScreen';

export const txResultModule: ScreenModule<RouteOf<'txResult'>> = {
  prepare(route, services) {
    const store = createTxResultStore(services.api, route.codOper, services.now);
    return { ready: store.getState().load(), View: () => <TxResultScreen store={store} /> };
  },
};

export const returnPageModule: ScreenModule<RouteOf<'returnPage'>> = {
  prepare(route, services) {
    const store = createTxResultStore(services.api, route.codOper, services.now);
    return { ready: store.getState().load(), View: () => <ReturnPageScreen store={store} /> };
  },
};
