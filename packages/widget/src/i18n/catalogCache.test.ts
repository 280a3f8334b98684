import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { PasarelaError, catalogs } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { catalogAddressOf, loadEntries } from './catalogCache';
import { pickLanguage } from './pickLanguage';

function fakeApi(version: number | Error, entries: Record<string, string> | Error) {
  const calls: string[] = [];
  const api: ApiClient = {
    async get<S extends v.GenericSchema>(path: string, schema: S, query?: Record<string, string | number>) {
      calls.push(query ? `${path}?${new URLSearchParams(Object.entries(query).map(([k, x]) => [k, String(x)]))}` : path);
      if (path === 'translations/version') {
        if (version instanceof Error) throw version;
        return v.parse(schema, { version });
      }
      if (entries instanceof Error) throw entries;
      return v.parse(schema, { version, lang: query?.lang, entries });
    },
    post: () => Promise.reject(new Error('no POST expected')),
    put: () => Promise.reject(new Error('no PUT expected')),
  };
  return { api, calls };
}

const offline = new PasarelaError({ code: 'connection_error', category: 'network' });

describe('catalog cache (SPEC 1 "cached locally by version number")', () => {
  beforeEach(() => localStorage.clear());

  it('downloads the catalog once and reuses it while the version stays', async () => {
    const first = fakeApi(3, { pay_button: 'Pagar {{amount}}' });
    expect(await loadEntries(first.api, 'es', localStorage)).toEqual({ pay_button: 'Pagar {{amount}}' });
    expect(first.calls).toEqual(['translations/version', 'translations?lang=es&group=widget']);

    const second = fakeApi(3, new Error('must not download'));
    expect(await loadEntries(second.api, 'es', localStorage)).toEqual({ pay_button: 'Pagar {{amount}}' });
    expect(second.calls).toEqual(['translations/version']);
  });

  it('downloads again when the version changes, per language', async () => {
    await loadEntries(fakeApi(3, { a: 'uno' }).api, 'es', localStorage);
    expect(await loadEntries(fakeApi(4, { a: 'dos' }).api, 'es', localStorage)).toEqual({ a: 'dos' });
    expect(await loadEntries(fakeApi(4, { a: 'two' }).api, 'en', localStorage)).toEqual({ a: 'two' });
    expect(await loadEntries(fakeApi(4, new Error('cached')).api, 'es', localStorage)).toEqual({ a: 'dos' });
  });

  it('uses the cached copy offline, and the bundled catalog with neither', async () => {
    await loadEntries(fakeApi(3, { a: 'uno' }).api, 'es', localStorage);
    expect(await loadEntries(fakeApi(offline, offline).api, 'es', localStorage)).toEqual({ a: 'uno' });
    localStorage.clear();
    expect(await loadEntries(fakeApi(offline, offline).api, 'en', localStorage)).toEqual(catalogs.en);
  });

  it('ignores a corrupt cache entry', async () => {
    localStorage.setItem('pasarela.catalog.es', '{not json');
    expect(await loadEntries(fakeApi(1, { a: 'b' }).api, 'es', localStorage)).toEqual({ a: 'b' });
  });

  describe("with the catalogue's address the page names", () => {
    const HREF = '/api/v1/translations?lang=es&group=widget&v=abc123';
    const envelope = (entries: Record<string, string>) => ({ header: { code: 200, description: 'OK' }, data: JSON.stringify({ version: 3, lang: 'es', entries }) });
    afterEach(() => vi.unstubAllGlobals());

    it('downloads it at that address as a plain same-origin GET (no headers of ours), which the cache answers for good', async () => {
      const fetched = vi.fn(async () => new Response(JSON.stringify(envelope({ a: 'uno' }))));
      vi.stubGlobal('fetch', fetched);
      const named = fakeApi(3, new Error('not through the API client'));
      expect(await loadEntries(named.api, 'es', localStorage, { address: HREF })).toEqual({ a: 'uno' });
      expect(fetched.mock.calls).toEqual([[HREF, { credentials: 'same-origin' }]]);
      expect(named.calls).toEqual(['translations/version']);
    });

    // Issue 92: WebKit downloaded the catalogue on every open; a current cached copy downloads nothing.
    it('a current cached copy shows at once and nothing is downloaded', async () => {
      await loadEntries(fakeApi(3, { a: 'uno' }).api, 'es', localStorage);
      const fetched = vi.fn(async () => new Response(JSON.stringify(envelope({ a: 'uno', b: 'dos' }))));
      vi.stubGlobal('fetch', fetched);
      expect(await loadEntries(fakeApi(3, new Error('not through the API client')).api, 'es', localStorage, { address: HREF })).toEqual({ a: 'uno' });
      expect(fetched).not.toHaveBeenCalled();
    });

    it("falls back to the API client when the named address fails", async () => {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>proxy</html>', { status: 502 })));
      const named = fakeApi(3, { a: 'uno' });
      expect(await loadEntries(named.api, 'es', localStorage, { address: HREF })).toEqual({ a: 'uno' });
      expect(named.calls).toEqual(['translations/version', 'translations?lang=es&group=widget']);
    });

    it('reads the address only for its own language, and nothing from a broken element', () => {
      document.body.innerHTML = `<script type="application/json" id="pasarela-catalog">${JSON.stringify({ lang: 'es', href: HREF })}</script>`;
      expect(catalogAddressOf(document, 'es')).toBe(HREF);
      expect(catalogAddressOf(document, 'en')).toBeNull();
      document.body.innerHTML = '<script type="application/json" id="pasarela-catalog">{not json</script>';
      expect(catalogAddressOf(document, 'es')).toBeNull();
    });
  });

  it('works without storage', async () => {
    expect(await loadEntries(fakeApi(1, { a: 'b' }).api, 'es', null)).toEqual({ a: 'b' });
  });
});

describe('pickLanguage (SPEC 1: es by default, en when asked)', () => {
  it.each([
    ['lang=en', ['es-PA'], 'en'],
    ['lang=es', ['en-US'], 'es'],
    ['', ['en-US', 'es'], 'en'],
    ['', ['fr-FR', 'es-419'], 'es'],
    ['', ['fr-FR'], 'es'],
    ['lang=de', ['en'], 'en'],
    ['', [], 'es'],
  ])('%s with %j -> %s', (query, browser, lang) => {
    expect(pickLanguage(new URLSearchParams(query), browser)).toBe(lang);
  });
});
