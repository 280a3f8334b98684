import { CheckoutRoute } from './CheckoutRoute';
import { createCheckoutStore } from './checkoutStore';
import type { RouteOf } from '../services/routeTypes';
import type { ScreenModule } from '../services/screen';
import { hasWaitingAttempt } from '../payments/paymentContext';
import { PENDING_PARAM, pendingFromAddress } from '../payments/pendingAddress';
import { METHOD_MODULES } from '../methods';
import { WAITING_PARAM } from '@pasarela/core';
import type { ChallengeAnswer } from '../payments/paymentContext';
import { loadWaitingElsewhere, type Elsewhere } from '../payments/loadWaitingElsewhere';

export const checkoutModule: ScreenModule<RouteOf<'checkout'>> = {
  prepare(route, services) {
    const store = createCheckoutStore({ api: services.api, type: route.type, code: route.code, imageBase: services.config.imageBase, now: services.now, loggedIn: () => services.session.getState().login !== null });
    // The stored brand colour is the default look, on before the form shows (open()'s appearance overrides it).
    let painted = Promise.resolve();
    store.subscribe((state) => {
      if (state.status === 'ready') painted = services.theme.setBrandColour(state.data.merchant.brand?.colorPrimary);
    });
    // Beneath the splash only a loaded link's plain form: nothing to report, focus or ask for first.
    const quietUnderSplash = () => {
      const state = store.getState();
      return state.status === 'ready' && !state.data.payerAmount && !services.address().searchParams.has('error') && !hasWaitingAttempt(services.storage.session)
        && !services.address().searchParams.has(PENDING_PARAM) && !services.address().searchParams.has(WAITING_PARAM) && elsewhere === null;
    };
    // A payment left waiting is what its method shows first: that wait comes with the data, not after the form.
    const pending = pendingFromAddress(services.address());
    const waitingMethod = METHOD_MODULES.find((m) => m.loadWaiting && (pending?.method === m.id || hasWaitingAttempt(services.storage.session, m.id)));
    // A card the address names at its challenge: how it stands, read with the page (its receipt is among
    // the page's answers). Failed, the first screen is the form with the bank's reason, which the server
    // draws too, and the wait's chunk is not needed.
    const atChallenge: Promise<ChallengeAnswer | null> = pending?.method === 'card'
      ? import('../payments/challengeAnswer').then((m) => m.readChallengeAnswer(services.api, pending.codOper)).catch(() => null)
      : Promise.resolve(null);
    let challengeAnswer: ChallengeAnswer | null = null;
    const challenge = atChallenge.then((answer) => {
      challengeAnswer = answer;
      return answer?.refusal ? undefined : waitingMethod?.loadWaiting?.();
    }).catch(() => undefined);
    const loaded = store.getState().load();
    // Asked before the first screen, so the payer sees what waits before any form.
    let elsewhere: Elsewhere | null = null;
    const linkData = loaded.then(() => {
      const state = store.getState();
      return state.status === 'ready' ? state.data : null;
    });
    const waiting = loadWaitingElsewhere(services, linkData).then((found) => void (elsewhere = found));
    const ready = Promise.all([loaded.then(() => painted), challenge, waiting]).then(() => undefined);
    // With a payment the address names, the first screen is the server's only when that is the form with the reason.
    const asServer = () => pending === null || !!challengeAnswer?.refusal;
    return { ready, View: () => <CheckoutRoute store={store} firstMethod={route.method} elsewhere={elsewhere} challengeAnswer={challengeAnswer} />, quietUnderSplash, asServer };
  },
};
