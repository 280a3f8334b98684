import { createStore } from 'zustand/vanilla';
import {
  exceedsMerchantLimit, paymentMethodAvailability, payerMessage, totalWithTax, isPasarelaError,
  type PayerMessage,
} from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { loadMerchant } from '../api/loadMerchant';
import { loadActiveCampaign } from '../api/loadActiveCampaign';
import { loadCheckoutTarget } from '../api/loadCheckoutTarget';
import { loadPaymentMethods } from '../api/loadPaymentMethods';
import { linkEndedPath, type EndedLinkPage } from '../payments/linkEndedPath';
import type { CheckoutType } from '../services/routeTypes';
import type { CheckoutData } from '../payments/checkoutData';

export type CheckoutExtras = typeof import('./checkoutExtras');

/** The link's data, and the extras' chunk when the link needs it (only the checkout's screens show them). */
export interface LoadedCheckout extends CheckoutData {
  extras?: CheckoutExtras | undefined;
}

export type CheckoutState =
  | { status: 'loading' }
  | { status: 'ready'; data: LoadedCheckout }
  /** Shown with the catalogue message; `retry` when trying again can help. */
  /** `target`: the link that failed to load, so its page can name the shop. */
  | { status: 'failed'; message: PayerMessage; retry: boolean; target?: { type: CheckoutType; code: string } }
  /** To the page that explains `failure` (an unknown or expired link), which the shop hears as an error. */
  | { status: 'redirect'; to: string; failure: PayerMessage };

export interface CheckoutDeps {
  api: ApiClient;
  type: CheckoutType;
  code: string;
  imageBase: string;
  now?: () => Date;
  loggedIn?: () => boolean;
}

function failureState(error: unknown, deps: Pick<CheckoutDeps, 'type' | 'code'>): CheckoutState {
  const to = linkEndedPath(error, deps.type, deps.code);
  if (to !== null) return { status: 'redirect', to, failure: payerMessage(error) };
  const network = isPasarelaError(error) && (error.category === 'network' || error.category === 'session');
  const retry = network || !isPasarelaError(error) || (error.status ?? 0) >= 500;
  return { status: 'failed', message: payerMessage(error), retry, target: { type: deps.type, code: deps.code } };
}

export interface CheckoutActions {
  load(): Promise<void>;
  /**
   * Asked when the link's countdown runs out on its form (the payer's clock may be wrong): the server is
   * asked about the link as the checkout was loaded, with its own type (a link opened by its slug, by its
   * slug), and a link it refuses has the page it has when opened (SPEC 8's 3000, the one a Pay would
   * reach); null while the server still takes it.
   */
  endedLinkPage(): Promise<EndedLinkPage | null>;
}

export function createCheckoutStore(deps: CheckoutDeps) {
  let running: Promise<void> | null = null;
  const store = createStore<CheckoutState & CheckoutActions>()((set) => ({
    status: 'loading',
    load() {
      running ??= (async () => {
        set({ status: 'loading' });
        try {
          const { info, subscription, payerAmount } = await loadCheckoutTarget(deps.api, deps.type, deps.code);
          const [merchant, entries, campaign] = await Promise.all([
            loadMerchant(deps.api, info.idMerchant, info.amount, info.serviceCode, deps.imageBase),
            loadPaymentMethods(deps.api, info.idMerchant),
            // A subscription's charges carry no donation.
            subscription ? null : loadActiveCampaign(deps.api, info.idMerchant, deps.now?.() ?? new Date()),
          ]);
          // SPEC 7: a subscription is paid "with card info" through the merchant's link services.
          const methods = subscription
            ? paymentMethodAvailability(entries, 'LK', ['CARD'])
            : paymentMethodAvailability(entries, info.serviceCode, info.cardTypeList);
          if (!merchant.hasPaymentGuest && deps.loggedIn?.() !== true) {
            // SPEC 6: guests pay only where the merchant's guest flag allows it; a wallet user always may.
            set({ status: 'failed', message: { key: 'please_contact_merchant' }, retry: false });
          } else if (methods.enabled.length === 0) {
            set({ status: 'failed', message: { key: 'service_unavailable' }, retry: false });
          } else if (exceedsMerchantLimit(totalWithTax(info.amount, info.taxAmount), merchant.txLimit)) {
            set({ status: 'failed', message: { key: 'amount_exceeds_limit_allowed' }, retry: false });
          } else {
            const needsExtras = subscription !== undefined || payerAmount === true || info.customFields.length + merchant.customFields.length > 0;
            const extras = needsExtras ? await import('./checkoutExtras') : undefined;
            set({ status: 'ready', data: { info, merchant, methods, ...(subscription ? { subscription } : {}), ...(payerAmount ? { payerAmount } : {}), ...(campaign ? { campaign } : {}), ...(extras ? { extras } : {}) } });
          }
        } catch (error) {
          set(failureState(error, deps));
        } finally {
          running = null;
        }
      })();
      return running;
    },
    async endedLinkPage() {
      try {
        await loadCheckoutTarget(deps.api, deps.type, deps.code);
        return null;
      } catch (error) {
        const ended = failureState(error, deps);
        return ended.status === 'redirect' ? ended : null;
      }
    },
  }));
  return store;
}
export type CheckoutStore = ReturnType<typeof createCheckoutStore>;
