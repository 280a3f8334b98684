import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { seriousViolations } from './support/axe';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { clickClosingPage } from './support/frames';
import { screenshot } from './support/artifacts';

// Issue 62 item 7: a full page that knows no address of the shop no longer sends the payer to the
// checkout's start (a page for paying by code, which nobody asked for). It leads back the way the tab
// came, or, in a tab opened on the page alone (a link in an e-mail), closes it. At 360 px, es and en.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
const TEXT = {
  es: { back: 'Volver a la página anterior', close: 'Cerrar esta página', start: /ir al inicio/i },
  en: { back: 'Back to the previous page', close: 'Close this page', start: /go to the start/i },
} as const;

describe.runIf(browserAvailable())('the way out of a full page that knows no shop', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: back the way the tab came, else closing a tab opened on it; never the checkout's start`, async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang === 'es' ? 'es-PA' : 'en-US' });
      const expired = `${sandbox.url}/pf/responseMessage?code=3000&lang=${lang}`;

      // A tab opened on the expired link's page alone (a link in an e-mail, opened in a new tab, no
      // referrer), no shop known: closing it is the way out.
      const mail = await context.newPage();
      await mail.setContent(`<a href="${expired}" target="_blank" rel="noopener noreferrer">link</a>`);
      const [alone] = await Promise.all([context.waitForEvent('page'), mail.click('a')]);
      await mail.close();
      const close = alone.getByRole('button', { name: TEXT[lang].close });
      await close.waitFor({ timeout: 20_000 });
      expect(await alone.getByRole('link', { name: TEXT[lang].start }).count()).toBe(0);
      expect(await alone.locator('a[href="/"]').count()).toBe(0);
      expect(await seriousViolations(alone)).toEqual([]);
      await screenshot(alone, { path: `${SHOTS}way-out-no-shop-close-${lang}-360.png`, fullPage: true });
      await clickClosingPage(alone, close);
      await expect.poll(() => alone.isClosed(), { timeout: 5_000 }).toBe(true);

      // Reached from another page of this tab that the checkout cannot name (the 404 here): back to it.
      const page = await context.newPage();
      await page.goto(`${sandbox.url}/no/such/page?lang=${lang}`);
      await page.locator('h1').waitFor({ timeout: 20_000 });
      const before = page.url();
      await page.goto(expired);
      const back = page.getByRole('button', { name: TEXT[lang].back });
      await back.waitFor({ timeout: 20_000 });
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}way-out-no-shop-back-${lang}-360.png`, fullPage: true });
      await back.click();
      await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(before);
      await context.close();
    });
  }
});
