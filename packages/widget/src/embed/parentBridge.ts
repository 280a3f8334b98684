import type { LoaderMethods, WidgetMessage } from '@pasarela/core';
import { hasText, t } from '../i18n/i18n';
import type { ParentBridge } from '../services/services';

export type Connector = (
  parentOrigin: string,
  remoteWindow: Window,
  methods: { requestClose(): void },
) => Promise<Pick<LoaderMethods, 'notify'>>;

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
  // Every failed attempt tells the shop its catalogue key and the payer's text (PaymentResult.reason);
  // the code that words it comes with the connection's, as nothing is sent before it.
  let explain = (message: WidgetMessage) => message;

  const send = (message: WidgetMessage) => {
    try {
      remote?.notify(explain(message));
    } catch {
      // A parent that went away cannot be told anything; the payment itself is unaffected.
    }
  };

  // penpal waits for the first message that is not a resize nor a name, so no script the first screen does not need is fetched before it.
  const onlyLatest = (message: WidgetMessage) => message.type === 'resize' || message.type === 'name';
  let connecting = false;
  const connectNow = () => {
    if (connecting) return;
    connecting = true;
    // Without it (its chunk not fetched) the results still go, without their reason's text.
    const reasons = import('../services/failureReason').catch(() => null);
    connector(parentOrigin, self.parent, { requestClose: () => closeListeners.forEach((fn) => fn()) })
      .then(async (connected) => {
        const words = await reasons;
        if (words) explain = (message) => words.explainFailure(message, { t, hasText });
        remote = connected;
        const pending = queue;
        queue = [];
        pending.forEach(send);
      })
      .catch(() => {
        queue = [];
      });
  };

  const deliver = (message: WidgetMessage) => {
    if (remote) return send(message);
    if (onlyLatest(message)) queue = queue.filter((m) => m.type !== message.type);
    queue.push(message);
    if (!onlyLatest(message)) connectNow();
  };
  // `ready` comes first: an error found while the first screen loads (a link unknown or expired) is
  // told after it, so a shop that clears its error state on `ready` keeps the failure (docs/events.md).
  let errorsBeforeReady: WidgetMessage[] | null = [];

  return {
    embedded: true,
    notify(message) {
      if (message.type === 'close' && closeInterceptor?.()) return;
      if (message.type === 'error' && errorsBeforeReady) return void errorsBeforeReady.push(message);
      deliver(message);
      if (message.type === 'ready' && errorsBeforeReady) {
        const held = errorsBeforeReady;
        errorsBeforeReady = null;
        held.forEach(deliver);
      }
    },
    onCloseRequested(listener) {
      closeListeners.push(listener);
    },
    guardClose(interceptor) {
      closeInterceptor = interceptor;
    },
  };
}
