import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost } from './support/entries';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { catalogs } from '@pasarela/core';
import { screenshot } from './support/artifacts';

// Issue 21 "Merchants get both the key and the text": a shop page's `result` event for a failed
// attempt carries reason { key, text }, the catalogue key and the payer's text, for Nequi and Clave
// (whose Razon is a raw key) as for cards (whose Razon is the bank's words); Razon itself is unchanged.
interface Reason {
  key: string;
  text: string;
}
interface Result {
  status: string;
  method: string;
  notification: { Razon: string; Estado: string };
  reason?: Reason;
}

describe.runIf(browserAvailable())('failed attempts tell the shop the catalogue key and the payer\'s text', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));


  /** The demo shop's page, with its own Checkout.open() whose every result is kept. */
  async function shopWith(lang: 'es' | 'en'): Promise<{ page: Page; checkout: CheckoutFrame; results: () => Promise<Result[]>; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang === 'es' ? 'es-PA' : 'en-US' });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    const { code } = await adminPost<{ code: string }>(sandbox, 'links', { amount: 12.5, description: 'Entradas' });
    await page.evaluate(({ code, lang }) => {
      const w = window as unknown as { results: unknown[]; Checkout: { open(o: object): { on(e: string, f: (r: unknown) => void): void } } };
      w.results = [];
      w.Checkout.open({ code, lang }).on('result', (r) => w.results.push(r));
    }, { code, lang });
    const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
    await checkout.waitForForm();
    return { page, checkout, results: () => page.evaluate(() => (window as unknown as { results: Result[] }).results), close: () => context.close() };
  }

  for (const lang of ['es', 'en'] as const) {
    it(`Nequi's and Clave's declines (a raw key in Razon) and a card's decline (the bank's words) all give key and text, in ${lang}`, async () => {
      const entries: Record<string, string> = catalogs[lang];
      const { page, checkout, results, close } = await shopWith(lang);
      await checkout.chooseMethod(/Nequi/);
      await checkout.frame.getByRole('textbox', { name: /nequi/i }).fill('62222222');
      await checkout.frame.locator('#method-panel-nequi form button[type="submit"]').click();
      await expect.poll(async () => (await results()).length, { timeout: 20_000 }).toBe(1);
      const [nequi] = await results();
      expect(nequi?.status).toBe('error');
      expect(nequi?.method).toBe('nequi');
      // The key is the catalogue's, the text its entry in the payer's language; Razon is as it was.
      expect(nequi?.reason?.key).toBe(nequi?.notification.Razon);
      expect(entries[nequi?.reason?.key ?? '']).toBeTruthy();
      expect(nequi?.reason?.text).toBe(entries[nequi?.reason?.key ?? '']);
      await screenshot(page, { path: new URL(`./artifacts/after-failure-reason-nequi-${lang}-360.png`, import.meta.url).pathname });

      await checkout.chooseMethod(lang === 'es' ? /Tarjeta/ : /Card/);
      await checkout.fillCard({ number: '4000 0000 0000 0002' });
      await checkout.frame.locator('#method-panel-card form button[type="submit"]').click();
      await expect.poll(async () => (await results()).length, { timeout: 20_000 }).toBe(2);
      const card = (await results())[1];
      expect(card?.status).toBe('error');
      expect(card?.method).toBe('card');
      expect(card?.reason?.key).toBe('payment_declined');
      // The bank's words, as the payer read them beside the field.
      expect(card?.reason?.text).toBe(card?.notification.Razon);
      expect(card?.reason?.text).not.toBe('');

      // Clave refused on the bank's page: Razon is the catalogue key, as Nequi's, never the bank's words.
      await checkout.chooseMethod(/Clave/);
      await checkout.frame.getByRole('button', { name: /continuar al banco|continue to the bank/i }).click();
      await checkout.frame.getByRole('button', { name: /rechazar|decline/i }).click();
      await expect.poll(async () => (await results()).length, { timeout: 20_000 }).toBe(3);
      const clave = (await results())[2];
      expect([clave?.status, clave?.method, clave?.notification.Razon]).toEqual(['error', 'clave', 'payment_declined']);
      // Its text the receipt's words in the payer's language, never the key.
      expect(clave?.reason?.key).toBe('payment_declined');
      expect(clave?.reason?.text).toMatch(lang === 'es' ? /declinada/i : /declined/i);
      await close();
    }, 90_000);
  }
});
