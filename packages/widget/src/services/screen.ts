import type { ComponentType } from 'react';
import type { Route } from './routeTypes';
import type { Services } from './services';

export interface PreparedScreen {
  ready: Promise<void>;
  View: ComponentType;
  /** Only when that first render moves no focus and tells the merchant page nothing. */
  quietUnderSplash?: () => boolean;
  /** Once ready: whether the first render is the one the server draws (absent: it is whenever app/prerender's rendersAsServer says so). */
  asServer?: () => boolean;
}

export interface ScreenModule<R extends Route = Route> {
  prepare(route: R, services: Services): PreparedScreen;
}

export function readyScreen(View: ComponentType): PreparedScreen {
  return { ready: Promise.resolve(), View };
}
