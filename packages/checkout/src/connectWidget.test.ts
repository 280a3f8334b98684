import { describe, expect, it, vi } from 'vitest';

const penpal = vi.hoisted(() => ({
  messengers: [] as Array<{ remoteWindow: unknown; allowedOrigins: unknown }>,
  connects: [] as Array<Record<string, unknown>>,
}));

vi.mock('penpal', () => ({
  WindowMessenger: class {
    constructor(options: { remoteWindow: unknown; allowedOrigins: unknown }) {
      penpal.messengers.push(options);
    }
  },
  connect: (options: Record<string, unknown>) => {
    penpal.connects.push(options);
    return { promise: new Promise(() => {}), destroy: () => {} };
  },
}));

const { connectWidget } = await import('./connectWidget');

describe('connectWidget (PRODUCT.md: the parent accepts messages only from the widget origin)', () => {
  it('talks to the iframe window only, allowing exactly the widget origin as a string', () => {
    // only contentWindow is read; a real iframe would make happy-dom try to load a page
    const remoteWindow = { postMessage: () => {} };
    const iframe = { contentWindow: remoteWindow } as unknown as HTMLIFrameElement;
    const methods = { notify: () => {} };
    connectWidget(iframe, 'https://checkout.example.com', methods);
    expect(penpal.messengers).toHaveLength(1);
    expect(penpal.messengers[0]?.remoteWindow).toBe(remoteWindow);
    // a string, never a RegExp or '*': penpal compares strings exactly
    expect(penpal.messengers[0]?.allowedOrigins).toEqual(['https://checkout.example.com']);
    expect(penpal.connects[0]?.methods).toBe(methods);
    expect(penpal.connects[0]?.timeout).toBeGreaterThan(0);
  });
});
