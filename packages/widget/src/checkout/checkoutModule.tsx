import { CheckoutRoute } from './CheckoutRoute';
import { createCheckoutStore } from './checkoutStore';
import type { RouteOf } from '../services/routeTypes';
import type { ScreenModule } from '../services/screen';
import { hasWaitingAttempt } from '../payments/paymentContext';
import { PENDING_PARAM, pendingFromAddress } from '../payments/pendingAddress';
import { METHOD_MODULES } from '../methods';
import { WAITING_PARAM } from '@pasarela/core';
import { loadWaitingElsewhere, type Elsewhere } from '../payments/loadWaitingElsewhere';

/** The checkout: payment info, merchant and methods load (behind the splash at start), then the form. */
export const checkoutModule: ScreenModule<RouteOf<'checkout'>> = {
  prepare(route, services) {
    const store = createCheckoutStore({ api: services.api, type: route.type, code: route.code, imageBase: services.config.imageBase, now: services.now, loggedIn: () => services.session.getState().login !== null });
    // The merchant's stored brand colour is the default look (open()'s appearance overrides it), on
    // before the form shows, and again after a retry loads the merchant.
    let painted = Promise.resolve();
    store.subscribe((state) => {
      if (state.status === 'ready') painted = services.theme.setBrandColour(state.data.merchant.brand?.colorPrimary);
    });
    // Beneath the splash only the plain form of a loaded link: no failure or redirect to report, no
    // refused challenge (`?error=`) to focus, no amount to ask for, no payment waiting in the tab.
    const quietUnderSplash = () => {
      const state = store.getState();
      return state.status === 'ready' && !state.data.payerAmount && !services.address().searchParams.has('error') && !hasWaitingAttempt(services.storage.session)
        && !services.address().searchParams.has(PENDING_PARAM) && !services.address().searchParams.has(WAITING_PARAM) && elsewhere === null;
    };
    // A payment left waiting (a card's 3DS challenge: Back from the bank's page, a refused challenge
    // back on its form) is what its method shows first: that wait comes with the data, not after the form.
    const pendingMethod = pendingFromAddress(services.address())?.method;
    const waitingMethod = METHOD_MODULES.find((m) => m.loadWaiting && (pendingMethod === m.id || hasWaitingAttempt(services.storage.session, m.id)));
    const challenge = waitingMethod?.loadWaiting?.().catch(() => undefined);
    const loaded = store.getState().load();
    // A payment of this shop the loader remembers on another link, or this order's own left waiting
    // in any browser: asked before the first screen, so the payer sees what waits before any form
    // (payments/WaitingElsewhere).
    let elsewhere: Elsewhere | null = null;
    const waiting = loadWaitingElsewhere(services, loaded.then(() => store.getState())).then((found) => void (elsewhere = found));
    const ready = Promise.all([loaded.then(() => painted), challenge, waiting]).then(() => undefined);
    return { ready, View: () => <CheckoutRoute store={store} firstMethod={route.method} elsewhere={elsewhere} />, quietUnderSplash };
  },
};
