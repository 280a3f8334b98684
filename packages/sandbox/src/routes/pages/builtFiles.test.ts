import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { SERVED_FONT_WEIGHTS, SERVED_FONTS, servedFontPath, type ServedFont } from '@pasarela/core';
import { defaultPaths } from '../../paths';
import { createTestApp, type TestApp } from '../../../test/testApp';

const dir = mkdtempSync(join(tmpdir(), 'pasarela-static-'));
const widgetDist = join(dir, 'widget');
const checkoutDist = join(dir, 'checkout');
mkdirSync(join(widgetDist, 'assets'), { recursive: true });
mkdirSync(checkoutDist);
writeFileSync(join(widgetDist, 'index.html'), '<!doctype html><html><head><!--pasarela-config--></head><body></body></html>');
writeFileSync(join(widgetDist, 'assets', 'entry-abc.js'), 'export {};');
writeFileSync(join(widgetDist, 'assets', 'big-abc.js'), `export const text = '${'pasarela '.repeat(2000)}';`);
writeFileSync(join(checkoutDist, 'checkout.js'), 'var Checkout={};');
writeFileSync(join(dir, 'secret.txt'), 'secret');

let t: TestApp;
let bare: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paths: { widgetDist, checkoutDist } });
  bare = await createTestApp({ paths: { widgetDist: join(dir, 'none'), checkoutDist: join(dir, 'none') } });
});
afterAll(async () => {
  await t.close();
  await bare.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('built files', () => {
  it("serves Checkout.preload()'s page: empty, no script, any shop may frame it, never cached, built or not", async () => {
    for (const app of [t, bare]) {
      const res = await app.app.request('/widget/preload');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('frame-ancestors');
      const html = await res.text();
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).not.toMatch(/<script|<style|<link|<img|<form/i);
      expect(html.length).toBeLessThan(200);
    }
  });
  it('serves assets, the SDK and images, and never a file outside its folder', async () => {
    expect(await (await t.app.request('/widget/assets/entry-abc.js')).text()).toBe('export {};');
    const sdk = await t.app.request('/sdk/checkout.js');
    expect(sdk.headers.get('content-type')).toContain('javascript');
    expect((await t.app.request('/images/merchants/demo.svg')).headers.get('content-type')).toBe('image/svg+xml');
    for (const path of ['/sdk/..%2fsecret.txt', '/widget/assets/..%2f..%2fsecret.txt']) {
      const res = await t.app.request(path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
    // URL parsing folds %2e%2e before routing: this one is the widget page, not the repo's package.json.
    expect(await (await t.app.request('/images/%2e%2e/%2e%2e/%2e%2e/package.json')).text()).not.toContain('"workspaces"');
  });
  it('gzips assets for a browser that accepts it, and not for a client that does not', async () => {
    const zipped = await t.app.request('/widget/assets/big-abc.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const body = new Uint8Array(await zipped.arrayBuffer());
    expect(body.length).toBeLessThan(2000);
    const plain = await t.app.request('/widget/assets/big-abc.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.text()).length).toBeGreaterThan(18_000);
  });
  it('serves a widget chunk (named by its content) from memory after the first request, gzipped once', async () => {
    const { gunzipSync } = await import('node:zlib');
    writeFileSync(join(widgetDist, 'assets', 'once-abc.js'), `export const text = '${'pasarela '.repeat(2000)}';`);
    const get = async () => Buffer.from(await (await t.app.request('/widget/assets/once-abc.js', { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer());
    const first = await get();
    expect(gunzipSync(first).toString()).toBe(`export const text = '${'pasarela '.repeat(2000)}';`);
    rmSync(join(widgetDist, 'assets', 'once-abc.js'));
    expect((await get()).equals(first)).toBe(true);
    expect((await t.app.request('/widget/assets/never-abc.js')).status).toBe(404);
  });
  it('compresses any other file once and again only when it changes', async () => {
    const { gunzipSync } = await import('node:zlib');
    const file = join(checkoutDist, 'big.js');
    writeFileSync(file, `var text = '${'pasarela '.repeat(2000)}';`);
    const get = async () => Buffer.from(await (await t.app.request('/sdk/big.js', { headers: { 'accept-encoding': 'gzip' } })).arrayBuffer());
    const first = await get();
    expect(gunzipSync(first).toString()).toBe(`var text = '${'pasarela '.repeat(2000)}';`);
    expect((await get()).equals(first)).toBe(true);
    writeFileSync(file, `var text = '${'checkout '.repeat(3000)}';`);
    expect(gunzipSync(await get()).toString()).toContain('checkout checkout');
  });
  it('answers 503 saying to build when the widget or SDK is not built', async () => {
    const page = await bare.app.request('/pf/widget');
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    expect((await bare.app.request('/sdk/checkout.js')).status).toBe(503);
  });
});

// Issue 48: "a short list of families the checkout serves itself; never a font URL from the merchant".
describe('the fonts the checkout serves', () => {
  const fonts = Object.keys(SERVED_FONTS) as ServedFont[];

  it.each(fonts)('%s: each weight from its package, as woff2, cached for good', async (font) => {
    for (const weight of SERVED_FONT_WEIGHTS) {
      const res = await t.app.request(servedFontPath(font, weight));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('font/woff2');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it.each(fonts)("%s: the address's version is the installed package's", (font) => {
    const pkg = JSON.parse(readFileSync(join(defaultPaths().fontsDir, font, 'package.json'), 'utf8')) as { version: string; license: string };
    expect(pkg.version).toBe(SERVED_FONTS[font].version);
    expect(pkg.license).toBe('OFL-1.1');
  });

  it.each([
    '/fonts/inter/5.2.0/inter-latin-400-normal.woff2',
    '/fonts/inter/5.3.0/package.json',
    '/fonts/inter/5.3.0/..%2Fpackage.json',
    '/fonts/inter/5.3.0/inter-latin-400-normal.css',
    '/fonts/roboto/5.3.0/roboto-latin-400-normal.woff2',
  ])('%s is not served', async (path) => {
    expect((await t.app.request(path)).status).toBe(404);
  });
});
