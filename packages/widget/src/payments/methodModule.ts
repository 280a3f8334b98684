import type { ComponentType } from 'react';
import type { CatalogKey, MethodAvailability, PaymentMethodId } from '@pasarela/core';
import type { PaymentContext } from './paymentContext';
import { laterStyles } from '../services/laterStyles';
import { wholeTexts } from '../i18n/i18n';

export interface MethodScreenProps {
  payment: PaymentContext;
}

/** Small, so the checkout can list and filter the methods and load only the one the payer picks. */
export interface MethodModule {
  id: PaymentMethodId;
  labelKey: CatalogKey;
  isAvailable(methods: MethodAvailability): boolean;
  loadScreen(): Promise<ComponentType<MethodScreenProps>>;
  screen?: ComponentType<MethodScreenProps>;
  loadWaiting?(): Promise<unknown>;
}

/** Fetched once, and again after a failure; with the later style sheet and the whole catalogue. */
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
