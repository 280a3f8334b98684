import type { ComponentType } from 'react';
import type { Route } from './routeTypes';
import type { Services } from './services';

/** A screen whose data has started loading; `ready` settles when its first paint has what it needs. */
export interface PreparedScreen {
  ready: Promise<void>;
  View: ComponentType;
  /**
   * Once `ready`: whether its first render may go beneath the start's splash (App.tsx), inert until
   * the splash ends. Only when that render moves no focus and tells the merchant page nothing.
   * Without it the screen renders when the splash ends.
   */
  quietUnderSplash?: () => boolean;
}

/** What a route's lazy loader yields: a way to start the screen for one address. */
export interface ScreenModule<R extends Route = Route> {
  prepare(route: R, services: Services): PreparedScreen;
}

/** A screen with nothing to load first. */
export function readyScreen(View: ComponentType): PreparedScreen {
  return { ready: Promise.resolve(), View };
}
