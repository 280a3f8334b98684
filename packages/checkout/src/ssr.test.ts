// @vitest-environment node
import { describe, expect, it } from 'vitest';

describe('server-side rendering (no window)', () => {
  it('imports without touching the DOM and open() explains why it cannot run', async () => {
    const { Checkout, open, version } = await import('./index');
    expect(typeof version).toBe('string');
    expect(Checkout.open).toBe(open);
    expect(() => open({ code: 'LK123', baseUrl: 'https://checkout.example.com' })).toThrow(/needs a browser/);
  });
});
