import { CallOptions, connect, WindowMessenger } from 'penpal';
import type { WidgetMethods } from '@pasarela/core';

/** How long the widget has, from open(), to load and answer the handshake before the page gets an `error` event. */
export const CONNECT_TIMEOUT_MS = 30_000;

/** How long a call to the widget may go unanswered before it rejects (the loader then closes the checkout itself). */
export const CALL_TIMEOUT_MS = 10_000;

export type LoaderMethodsImpl = { notify: (message: unknown) => void };

export type WidgetRemote = { [K in keyof WidgetMethods]: (...args: Parameters<WidgetMethods[K]>) => Promise<void> };

/** An object type, which penpal's `Methods` (an index signature) accepts. */
type WidgetApi = Pick<WidgetMethods, keyof WidgetMethods>;

export interface WidgetConnection {
  promise: Promise<WidgetRemote>;
  destroy(): void;
}

export type WidgetConnector = (iframe: HTMLIFrameElement, origin: string, methods: LoaderMethodsImpl) => WidgetConnection;

// penpal's first hello goes to any origin: safe, it carries only a random id.
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
