import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectWidget, type WidgetConnection } from './connectWidget';

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
async function connected(widgetId: string, notify = vi.fn()) {
  const widget = fakeWidgetWindow();
  const connection = connectWidget(widget.iframe, ORIGIN, { notify });
  const ports: MessagePort[] = [];
  open.push({ connection, ports });
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

// PRODUCT.md: the loader talks to the widget over penpal's protocol (the widget runs penpal 7's
// child side), and accepts messages only from the widget's window and origin.
describe('connectWidget: the parent side of penpal 7', () => {
  it.each([
    ['leads the handshake when its id is the greater', '0'],
    ['follows the widget\'s lead when the widget\'s id is the greater', 'zzzz'],
  ])('%s, answering SYN to exactly the widget origin', async (_case, widgetId) => {
    const { widget, port, remote } = await connected(widgetId);
    const syn = widget.posted.find((p) => p.data.type === 'SYN');
    expect(syn?.data).toMatchObject({ namespace: 'penpal', type: 'SYN' });
    expect(typeof syn?.data.participantId).toBe('string');
    expect(widget.posted.every((p) => p.targetOrigin === ORIGIN)).toBe(true);
    if (widgetId === '0') expect(widget.posted.find((p) => p.data.type === 'ACK1')?.data.methodPaths).toEqual([['notify']]);
    else expect(widget.posted.map((p) => p.data.type)).toEqual(['SYN', 'ACK2']);
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

  it('answers an unknown method and a throwing one with a serialised error, as penpal does', async () => {
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

  it('rejects the page\'s call with the widget\'s error', async () => {
    const { port, remote } = await connected('0');
    const call = nextOn(port);
    const answered = remote.requestClose();
    const message = await call;
    port.postMessage(penpal({ type: 'REPLY', callId: message.id, isError: true, isSerializedErrorInstance: true, value: { name: 'Error', message: 'no' } }));
    await expect(answered).rejects.toThrow('no');
  });

  it("reads the frame's window only when a message comes (read at once, Chromium builds a context for the blank first document)", () => {
    const widget = fakeWidgetWindow();
    const read = vi.fn(() => widget.remoteWindow);
    const iframe = Object.defineProperty({}, 'contentWindow', { get: read }) as HTMLIFrameElement;
    const connection = connectWidget(iframe, ORIGIN, { notify: vi.fn() });
    open.push({ connection, ports: [] });
    expect(read).not.toHaveBeenCalled();
    fromWidget(widget.remoteWindow, penpal({ type: 'SYN', participantId: '0' }));
    expect(read).toHaveBeenCalled();
    expect(widget.posted.map((p) => p.data.type)).toContain('SYN');
  });

  it('reads nothing from another window, another origin, another namespace or a channel', async () => {
    const widget = fakeWidgetWindow();
    const connection = connectWidget(widget.iframe, ORIGIN, { notify: vi.fn() });
    open.push({ connection, ports: [] });
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

  it('rejects the connection when the widget never answers in 30 s', async () => {
    vi.useFakeTimers();
    const widget = fakeWidgetWindow();
    const connection = connectWidget(widget.iframe, ORIGIN, { notify: vi.fn() });
    open.push({ connection, ports: [] });
    const failed = expect(connection.promise).rejects.toThrow('Connection timed out after 30000ms');
    vi.advanceTimersByTime(30_000);
    await failed;
  });
});
