import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPublishedPackages } from '../scripts/check-packages.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

// What merchants install: the built packages as npm packs them (needs `npm run build`).
describe('published packages', () => {
  it('pass publint and arethetypeswrong, and ship only their built files, README and licence', async () => {
    const results = await checkPublishedPackages();
    expect(results.map((r) => [r.name, r.problems])).toEqual([
      ['@pasarela/checkout', []],
      ['@pasarela/react', []],
      ['@pasarela/node', []],
      ['@pasarela/gateways', []],
      ['@pasarela/gateway-stripe', []],
    ]);
    const [checkout, react, node, , gatewayStripe] = results;
    expect(checkout?.entrypoints).toEqual(['.', './pure', './package.json']);
    expect(checkout?.files.filter((f) => !f.startsWith('dist/') && f !== 'package.json')).toEqual(['LICENSE', 'README.md', 'pure/package.json']);
    expect(react?.files.sort()).toEqual(['LICENSE', 'README.md', 'dist/index.cjs', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'package.json']);
    expect(node?.files.sort()).toEqual(['LICENSE', 'README.md', 'dist/cli.js', 'dist/index.cjs', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'package.json']);
    expect(gatewayStripe?.files.sort()).toEqual(['LICENSE', 'README.md', 'dist/index.cjs', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.js', 'package.json']);
  }, 120_000);

  it('import and require in Node, where there is no window, by their package names', () => {
    // a separate Node process resolves the names through node_modules and each package's exports
    const script = `
      const { createRequire } = await import('node:module');
      const require = createRequire(process.cwd() + '/');
      const checkout = await import('@pasarela/checkout');
      const pure = await import('@pasarela/checkout/pure');
      const react = await import('@pasarela/react');
      const cjs = require('@pasarela/checkout');
      const pureCjs = require('@pasarela/checkout/pure');
      const reactCjs = require('@pasarela/react');
      const node = await import('@pasarela/node');
      const nodeCjs = require('@pasarela/node');
      console.log(JSON.stringify({
        window: typeof window,
        esm: [typeof checkout.open, checkout.version, checkout.Checkout.open === checkout.open],
        cjs: [typeof cjs.open, cjs.version],
        pure: [await pure.loadCheckout('https://checkout.example.com'), await pureCjs.loadCheckout('https://checkout.example.com')],
        react: [typeof react.CheckoutButton, typeof react.CheckoutFrame, typeof react.useCheckout],
        reactCjs: [typeof reactCjs.CheckoutButton, typeof reactCjs.CheckoutFrame, typeof reactCjs.useCheckout],
        node: [typeof node.Pasarela, typeof node.constructEvent, typeof nodeCjs.Pasarela, typeof nodeCjs.constructEvent],
      }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: rootDir, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({
      window: 'undefined',
      esm: ['function', '0.1.0', true],
      cjs: ['function', '0.1.0'],
      pure: [null, null],
      react: ['function', 'function', 'function'],
      reactCjs: ['function', 'function', 'function'],
      node: ['function', 'function', 'function', 'function'],
    });
  });

  it('add no listener to a page when imported or required: only the script tag wires pay buttons', () => {
    // A page-like global document, as server rendering with a DOM shim or a CommonJS bundle has.
    const script = `
      const { createRequire } = await import('node:module');
      const require = createRequire(process.cwd() + '/');
      const added = [];
      globalThis.document = { addEventListener: (type) => added.push(type) };
      await import('@pasarela/checkout');
      require('@pasarela/checkout');
      await import('@pasarela/react');
      require('@pasarela/react');
      const imported = added.length;
      // the script tag's build does listen: the check above can fail; require()d, it answers the API
      const tag = require(process.cwd() + '/packages/checkout/dist/checkout.js');
      console.log(JSON.stringify({ imported, scriptTag: added.length - imported, required: typeof tag.open }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: rootDir, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ imported: 0, scriptTag: 1, required: 'function' });
  });

  it('type-check in an app compiled with exactOptionalPropertyTypes, which may pass undefined settings', () => {
    // A merchant's app, strict and exact, importing the built declarations by package name.
    const dir = mkdtempSync(join(rootDir, 'node_modules', '.pasarela-types-'));
    try {
      writeFileSync(join(dir, 'app.tsx'), [
        "import { open } from '@pasarela/checkout';",
        "import { CheckoutButton, CheckoutFrame, useCheckout } from '@pasarela/react';",
        "declare const lang: 'es' | 'en' | undefined;",
        'declare const baseUrl: string | undefined;',
        "open({ code: 'LK1', lang, baseUrl, onResult: undefined });",
        "open({ slug: 'tienda', code: undefined, lang });",
        "export const button = <CheckoutButton code=\"LK1\" lang={lang} baseUrl={baseUrl}>Pagar</CheckoutButton>;",
        'export const frame = <CheckoutFrame stationId="ST1" lang={lang} />;',
        'export function Pay() { const checkout = useCheckout(); return checkout; }',
        "// @ts-expect-error a language the checkout does not speak is still refused",
        "open({ code: 'LK1', lang: 'fr' });",
      ].join('\n'));
      const tsc = join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');
      const args = ['--noEmit', '--strict', '--exactOptionalPropertyTypes', '--skipLibCheck', '--jsx', 'react-jsx', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', join(dir, 'app.tsx')];
      const run = spawnSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
      expect(run.stdout + run.stderr).toBe('');
      expect(run.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // What a developer copies from docs/integration.md compiles as it stands, strict and exact, against the
  // built declarations: the React example and the script-tag page.
  it("docs/integration.md's TypeScript examples compile against the published declarations", () => {
    const doc = readFileSync(join(rootDir, 'docs', 'integration.md'), 'utf8');
    const blocks = [...doc.matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map(([, lang, code]) => ({ lang: lang ?? '', code: code ?? '' }));
    const examples = [
      { file: 'react-example.tsx', block: blocks.find((b) => b.lang === 'tsx' && b.code.includes("from '@pasarela/react'")) },
      { file: 'script-tag-example.ts', block: blocks.find((b) => b.code.startsWith('/// <reference types="@pasarela/checkout" />')) },
    ];
    const dir = mkdtempSync(join(rootDir, 'node_modules', '.pasarela-doc-examples-'));
    try {
      for (const { file, block } of examples) {
        expect(block, file).toBeDefined();
        writeFileSync(join(dir, file), block?.code ?? '');
        const tsc = join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');
        const args = ['--noEmit', '--strict', '--exactOptionalPropertyTypes', '--skipLibCheck', '--jsx', 'react-jsx', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', join(dir, file)];
        const run = spawnSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
        expect(run.stdout + run.stderr, file).toBe('');
        expect(run.status, file).toBe(0);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it("@pasarela/react is a client module: 'use client' heads both builds (React Server Components, Next.js App Router)", () => {
    for (const file of ['packages/react/dist/index.js', 'packages/react/dist/index.cjs']) {
      const text = readFileSync(join(rootDir, file), 'utf8');
      expect(text.startsWith("'use client';"), file).toBe(true);
    }
  });
});
