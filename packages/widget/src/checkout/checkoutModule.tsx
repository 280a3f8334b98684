import { CheckoutRoute } from './CheckoutRoute';
import { createCheckoutStore } from './checkoutStore';
import type { RouteOf } from '../services/routeTypes';
import type { ScreenModule } from '../services/screen';
import { hasWaitingAttempt } from '../payments/paymentContext';
import { PENDING_PARAM } from '../payments/pendingAddress';

/** The checkout: payment info, merchant and methods load (behind the splash at start), then the form. */
export const checkoutModule: ScreenModule<RouteOf<'checkout'>> = {
  prepare(route, services) {
    const store = createCheckoutStore({ api: services.api, type: route.type, code: route.code, imageBase: services.config.imageBase, now: services.now, loggedIn: () => services.session.getState().login !== null });
    // Beneath the splash only the plain form of a loaded link: no failure or redirect to report, no
    // refused challenge (`?error=`) to focus, no amount to ask for, no payment waiting in the tab.
    const quietUnderSplash = () => {
      const state = store.getState();
      return state.status === 'ready' && !state.data.payerAmount && !services.address().searchParams.has('error') && !hasWaitingAttempt(services.storage.session)
        && !services.address().searchParams.has(PENDING_PARAM);
    };
    return { ready: store.getState().load(), View: () => <CheckoutRoute store={store} firstMethod={route.method} />, quietUnderSplash };
  },
};
