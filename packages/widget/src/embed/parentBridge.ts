import type { LoaderMethods, WidgetMessage } from '@pasarela/core';
import { hasText, t } from '../i18n/i18n';
import { explainFailure } from '../services/failureReason';

/** The widget's side of the loader conversation; a no-op when the widget runs as a full page. */
export interface ParentBridge {
  readonly embedded: boolean;
  notify(message: WidgetMessage): void;
  /** The merchant page asked the checkout to close (Escape, handle.close()). */
  onCloseRequested(listener: () => void): void;
  /**
   * Asked before the payer's `close` goes out: returning true keeps the checkout open (a payment
   * is pending and the payer is asked first). Null removes it.
   */
  guardClose?(interceptor: (() => boolean) | null): void;
}

export type Connector = (
  parentOrigin: string,
  remoteWindow: Window,
  methods: { requestClose(): void },
) => Promise<Pick<LoaderMethods, 'notify'>>;

/** penpal's child side, loaded only when the widget is embedded. */
export const penpalConnector: Connector = async (parentOrigin, remoteWindow, methods) => {
  const { connect, WindowMessenger } = await import('penpal');
  const connection = connect<{ notify(message: WidgetMessage): void }>({
    messenger: new WindowMessenger({ remoteWindow, allowedOrigins: [parentOrigin] }),
    methods,
  });
  const remote = await connection.promise;
  // After the loader closes the frame, calls fail: there is nobody left to tell.
  return { notify: (message) => void remote.notify(message).catch(() => undefined) };
};

export const detachedBridge: ParentBridge = { embedded: false, notify() {}, onCloseRequested() {}, guardClose() {} };

export function createParentBridge(parentOrigin: string | null, self: Window, connector: Connector = penpalConnector): ParentBridge {
  if (parentOrigin === null || self.parent === self) return detachedBridge;
  const closeListeners: Array<() => void> = [];
  let closeInterceptor: (() => boolean) | null = null;
  // Messages wait for the handshake; of the resizes only the latest height matters.
  let queue: WidgetMessage[] = [];
  let remote: Pick<LoaderMethods, 'notify'> | null = null;

  const send = (message: WidgetMessage) => {
    try {
      remote?.notify(message);
    } catch {
      // A parent that went away cannot be told anything; the payment itself is unaffected.
    }
  };

  // penpal (its chunk and the handshake) waits for the first message that is not a resize: the
  // `ready` after the first screen, or an earlier `close`. Until then the frame keeps the loader's
  // starting size, and no script the first screen does not need is fetched before it.
  let connecting = false;
  const connectNow = () => {
    if (connecting) return;
    connecting = true;
    connector(parentOrigin, self.parent, { requestClose: () => closeListeners.forEach((fn) => fn()) })
      .then((connected) => {
        remote = connected;
        const pending = queue;
        queue = [];
        pending.forEach(send);
      })
      .catch(() => {
        queue = [];
      });
  };

  return {
    embedded: true,
    notify(sent) {
      if (sent.type === 'close' && closeInterceptor?.()) return;
      // Every failed attempt tells the shop its catalogue key and the payer's text (PaymentResult.reason).
      const message = explainFailure(sent, { t, hasText });
      if (remote) return send(message);
      if (message.type === 'resize') queue = queue.filter((m) => m.type !== 'resize');
      queue.push(message);
      if (message.type !== 'resize') connectNow();
    },
    onCloseRequested(listener) {
      closeListeners.push(listener);
    },
    guardClose(interceptor) {
      closeInterceptor = interceptor;
    },
  };
}
