import { CheckoutRoute } from './CheckoutRoute';
import { createCheckoutStore } from './checkoutStore';
import type { RouteOf } from '../kernel/routeTypes';
import type { ScreenModule } from '../kernel/screen';

/** The checkout: payment info, merchant and methods load (behind the splash at start), then the form. */
export const checkoutModule: ScreenModule<RouteOf<'checkout'>> = {
  prepare(route, services) {
    const store = createCheckoutStore({ api: services.api, type: route.type, code: route.code, imageBase: services.config.imageBase, now: services.now, loggedIn: () => services.session.getState().login !== null });
    return { ready: store.getState().load(), View: () => <CheckoutRoute store={store} firstMethod={route.method} /> };
  },
};
