import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost, guestPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// Issue 62: a checkout the loader opens with payments waiting on the shop's other links (?waiting=)
// keeps its server-rendered first screen: the page carries the server's word on them, so the
// question about the waiting payment is in the page itself, and the browser takes that markup over.
// At 360 px, in Spanish and English.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
const WAITS = {
  es: /Tienes un pago con Yappy de \$25\.00 esperando tu aprobación/,
  en: /You have a Yappy payment of \$25\.00 waiting for your approval/,
} as const;

describe.runIf(browserAvailable())('the first screen with a payment waiting on another link', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0', YAPPY_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: the question about the waiting payment is rendered by the server and taken over by the browser`, async () => {
      const old = await adminPost<{ code: string }>(sandbox, 'links', { amount: 25, description: 'Café de altura' });
      const yappy = await guestPost<{ codOper: string }>(sandbox, 'yappy/payments', { code: old.code, phone: '63333333', email: 'ana@example.com', trackId: `first-${lang}-${Date.now()}` });
      const fresh = await adminPost<{ code: string }>(sandbox, 'links', { amount: 31, description: 'Café de altura, dos bolsas' });
      const waiting = JSON.stringify([{ merchant: 1, link: old.code, method: 'yappy', codOper: yappy.codOper, deadline: null }]);
      const url = `${sandbox.url}/pf/widget?type=lk&code=${fresh.code}&lang=${lang}&waiting=${encodeURIComponent(waiting)}`;

      // In the page as the server sends it: no script needed to see what waits.
      const html = await (await fetch(url)).text();
      expect(html).toMatch(/<div id="root" data-prerendered="(es|en)">/);
      expect(html).toMatch(WAITS[lang]);

      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang === 'es' ? 'es-PA' : 'en-US' });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      const started = Date.now();
      await page.goto(url, { waitUntil: 'commit' });
      await page.getByText(WAITS[lang]).waitFor({ timeout: 20_000 });
      const shownMs = Date.now() - started;
      // Taken over by the app, not only the server's markup: its heading takes the focus (an effect).
      await page.getByRole('button', { name: lang === 'es' ? /Seguir con ese pago/ : /Go on with that payment/ }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), { timeout: 10_000 }).toMatch(WAITS[lang]);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await screenshot(page, { path: `${SHOTS}waiting-first-screen-${lang}-360.png`, fullPage: true });
      console.log(`waiting first screen (${lang}): shown ${shownMs} ms after navigation`);
      await context.close();
    });
  }
});
