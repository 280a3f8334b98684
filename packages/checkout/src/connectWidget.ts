import { CallOptions, connect, WindowMessenger, type Connection } from 'penpal';
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
 * penpal's parent side, talking to the widget's penpal (embed/parentBridge.ts) in the iframe, with
 * only the widget's exact origin allowed. penpal answers a frame that loads the widget again (back
 * from a bank's page) with a new handshake, and a reply that cannot be cloned with an error.
 *
 * penpal starts at the widget's first message (its hello, sent when the widget connects), and
 * penpal answers it with a handshake of its own: reading the frame's window sooner, while its
 * first, blank document is current, makes Chromium build a script context for that document on the
 * shop's main thread (3-6 ms, bench:open) just as the checkout starts to load.
 */
export const connectWidget: WidgetConnector = (iframe, origin, methods) => {
  let destroy = () => {};
  const promise = new Promise<WidgetRemote>((resolve, reject) => {
    let connection: Connection<WidgetApi> | undefined;
    const timer = setTimeout(() => {
      reject(new Error(`Connection timed out after ${CONNECT_TIMEOUT_MS}ms`));
      destroy();
    }, CONNECT_TIMEOUT_MS);
    // the widget's document is there once its origin speaks: its window is cheap to read then
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== iframe.contentWindow) return;
      window.removeEventListener('message', onMessage);
      connection = connect<WidgetApi>({
        messenger: new WindowMessenger({ remoteWindow: event.source as Window, allowedOrigins: [origin] }),
        // penpal looks a method up by name: without a prototype, `toString` and the like are not found
        methods: Object.assign(Object.create(null) as LoaderMethodsImpl, methods),
      });
      connection.promise.then((remote) => {
        clearTimeout(timer);
        resolve({ requestClose: async () => remote.requestClose(new CallOptions({ timeout: CALL_TIMEOUT_MS })) });
      }, reject);
    };
    window.addEventListener('message', onMessage);
    destroy = () => {
      clearTimeout(timer);
      window.removeEventListener('message', onMessage);
      connection?.destroy();
    };
  });
  // Why the promise is not rejected on destroy(): https://github.com/Aaronius/penpal/issues/51
  return { promise, destroy: () => destroy() };
};
