import { createContext, useContext } from 'react';
import type { Language } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { ParentBridge } from '../embed/parentBridge';
import type { WidgetConfig } from './config';
import type { SessionStore } from './session';
import type { ThemeControl } from '../theme/startTheme';

/** What every screen may use, made once at start. */
export interface Services {
  config: WidgetConfig;
  api: ApiClient;
  lang: Language;
  bridge: ParentBridge;
  /**
   * Moves to another in-app address (replacing the current entry), keeping parentOrigin and lang.
   * `shown`: the screen on show is already that address's (only the address changes).
   */
  navigate: (path: string, options?: { shown?: boolean }) => void;
  /** The page's own address (in the browser, location; on the server, the request's). */
  address: () => URL;
  /** The page that sent the payer here (document.referrer; on the server, the request's Referer), or ''. */
  referrer: string;
  /** Leaves the app (3DS challenge page). */
  leave: (url: string) => void;
  storage: { local: Storage | null; session: Storage | null };
  now: () => Date;
  /** The server's time in ms (device clock corrected by the API's answers), for server deadlines. */
  serverNow: () => number;
  newTrackId: () => string;
  /** The wallet login (SPEC 3 "Session"); null when the payer is a guest. */
  session: SessionStore;
  /** The merchant's look: screens that load a merchant hand it the stored brand colour. */
  theme: Pick<ThemeControl, 'setBrandColour'>;
}

/** A theme that paints nothing: the server's render and tests without a look of their own. */
export const NO_THEME: Services['theme'] = { setBrandColour: async () => {} };

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('[pasarela/widget] useServices outside ServicesContext');
  return services;
}
