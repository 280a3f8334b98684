import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

// Issue 21 "The first phone screen": on a 360x740 phone the payment's essentials come first. The
// demo merchant offers all seven methods, a donation and the captcha, the longest checkout there is.
// Bounds (page pixels from the top of the checkout): the card-number field ends inside the first
// screen (its bottom at most 740, it began at 942 before), and Pay is on the first screen too (it
// started at 1,495, then about 1,410, with the donation and the captcha between the card fields and
// Pay): it stays in view at the screen's bottom while the card form is on screen (issue 47), and the
// captcha sits below the form. The header's close stays in view while the payer scrolls down to Pay.
// The method radios keep PRODUCT.md's names.
const FIRST_SCREEN = { width: 360, height: 740 };
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
const METHODS = {
  es: ['Tarjeta', 'Nequi', 'Yappy', 'Clave', 'Efectivo', 'Cripto', 'Saldo'],
  en: ['Card', 'Nequi', 'Yappy', 'Clave', 'Cash', 'Crypto', 'Balance'],
} as const;

describe.runIf(browserAvailable())('the first phone screen', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  for (const lang of ['es', 'en'] as const) {
    it(`shows the amount, the methods and the card field first, Pay soon after, the close in reach (${lang}, 360x740)`, async () => {
      const { code } = await adminPost<{ code: string }>(sandbox, 'links', { amount: 34.75, taxAmount: 4.84, description: 'Entradas de cine' });
      const context = await browser.newContext({ viewport: FIRST_SCREEN, locale: lang === 'es' ? 'es-PA' : 'en-US' });
      const page = await context.newPage();
      await page.goto(sandbox.demoUrl);
      await page.evaluate(({ code, lang }) => (window as unknown as { Checkout: { open(o: object): void } }).Checkout.open({ code, lang }), { code, lang });
      const frameEl = page.locator('iframe[src*="/pf/widget"]');
      const checkout = page.frameLocator('iframe[src*="/pf/widget"]');
      await vaultFrameOf(checkout).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
      const frame = page.frames().find((f) => f !== page.mainFrame());
      if (!frame) throw new Error('no checkout frame');
      // Let the captcha and the later parts settle where they go.
      await checkout.getByRole('checkbox').first().waitFor({ timeout: 15_000 });

      // The card number is typed in the card vault's frame: its place on the screen is the frame's top
      // in the checkout plus the field's bottom inside the frame.
      const vaultFrame = frame.childFrames()[0];
      if (!vaultFrame) throw new Error('no card vault frame');
      const fieldInVault = await vaultFrame.evaluate(() => {
        const r = document.querySelector('[name="cardnumber"]')?.getBoundingClientRect();
        return r ? { top: r.top + scrollY, bottom: r.bottom + scrollY } : null;
      });
      const at = await frame.evaluate((fieldInVault) => {
        const box = (el: Element | null) => (el ? { top: Math.round(el.getBoundingClientRect().top + scrollY), bottom: Math.round(el.getBoundingClientRect().bottom + scrollY) } : null);
        const vault = box(document.querySelector('iframe.vault-fields'));
        return {
          total: box(document.querySelector('.summary__line--total')),
          methods: box(document.querySelector('[role="radiogroup"]')),
          card: vault && fieldInVault ? { top: Math.round(vault.top + fieldInVault.top), bottom: Math.round(vault.top + fieldInVault.bottom) } : null,
          pay: box(document.querySelector('#method-panel-card button[type="submit"]')),
        };
      }, fieldInVault);
      console.log(`first phone screen ${lang}: ${JSON.stringify(at)}`);
      // The modal checkout fills the phone's screen, so the frame's pixels are the screen's.
      expect((await frameEl.boundingBox())?.height).toBe(FIRST_SCREEN.height);
      expect(at.total?.bottom).toBeLessThanOrEqual(FIRST_SCREEN.height);
      expect(at.methods?.bottom).toBeLessThanOrEqual(FIRST_SCREEN.height);
      expect(at.card?.bottom).toBeLessThanOrEqual(FIRST_SCREEN.height);
      expect(at.pay?.bottom).toBeLessThanOrEqual(FIRST_SCREEN.height);
      await screenshot(page, { path: `${SHOTS}after-first-screen-${lang}-360.png` });

      // PRODUCT.md "Method choice": the group and every radio named as before, the marks adding nothing to the names.
      const group = checkout.getByRole('radiogroup', { name: lang === 'es' ? 'Método de pago' : 'Payment method' });
      for (const name of METHODS[lang]) expect(await group.getByRole('radio', { name, exact: true }).count()).toBe(1);
      expect(await group.getByRole('radio', { name: METHODS[lang][0], exact: true }).isChecked()).toBe(true);
      expect(await axeViolations(frame)).toEqual([]);

      // Down at Pay, the close is still on screen.
      await checkout.locator('#method-panel-card button[type="submit"]').scrollIntoViewIfNeeded();
      const close = checkout.getByRole('button', { name: lang === 'es' ? 'Cerrar' : 'Close' });
      const closeBox = await close.boundingBox();
      expect(closeBox?.y).toBeGreaterThanOrEqual(0);
      expect((closeBox?.y ?? 999) + (closeBox?.height ?? 0)).toBeLessThanOrEqual(FIRST_SCREEN.height);
      await screenshot(page, { path: `${SHOTS}after-first-screen-at-pay-${lang}-360.png` });
      // Choosing another tile by keyboard still works.
      await group.getByRole('radio', { name: 'Nequi', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await group.getByRole('radio', { name: 'Yappy', exact: true }).isChecked()).toBe(true);
      await context.close();
    }, 90_000);
  }
});
