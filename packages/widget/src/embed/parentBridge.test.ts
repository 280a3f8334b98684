import { describe, expect, it, vi } from 'vitest';
import type { WidgetMessage } from '@pasarela/core';
import { createParentBridge, type Connector } from './parentBridge';

const framed = { parent: {} } as unknown as Window;
// The connection awaits the failure reasons' chunk, imported on first use: its first transform can take
// over a second on a loaded machine, past waitFor's default.
const CONNECTED = { timeout: 10_000 };

describe('createParentBridge', () => {
  it('is detached without a parent origin or without a parent window', () => {
    const connector = vi.fn<Connector>();
    expect(createParentBridge(null, framed, connector).embedded).toBe(false);
    const top = {} as Window & { parent: Window };
    top.parent = top;
    expect(createParentBridge('https://shop.test', top, connector).embedded).toBe(false);
    expect(connector).not.toHaveBeenCalled();
  });

  it('connects to exactly the parent origin, queues until the handshake and keeps only the last resize', async () => {
    const sent: WidgetMessage[] = [];
    let finish: () => void = () => {};
    const connector = vi.fn<Connector>(
      () => new Promise((resolve) => (finish = () => resolve({ notify: (m: WidgetMessage) => void sent.push(m) }))),
    );
    const bridge = createParentBridge('https://shop.test', framed, connector);
    bridge.notify({ type: 'resize', height: 100 });
    // Resizes alone do not load penpal: the first screen comes first.
    expect(connector).not.toHaveBeenCalled();
    bridge.notify({ type: 'ready', version: '1' });
    expect(connector).toHaveBeenCalledOnce();
    expect(connector.mock.calls[0]?.[0]).toBe('https://shop.test');
    bridge.notify({ type: 'resize', height: 300 });
    expect(sent).toEqual([]);
    finish();
    await vi.waitFor(() => expect(sent).toEqual([
      { type: 'ready', version: '1' },
      { type: 'resize', height: 300 },
    ]), CONNECTED);
    bridge.notify({ type: 'close' });
    expect(sent.at(-1)).toEqual({ type: 'close' });
  });

  it('an error found before the first screen is told after ready (a shop clears its error state on ready), later ones at once', async () => {
    const sent: WidgetMessage[] = [];
    const connector = vi.fn<Connector>(async () => ({ notify: (m: WidgetMessage) => void sent.push(m) }));
    const bridge = createParentBridge('https://shop.test', framed, connector);
    const unknownLink = { type: 'error', error: { code: 'error_to_load', message: 'No se pudo cargar', category: 'api' } } as const;
    bridge.notify(unknownLink);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
    bridge.notify({ type: 'ready', version: '1' });
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'ready', version: '1' }, unknownLink]), CONNECTED);
    const later = { type: 'error', error: { code: 'connection_error', message: 'Sin conexión', category: 'network' } } as const;
    bridge.notify(later);
    expect(sent.at(-1)).toEqual(later);
  });

  it('a name waits for the connection like a resize, only the latest kept', async () => {
    const sent: WidgetMessage[] = [];
    const connector = vi.fn<Connector>(async () => ({ notify: (m: WidgetMessage) => void sent.push(m) }));
    const bridge = createParentBridge('https://shop.test', framed, connector);
    bridge.notify({ type: 'name', name: 'Pago a Tostadores del Casco: $7.25' });
    bridge.notify({ type: 'name', name: 'Pago a Tostadores del Casco: $8.25' });
    expect(connector).not.toHaveBeenCalled();
    bridge.notify({ type: 'ready', version: '1' });
    await vi.waitFor(() => expect(sent).toEqual([
      { type: 'name', name: 'Pago a Tostadores del Casco: $8.25' },
      { type: 'ready', version: '1' },
    ]), CONNECTED);
  });

  it('passes requestClose from the parent to the listeners', async () => {
    let methods: { requestClose(): void } | undefined;
    const connector: Connector = async (_o, _w, m) => {
      methods = m;
      return { notify() {} };
    };
    const bridge = createParentBridge('https://shop.test', framed, connector);
    const listener = vi.fn();
    bridge.onCloseRequested(listener);
    bridge.notify({ type: 'ready', version: '1' });
    await Promise.resolve();
    methods?.requestClose();
    expect(listener).toHaveBeenCalledOnce();
  });

  it('connects at once for a close asked during the splash', async () => {
    const sent: WidgetMessage[] = [];
    const connector = vi.fn<Connector>(async () => ({ notify: (m: WidgetMessage) => void sent.push(m) }));
    const bridge = createParentBridge('https://shop.test', framed, connector);
    bridge.notify({ type: 'close' });
    expect(connector).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'close' }]), CONNECTED);
  });
});
