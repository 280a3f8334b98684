import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPublishedPackages } from '../scripts/check-packages.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

// What merchants install: the built packages as npm packs them (needs `npm run build`).
describe('published packages', () => {
  it('pass publint and arethetypeswrong, and ship only their built files', async () => {
    const results = await checkPublishedPackages();
    expect(results.map((r) => [r.name, r.problems])).toEqual([
      ['@pasarela/checkout', []],
      ['@pasarela/react', []],
    ]);
    const [checkout, react] = results;
    expect(checkout?.entrypoints).toEqual(['.', './pure', './package.json']);
    expect(checkout?.files.filter((f) => !f.startsWith('dist/') && f !== 'package.json')).toEqual(['pure/package.json']);
    expect(react?.files.sort()).toEqual(['dist/index.d.ts', 'dist/index.js', 'package.json']);
  }, 120_000);

  it('import and require in Node, where there is no window, by their package names', () => {
    // a separate Node process resolves the names through node_modules and each package's exports
    const script = `
      const { createRequire } = await import('node:module');
      const require = createRequire(process.cwd() + '/');
      const checkout = await import('@pasarela/checkout');
      const pure = await import('@pasarela/checkout/pure');
      const react = await import('@pasarela/react');
      const umd = require('@pasarela/checkout');
      const pureCjs = require('@pasarela/checkout/pure');
      console.log(JSON.stringify({
        window: typeof window,
        esm: [typeof checkout.open, checkout.version, checkout.Checkout.open === checkout.open],
        umd: [typeof umd.open, umd.version],
        pure: [await pure.loadCheckout('https://checkout.example.com'), await pureCjs.loadCheckout('https://checkout.example.com')],
        react: [typeof react.CheckoutButton, typeof react.CheckoutFrame, typeof react.useCheckout],
      }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: rootDir, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({
      window: 'undefined',
      esm: ['function', '0.1.0', true],
      umd: ['function', '0.1.0'],
      pure: [null, null],
      react: ['function', 'function', 'function'],
    });
  });
});
