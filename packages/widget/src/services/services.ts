import { createContext, useContext } from 'react';
import type { Language } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { ParentBridge } from '../embed/parentBridge';
import type { WidgetConfig } from './config';
import type { SessionStore } from './session';
import type { ThemeControl } from '../theme/startTheme';

export interface Services {
  config: WidgetConfig;
  api: ApiClient;
  lang: Language;
  bridge: ParentBridge;
  navigate: (path: string, options?: { shown?: boolean }) => void;
  address: () => URL;
  referrer: string;
  leave: (url: string) => void;
  storage: { local: Storage | null; session: Storage | null };
  now: () => Date;
  serverNow: () => number;
  newTrackId: () => string;
  session: SessionStore;
  theme: Pick<ThemeControl, 'setBrandColour'>;
}

export const NO_THEME: Services['theme'] = { setBrandColour: async () => {} };

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('[pasarela/widget] useServices outside ServicesContext');
  return services;
}
