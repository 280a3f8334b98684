import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';

const dir = mkdtempSync(join(tmpdir(), 'pasarela-widget-page-'));
const widgetDist = join(dir, 'widget');
mkdirSync(widgetDist, { recursive: true });
writeFileSync(join(widgetDist, 'index.html'), '<!doctype html><html lang="es"><head><!--pasarela-config--></head><body></body></html>');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ paths: { widgetDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the widget page', () => {
  it.each(['/', '/tienda-demo', '/tienda-demo/LKDEMO0001', '/tienda-demo/receive', '/pf/widget', '/pf/widget/signup', '/pf/default-receipt/PP1', '/404', '/stationPayment'])(
    'serves the widget HTML with its config at %s',
    async (path) => {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      const json = /<script type="application\/json" id="pasarela-config">(.*?)<\/script>/.exec(html)?.[1];
      expect(JSON.parse(json ?? 'null')).toEqual({
        apiBase: '/api/v1', wireEncoding: true, clientKey: 'pk_sandbox_pasarela_guest', widgetKey: 'pk_sandbox_pasarela_widget', env: 'demo', splashMs: 3000, version: '2.219.0', imageBase: '',
      });
    },
  );
  // An English checkout back from Clave's bank page (its address names the language) was Spanish to a
  // screen reader until the widget's script ran.
  it.each([
    ['/pf/widget/returnclavesdk?Oper=PP1&lang=en', {}, 'en'],
    ['/pf/widget?type=lk&code=LK1', { 'accept-language': 'en-US,en;q=0.9' }, 'en'],
    ['/pf/widget?type=lk&code=LK1&lang=es', { 'accept-language': 'en-US' }, 'es'],
    ['/a/b/c?lang=en', {}, 'en'],
  ] as const)('%s is in the language the widget picks from the first paint', async (path, headers, lang) => {
    const html = await (await t.app.request(path, { headers })).text();
    expect(/<html[^>]*>/.exec(html)?.[0]).toBe(`<html lang="${lang}">`);
  });
  it('answers other paths with the widget (its 404 page) and status 404', async () => {
    expect((await t.app.request('/a/b/c')).status).toBe(404);
  });
});
