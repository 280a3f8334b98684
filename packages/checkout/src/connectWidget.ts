import { CallOptions, connect, WindowMessenger } from 'penpal';
import type { WidgetMethods } from '@pasarela/core';

/** How long the widget has, from open(), to load and answer the handshake before the page gets an `error` event. */
export const CONNECT_TIMEOUT_MS = 30_000;

/** How long a call to the widget may go unanswered before it rejects (the loader then closes the checkout itself). */
export const CALL_TIMEOUT_MS = 10_000;

/** The methods the loader exposes to the widget (core `LoaderMethods`, checked on arrival). */
export type LoaderMethodsImpl = { notify: (message: unknown) => void };

/** The widget's side, core `WidgetMethods` as the loader calls it (every call answers a promise). */
export type WidgetRemote = { [K in keyof WidgetMethods]: (...args: Parameters<WidgetMethods[K]>) => Promise<void> };

/** core's WidgetMethods as an object type, which penpal's `Methods` (an index signature) accepts. */
type WidgetApi = Pick<WidgetMethods, keyof WidgetMethods>;

export interface WidgetConnection {
  promise: Promise<WidgetRemote>;
  destroy(): void;
}

/** Opens the connection to the iframe; tests pass their own to play the widget's side. */
export type WidgetConnector = (iframe: HTMLIFrameElement, origin: string, methods: LoaderMethodsImpl) => WidgetConnection;

/**
 * Only the widget's exact origin is allowed. penpal's first hello goes to any origin, which is safe:
 * it carries only a random id, and the frame's blank document before the widget loads ignores it.
 */
export const connectWidget: WidgetConnector = (iframe, origin, methods) => {
  const connection = connect<WidgetApi>({
    messenger: new WindowMessenger({ remoteWindow: iframe.contentWindow as Window, allowedOrigins: [origin] }),
    // penpal looks a method up by name: without a prototype, `toString` and the like are not found
    methods: Object.assign(Object.create(null) as LoaderMethodsImpl, methods),
    timeout: CONNECT_TIMEOUT_MS,
  });
  return {
    promise: connection.promise.then((remote) => ({ requestClose: async () => remote.requestClose(new CallOptions({ timeout: CALL_TIMEOUT_MS })) })),
    // Why the promise is not rejected on destroy(): https://github.com/Aaronius/penpal/issues/51
    destroy: connection.destroy,
  };
};
