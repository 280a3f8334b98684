import { WindowMessenger, connect } from 'penpal';
import type { WidgetMethods } from '@pasarela/core';

/** How long the widget has to answer the handshake before the page gets an `error` event. */
const CONNECT_TIMEOUT_MS = 30_000;

/** The methods the loader exposes to the widget (core `LoaderMethods`, checked on arrival). */
export type LoaderMethodsImpl = { notify: (message: unknown) => void };

/** The widget's side, core `WidgetMethods` as penpal exposes it (every call answers a promise). */
export type WidgetRemote = { [K in keyof WidgetMethods]: (...args: Parameters<WidgetMethods[K]>) => Promise<void> };

export interface WidgetConnection {
  promise: Promise<WidgetRemote>;
  destroy(): void;
}

/** Opens the connection to the iframe; tests pass their own to play the widget's side. */
export type WidgetConnector = (iframe: HTMLIFrameElement, origin: string, methods: LoaderMethodsImpl) => WidgetConnection;

export const connectWidget: WidgetConnector = (iframe, origin, methods) => {
  // open() attaches the iframe first, so its window exists
  const remoteWindow = iframe.contentWindow as Window;
  return connect<Pick<WidgetMethods, keyof WidgetMethods>>({
    // an exact origin string: a RegExp here could be bypassed by a look-alike host
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [origin] }),
    methods,
    timeout: CONNECT_TIMEOUT_MS,
  });
};
