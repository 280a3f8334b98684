import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { clickClosingPage } from './support/frames';
import { screenshot } from './support/artifacts';
import { adminPost } from './support/entries';
import { payCardThroughChallenge } from './support/pages';

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
      expect(await axeViolations(alone)).toEqual([]);
      await screenshot(alone, { path: `${SHOTS}way-out-no-shop-close-${lang}-360.png`, fullPage: true });
      await clickClosingPage(alone, close);
      await expect.poll(() => alone.isClosed(), { timeout: 5_000 }).toBe(true);

      // Reached from another page of this tab that the checkout cannot name (the 404 here): back to it.
      const page = await context.newPage();
      await page.goto(`${sandbox.url}/no/such/page?lang=${lang}`);
      await page.locator('h1').waitFor({ timeout: 20_000 });
      const before = page.url();
      await page.goto(expired);
      const back = page.getByRole('button', { name: TEXT[lang].back, exact: true });
      await back.waitFor({ timeout: 20_000 });
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}way-out-no-shop-back-${lang}-360.png`, fullPage: true });
      await back.click();
      await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(before);
      await context.close();
    });
  }

  // After a 3DS page the tab's previous page is the issuer's: "back" steps past it to the page the tab
  // showed before the checkout, and a tab whose first page was the checkout offers none (a script may
  // not close a tab that has been to the bank, and the bank's page is no way out).
  it('es: after a 3DS page, back leads past the bank to the page before the checkout; a tab opened on the link alone offers no way back', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    const payThroughChallenge = async (page: Page, amount: number) => {
      await payCardThroughChallenge(page);
      expect(await page.getByText(amount.toFixed(2)).count()).toBeGreaterThan(0);
    };

    const before = await context.newPage();
    await before.goto(`${sandbox.url}/no/such/page?lang=es`);
    await before.locator('h1').waitFor({ timeout: 20_000 });
    const earlier = before.url();
    const first = await adminPost<{ code: string }>(sandbox, 'links', { amount: 17.25, taxAmount: 0, description: 'Entradas' });
    await before.goto(`${sandbox.url}/pf/widget?type=lk&code=${first.code}`);
    await payThroughChallenge(before, 17.25);
    const back = before.getByRole('button', { name: TEXT.es.back });
    await back.waitFor({ timeout: 10_000 });
    await back.click();
    await expect.poll(() => before.url(), { timeout: 10_000 }).toBe(earlier);

    const second = await adminPost<{ code: string }>(sandbox, 'links', { amount: 18.75, taxAmount: 0, description: 'Entradas' });
    const mail = await context.newPage();
    await mail.setContent(`<a href="${sandbox.url}/pf/widget?type=lk&code=${second.code}" target="_blank" rel="noopener noreferrer">link</a>`);
    const [alone] = await Promise.all([context.waitForEvent('page'), mail.click('a')]);
    await mail.close();
    await payThroughChallenge(alone, 18.75);
    // The effect that decides has run once the catalogue's texts show; give it the same moment a payer would.
    await alone.waitForTimeout(500);
    expect(await alone.getByRole('button', { name: TEXT.es.back }).count()).toBe(0);
    expect(await alone.getByRole('button', { name: TEXT.es.close }).count()).toBe(0);
    expect(await axeViolations(alone)).toEqual([]);
    await screenshot(alone, { path: `${SHOTS}way-out-no-shop-after-3ds-es-360.png`, fullPage: true });
    await context.close();
  }, 120_000);
});
