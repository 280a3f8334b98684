import { createContext, useContext } from 'react';
import type { Language, WidgetMessage } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { WidgetConfig } from './config';
import type { SessionStore } from './session';

/** The way to the merchant's page (embed/parentBridge.ts makes it). */
export interface ParentBridge {
  readonly embedded: boolean;
  notify(message: WidgetMessage): void;
  onCloseRequested(listener: () => void): void;
  /** Returning true keeps the checkout open (a payment is pending and the payer is asked first). */
  guardClose?(interceptor: (() => boolean) | null): void;
}

/** The merchant's brand colour on the page (theme/startTheme.ts); open()'s appearance overrides it. */
export interface BrandColour {
  setBrandColour(colour: string | undefined): Promise<void>;
}

export interface Services {
  config: WidgetConfig;
  api: ApiClient;
  lang: Language;
  bridge: ParentBridge;
  navigate: (path: string, options?: { shown?: boolean; back?: string }) => void;
  address: () => URL;
  referrer: string;
  leave: (url: string) => void;
  storage: { local: Storage | null; session: Storage | null };
  now: () => Date;
  serverNow: () => number;
  newTrackId: () => string;
  session: SessionStore;
  theme: BrandColour;
}

export const NO_THEME: Services['theme'] = { setBrandColour: async () => {} };

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('[pasarela/widget] useServices outside ServicesContext');
  return services;
}
