import type { RouteOf } from '../../services/routeTypes';
import type { ScreenModule } from '../../services/screen';
import { createValidateTxStore } from './store';
import { ValidateTxScreen } from './ValidateTxScreen';

export const validateTxModule: ScreenModule<RouteOf<'validateTx'>> = {
  prepare(route, services) {
    const store = createValidateTxStore(services.api, route.code);
    return { ready: store.getState().load(), View: () => <ValidateTxScreen store={store} /> };
  },
};
