import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_TIMEOUT_MS, CONNECT_TIMEOUT_MS, connectWidget, type WidgetConnection } from './connectWidget';

const ORIGIN = 'https://checkout.example.com';

/** The widget's window as the loader sees it: what the loader posts to it is kept. */
function fakeWidgetWindow() {
  const posted: Array<{ data: Record<string, unknown>; targetOrigin: string; transfer: Transferable[] }> = [];
  const remoteWindow = {
    postMessage: (data: Record<string, unknown>, options: { targetOrigin: string; transfer?: Transferable[] }) =>
      posted.push({ data, targetOrigin: options.targetOrigin, transfer: options.transfer ?? [] }),
  };
  return { remoteWindow, posted, iframe: { contentWindow: remoteWindow } as unknown as HTMLIFrameElement };
}

/** A message from the widget's window to the page, as the browser delivers it. */
function fromWidget(source: unknown, data: unknown, { origin = ORIGIN, ports = [] as MessagePort[] } = {}) {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window, ports }));
}

const penpal = (message: Record<string, unknown>) => ({ namespace: 'penpal', channel: undefined, ...message });

/** The next message on the widget's end of the port. */
function nextOn(port: MessagePort): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    port.onmessage = (event) => resolve(event.data as Record<string, unknown>);
  });
}

const open: Array<{ connection: WidgetConnection; ports: MessagePort[] }> = [];
afterEach(() => {
  for (const { connection, ports } of open.splice(0)) {
    connection.destroy();
    for (const port of ports) port.close();
  }
  vi.useRealTimers();
});

/** A connection handshaken with a widget whose id is `widgetId`; returns the widget's end of the port. */
async function connected(widgetId: string, notify: (message: unknown) => unknown = vi.fn()) {
  const widget = fakeWidgetWindow();
  const connection = connectWidget(widget.iframe, ORIGIN, { notify });
  const ports: MessagePort[] = [];
  open.push({ connection, ports });
  // both sides say hello when they start, and each answers the other's (a repeat is ignored)
  fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: widgetId }));
  fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: widgetId }));
  const ack1 = widget.posted.find((p) => p.data.type === 'ACK1');
  let port: MessagePort;
  if (ack1) {
    // the loader leads: the widget answers ACK2 with the port
    const channel = new MessageChannel();
    ports.push(channel.port1, channel.port2);
    fromWidget(widget.remoteWindow, penpal({ type: 'ACK2' }), { ports: [channel.port2] });
    port = channel.port1;
  } else {
    fromWidget(widget.remoteWindow, penpal({ type: 'ACK1', methodPaths: [['requestClose']] }));
    const ack2 = widget.posted.find((p) => p.data.type === 'ACK2');
    port = ack2?.transfer[0] as MessagePort;
    ports.push(port);
  }
  const remote = await connection.promise;
  return { widget, connection, remote, port, notify };
}

/** Runs `act` and returns the promise rejections nobody handled meanwhile (the page's console shows them). */
async function unhandledRejectionsDuring(act: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const others = process.listeners('unhandledRejection');
  process.removeAllListeners('unhandledRejection');
  const record = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', record);
  try {
    await act();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off('unhandledRejection', record);
    for (const listener of others) process.on('unhandledRejection', listener);
  }
  return seen;
}

// PRODUCT.md: the loader talks to the widget over penpal (the widget runs penpal's child side, the
// loader its parent side), and accepts messages only from the widget's window and origin.
describe('connectWidget: penpal between the page and the widget', () => {
  it.each([
    ['leads the handshake when its id is the greater', '0'],
    ['follows the widget\'s lead when the widget\'s id is the greater', 'zzzz'],
  ])('%s; after its hello, it writes only to exactly the widget origin', async (_case, widgetId) => {
    const { widget, port, remote } = await connected(widgetId);
    const syn = widget.posted.find((p) => p.data.type === 'SYN');
    // the hello carries a random id and nothing else, so penpal sends it to whatever the frame holds
    expect(Object.keys(syn?.data ?? {}).sort()).toEqual(['channel', 'namespace', 'participantId', 'type']);
    expect(typeof syn?.data.participantId).toBe('string');
    expect(widget.posted.filter((p) => p.data.type !== 'SYN').every((p) => p.targetOrigin === ORIGIN)).toBe(true);
    if (widgetId === '0') expect(widget.posted.find((p) => p.data.type === 'ACK1')?.data.methodPaths).toEqual([['notify']]);
    else expect(widget.posted.map((p) => p.data.type)).toEqual(['SYN', 'SYN', 'ACK2']);
    // the page's call reaches the widget over the port, and the widget's reply settles it
    const call = nextOn(port);
    const answered = remote.requestClose();
    const message = await call;
    expect(message).toMatchObject({ namespace: 'penpal', type: 'CALL', methodPath: ['requestClose'], args: [] });
    port.postMessage(penpal({ type: 'REPLY', callId: message.id, value: undefined }));
    await expect(answered).resolves.toBeUndefined();
  });

  it('runs the widget\'s notify calls and replies to each', async () => {
    const { port, notify } = await connected('zzzz');
    const reply = nextOn(port);
    port.postMessage(penpal({ type: 'CALL', id: 'call-1', methodPath: ['notify'], args: [{ type: 'ready', version: '2.0.0' }] }));
    expect(await reply).toMatchObject({ namespace: 'penpal', type: 'REPLY', callId: 'call-1' });
    expect(notify).toHaveBeenCalledWith({ type: 'ready', version: '2.0.0' });
  });

  it('answers an unknown method (an Object.prototype one too) and a throwing one with a serialised error', async () => {
    const { port } = await connected('zzzz', vi.fn(() => {
      throw new TypeError('bad');
    }));
    let reply = nextOn(port);
    port.postMessage(penpal({ type: 'CALL', id: 'a', methodPath: ['toString'], args: [] }));
    expect(await reply).toMatchObject({ callId: 'a', isError: true, isSerializedErrorInstance: true, value: { message: 'Method `toString` is not found.' } });
    reply = nextOn(port);
    port.postMessage(penpal({ type: 'CALL', id: 'b', methodPath: ['notify'], args: [{}] }));
    expect(await reply).toMatchObject({ callId: 'b', isError: true, value: { name: 'TypeError', message: 'bad' } });
  });

  it('answers a reply that cannot be cloned with an error for the widget, and reports it on the page', async () => {
    // the loader's notify returns nothing; a function stands for any value postMessage cannot copy
    const { port } = await connected('zzzz', () => () => 'not cloneable');
    let reply: Record<string, unknown> | undefined;
    const reported = await unhandledRejectionsDuring(async () => {
      const next = nextOn(port);
      port.postMessage(penpal({ type: 'CALL', id: 'c', methodPath: ['notify'], args: [{ type: 'close' }] }));
      reply = await next;
    });
    expect(reply).toMatchObject({ type: 'REPLY', callId: 'c', isError: true, value: { name: 'DataCloneError' } });
    expect(reported).toEqual([expect.objectContaining({ name: 'DataCloneError' })]);
  });

  it('rejects the page\'s call with the widget\'s error', async () => {
    const { port, remote } = await connected('0');
    const call = nextOn(port);
    const answered = remote.requestClose();
    const message = await call;
    port.postMessage(penpal({ type: 'REPLY', callId: message.id, isError: true, isSerializedErrorInstance: true, value: { name: 'Error', message: 'no' } }));
    await expect(answered).rejects.toThrow('no');
  });

  it(`rejects the page's call when the widget does not answer it within ${CALL_TIMEOUT_MS} ms`, async () => {
    const { port, remote } = await connected('0');
    vi.useFakeTimers();
    const call = nextOn(port);
    const answered = remote.requestClose();
    const failed = expect(answered).rejects.toThrow(`Method call requestClose() timed out after ${CALL_TIMEOUT_MS}ms`);
    await call;
    vi.advanceTimersByTime(CALL_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    await failed;
  });

  it('says hello to the frame at once, and reads nothing from another window, another origin, another namespace or a channel', () => {
    const widget = fakeWidgetWindow();
    const connection = connectWidget(widget.iframe, ORIGIN, { notify: vi.fn() });
    open.push({ connection, ports: [] });
    // Never connected: penpal's destroy() leaves its handshake's timer, which rejects 30 s later, in
    // whichever file this worker runs by then (open() handles it; here nothing else would).
    connection.promise.catch(() => undefined);
    // the hello carries only a random id: it goes to whatever document the frame holds yet
    expect(widget.posted.splice(0).map((p) => [p.data.type, p.targetOrigin])).toEqual([['SYN', '*']]);
    fromWidget({ postMessage() {} }, penpal({ type: 'SYN', participantId: 'a' }));
    fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: 'b' }), { origin: 'https://checkout.example.com.evil.test' });
    fromWidget(widget.remoteWindow, { namespace: 'other', type: 'SYN', participantId: 'c' });
    fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: 'd', channel: 'x' }));
    fromWidget(widget.remoteWindow, 'SYN');
    expect(widget.posted).toEqual([]);
  });

  it('tells the widget on destroy, rejects calls under way and reads nothing after', async () => {
    const { port, remote, connection, notify } = await connected('zzzz');
    const destroyMessage = nextOn(port);
    const pending = remote.requestClose();
    await new Promise((resolve) => setTimeout(resolve, 0));
    connection.destroy();
    await expect(pending).rejects.toThrow('requestClose() failed due to destroyed connection');
    await expect(remote.requestClose()).rejects.toThrow('destroyed connection');
    // the CALL went first, then DESTROY
    expect((await destroyMessage).type).toBe('CALL');
    expect((await nextOn(port)).type).toBe('DESTROY');
    port.postMessage(penpal({ type: 'CALL', id: 'late', methodPath: ['notify'], args: [{}] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notify).not.toHaveBeenCalled();
  });

  it('stops on the widget\'s DESTROY', async () => {
    const { port, notify } = await connected('0');
    port.postMessage(penpal({ type: 'DESTROY' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    port.postMessage(penpal({ type: 'CALL', id: 'late', methodPath: ['notify'], args: [{}] }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notify).not.toHaveBeenCalled();
  });

  it('shakes hands again when the frame loads the widget again (back from a bank\'s page), on a new port', async () => {
    const { widget, connection, remote, port: first } = await connected('zzzz');
    const before = widget.posted.length;
    fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: 'zzzz-2' }));
    fromWidget(widget.remoteWindow, penpal({ type: 'ACK1', methodPaths: [['requestClose']] }));
    const ack2 = widget.posted.slice(before).find((p) => p.data.type === 'ACK2');
    const second = ack2?.transfer[0] as MessagePort;
    open.push({ connection, ports: [second] });
    expect(second).not.toBe(first);
    const call = nextOn(second);
    void remote.requestClose().catch(() => undefined);
    expect((await call).methodPath).toEqual(['requestClose']);
  });

  it.each([
    ['the widget never speaks', false],
    ['the widget says hello but never finishes the handshake', true],
  ])(`rejects the connection ${CONNECT_TIMEOUT_MS / 1000} s after open when %s`, async (_case, hello) => {
    vi.useFakeTimers();
    const widget = fakeWidgetWindow();
    const connection = connectWidget(widget.iframe, ORIGIN, { notify: vi.fn() });
    open.push({ connection, ports: [] });
    const failed = expect(connection.promise).rejects.toThrow(`Connection timed out after ${CONNECT_TIMEOUT_MS}ms`);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS / 2);
    if (hello) fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: 'first' }));
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS / 2);
    await failed;
    // and it stops listening: a late hello is not answered
    const before = widget.posted.length;
    fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: 'late' }));
    expect(widget.posted.length).toBe(before);
  });
});
