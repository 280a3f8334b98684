import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type * as Loader from './index';

// The npm package bundled into a classic script or CommonJS by the merchant's bundler, which makes
// `import.meta` `{}` (rolldown, esbuild): importing must not throw; the loader's own address is
// unknown, so open() and preload() ask for a baseUrl.
const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function runAsScript(): Promise<typeof Loader> {
  const { build } = await import('rolldown');
  const bundle = await build({
    input: source('./index.ts'),
    write: false,
    logLevel: 'silent',
    output: { format: 'iife', name: 'PasarelaCheckout' },
  });
  const code = bundle.output[0].code;
  expect(code).toContain('{}.url');
  return new Function(`${code}\nreturn PasarelaCheckout;`)() as typeof Loader;
}

describe('the default baseUrl where import.meta is {}', () => {
  it('imports without throwing, and open() or preload() without a baseUrl says it needs one', async () => {
    const { Checkout } = await runAsScript();
    expect(() => Checkout.open({ code: 'LK1' })).toThrow(new TypeError('[pasarela] Checkout.open(): baseUrl is required (the script origin is unknown)'));
    expect(() => Checkout.preload()).toThrow(new TypeError('[pasarela] Checkout.preload(): baseUrl is required (the script origin is unknown)'));
    expect(document.querySelector('iframe')).toBeNull();
  });
});
