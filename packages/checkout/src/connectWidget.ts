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

/** A penpal 7 message: SYN, ACK1, ACK2 (the handshake), CALL, REPLY, DESTROY. */
type Message = { namespace?: unknown; channel?: unknown; type?: unknown; [field: string]: unknown };

const NAMESPACE = 'penpal';
const destroyedError = (name: string) => new Error(`Method call ${name}() failed due to destroyed connection`);

/**
 * The parent's side of penpal 7's protocol, which the widget speaks with penpal itself
 * (embed/parentBridge.ts): penpal's parent side is about 3.7 KB gzip of the loader, this about
 * 0.7 KB (issue 25's 5 KB loader). Only penpal 7's messages, one level of method names, no
 * channels or transferables: what the loader and the widget use.
 *
 * The handshake: each side sends SYN with a random id, the greater id sends ACK1, the other answers
 * ACK2 with a MessagePort; calls and replies then go over that port. A new SYN (the frame loaded the
 * widget again, after a bank's page) starts a new handshake on the same connection, as in penpal.
 * Only messages from the iframe's window and exactly `origin` are read.
 */
export const connectWidget: WidgetConnector = (iframe, origin, methods) => {
  // The frame's window, read when a message comes and not before: read right after open() has
  // attached the iframe, it makes the browser build a script context for the frame's first, blank
  // document on the shop's main thread (3-6 ms in Chromium, bench:open) just as the checkout
  // starts to load. A frame keeps one window object through its navigations.
  const remoteWindow = () => iframe.contentWindow;
  const id = crypto.randomUUID?.() ?? String(Math.random());
  let remoteId: unknown;
  let port: MessagePort | undefined;
  let connected = false;
  let destroyed = false;
  let calls = 0;
  const replies = new Map<unknown, [(value: unknown) => void, (error: unknown) => void, string]>();
  let resolveRemote: (remote: WidgetRemote) => void = () => {};
  let rejectRemote: (error: Error) => void = () => {};
  const promise = new Promise<WidgetRemote>((resolve, reject) => {
    resolveRemote = resolve;
    rejectRemote = reject;
  });

  // over the port once connected (it throws without one, as penpal's messenger does)
  const send = (message: Message) => (port as MessagePort).postMessage({ namespace: NAMESPACE, ...message });
  // the handshake goes through the window, to exactly the widget's origin
  const tell = (message: Message, transfer: Transferable[] = []) =>
    remoteWindow()?.postMessage({ namespace: NAMESPACE, ...message }, { targetOrigin: origin, transfer });

  const closePort = () => {
    port?.close();
    port = undefined;
  };
  const openPort = (opened: MessagePort) => {
    closePort();
    port = opened;
    opened.onmessage = (event) => receive(event.data as Message);
  };

  const remote = new Proxy({} as WidgetRemote, {
    // not a thenable: the connection's promise resolves to it
    get: (_target, name) =>
      name == 'then'
        ? undefined
        : (...args: unknown[]) =>
            destroyed
              ? Promise.reject(destroyedError(String(name)))
              : new Promise((resolve, reject) => {
                  const callId = String(++calls);
                  replies.set(callId, [resolve, reject, String(name)]);
                  send({ type: 'CALL', id: callId, methodPath: [name], args });
                }),
  });

  const onConnected = () => {
    if (connected) return;
    connected = true;
    clearTimeout(timer);
    resolveRemote(remote);
  };

  const isPenpal = (message: Message | null): message is Message =>
    typeof message == 'object' && message !== null && message.namespace === NAMESPACE && message.channel === undefined;

  function receive(message: Message): void {
    if (destroyed || !isPenpal(message)) return;
    switch (message.type) {
      case 'SYN':
        if (message.participantId === remoteId) return;
        remoteId = message.participantId;
        tell({ type: 'SYN', participantId: id });
        if (id > String(remoteId)) tell({ type: 'ACK1', methodPaths: Object.keys(methods).map((name) => [name]) });
        return;
      case 'ACK1': {
        const channel = new MessageChannel();
        openPort(channel.port1);
        tell({ type: 'ACK2' }, [channel.port2]);
        return onConnected();
      }
      case 'ACK2':
        return onConnected();
      case 'DESTROY':
        return destroy(false);
    }
    if (!connected) return;
    if (message.type == 'CALL') {
      const path = message.methodPath as unknown[];
      const name = String(path[0]);
      const method = path.length == 1 && Object.prototype.hasOwnProperty.call(methods, name) ? methods[name as keyof LoaderMethodsImpl] : undefined;
      new Promise((resolve) => {
        if (!method) throw new Error(`Method \`${path.join('.')}\` is not found.`);
        resolve(method(...((message.args as [unknown]) ?? [])));
      })
        .then(
          (value) => ({ value }),
          (error: unknown) =>
            error instanceof Error
              ? { isError: true, value: { name: error.name, message: error.message, stack: error.stack }, isSerializedErrorInstance: true }
              : { isError: true, value: error },
        )
        .then((reply) => destroyed || send({ type: 'REPLY', callId: message.id, ...reply }))
        .catch(() => {});
    } else if (message.type == 'REPLY') {
      const reply = replies.get(message.callId);
      if (!reply) return;
      replies.delete(message.callId);
      const value = message.value as { name: string; message: string } | undefined;
      if (!message.isError) reply[0](value);
      else reply[1](message.isSerializedErrorInstance && value ? Object.assign(new Error(value.message), { name: value.name }) : value);
    }
  }

  const onWindowMessage = ({ source, origin: from, ports, data }: MessageEvent) => {
    if (!source || source !== remoteWindow() || from !== origin) return;
    const message = data as Message | null;
    if (!isPenpal(message)) return;
    if (message.type == 'SYN') closePort();
    if (message.type == 'ACK2') {
      if (!ports[0]) return;
      openPort(ports[0]);
    }
    receive(message);
  };

  function destroy(tellWidget: boolean): void {
    if (destroyed) return;
    if (tellWidget) {
      try {
        send({ type: 'DESTROY' });
      } catch {
        // no port yet: the widget has nothing to close
      }
    }
    destroyed = true;
    clearTimeout(timer);
    window.removeEventListener('message', onWindowMessage);
    closePort();
    for (const [, reject, name] of replies.values()) reject(destroyedError(name));
    replies.clear();
  }

  const timer = setTimeout(() => {
    rejectRemote(new Error(`Connection timed out after ${CONNECT_TIMEOUT_MS}ms`));
    destroy(true);
  }, CONNECT_TIMEOUT_MS);
  window.addEventListener('message', onWindowMessage);

  // Why the promise is not rejected on destroy(): https://github.com/Aaronius/penpal/issues/51
  return { promise, destroy: () => destroy(true) };
};
