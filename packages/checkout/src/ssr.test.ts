// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('server-side rendering (no window)', () => {
  it('imports without touching the DOM and open() explains why it cannot run', async () => {
    const { Checkout, open, version } = await import('./index');
    expect(typeof version).toBe('string');
    expect(Checkout.open).toBe(open);
    expect(() => open({ code: 'LK123', baseUrl: 'https://checkout.example.com' })).toThrow(/needs a browser/);
  });

  it('preload() does nothing on the server, with or without a baseUrl', async () => {
    const { Checkout } = await import('./index');
    expect(Checkout.preload()).toBeUndefined();
    expect(Checkout.preload({ baseUrl: 'https://checkout.example.com' })).toBeUndefined();
  });

  it('imports the script-tag build (which also wires zero-JS pay buttons) without a document', async () => {
    const { default: Checkout } = await import('./scriptTag');
    // the global `Checkout` is the API object itself
    expect(Object.keys(Checkout).sort()).toEqual(['open', 'preload', 'version']);
    expect(typeof Checkout.open).toBe('function');
  });

  it('loadCheckout() from the pure entry resolves with null and loads nothing', async () => {
    const { loadCheckout } = await import('./pure');
    await expect(loadCheckout('https://checkout.example.com')).resolves.toBeNull();
  });
});
