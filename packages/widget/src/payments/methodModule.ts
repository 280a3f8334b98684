import type { ComponentType } from 'react';
import type { CatalogKey, MethodAvailability, PaymentMethodId } from '@pasarela/core';
import type { PaymentContext } from './paymentContext';
import { laterStyles } from '../services/laterStyles';
import { wholeTexts } from '../i18n/i18n';

export interface MethodScreenProps {
  payment: PaymentContext;
}

/**
 * The shape every folder under methods/ exports from its index.ts: small, so the checkout can list
 * the methods, filter them with core's availability rules and load only the one the payer picks.
 */
export interface MethodModule {
  id: PaymentMethodId;
  /** Catalogue key of the method's name in the method choice. */
  labelKey: CatalogKey;
  /** Through core's paymentMethodAvailability (SPEC 3, SPEC 4 "Method filtering"). */
  isAvailable(methods: MethodAvailability): boolean;
  /** The method's screen, in a chunk of its own (the card's is in the first load). */
  loadScreen(): Promise<ComponentType<MethodScreenProps>>;
  /** The screen itself when it ships in the first load: shown in the same render as the checkout. */
  screen?: ComponentType<MethodScreenProps>;
  /**
   * What a payment of this method left waiting shows first (the card's 3DS wait): the checkout
   * fetches it with its data when the address or the tab names such a payment.
   */
  loadWaiting?(): Promise<unknown>;
}

/**
 * A lazily imported chunk, fetched once and fetched again after a failure; with the later style
 * sheet (services/laterStyles.ts), which the method screens outside the first load are styled by,
 * and the whole catalogue (the page's first-screen texts are only the card form's).
 */
export function lazyScreen(load: () => Promise<ComponentType<MethodScreenProps>>): () => Promise<ComponentType<MethodScreenProps>> {
  let loading: Promise<ComponentType<MethodScreenProps>> | null = null;
  return () => {
    loading ??= Promise.all([load(), laterStyles(), wholeTexts()]).then(([screen]) => screen).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
