import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { CheckoutFrame } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// Issue 96: a paid single-use link opened again is drawn with the checkout's styles (styles.later.css),
// names its shop, and says when and how much was paid.
describe.runIf(browserAvailable())('a paid single-use link opened again', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it.each([['es', 7.25, /Ya pagaste este enlace el \d{2}\/\d{2}\/\d{4}: \$7\.25\./], ['en', 8.25, /You paid this link on \d{1,2} [A-Z][a-z]{2} \d{4}: \$8\.25\./]] as const)(
    '%s: styled, the shop named, the amount and the day said',
    async (lang, amount, said) => {
      const code = await createLink(sandbox, { amount, description: 'Pedido 1042', singleUse: true });
      const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const address = `${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`;
      await page.goto(address);
      const checkout = new CheckoutFrame(page);
      await checkout.waitForForm();
      await checkout.fillCard({ number: '4242 4242 4242 4242' });
      await checkout.submit();
      await checkout.receiptTitle.waitFor({ timeout: 20_000 });

      await page.goto(address);
      await page.getByText(said).waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => /later/.test(l.getAttribute('href') ?? '')))).toBe(true);
      // The later sheet's rules apply: the way out wraps under the shop's name (styles.later.css .way-out).
      expect(await page.locator('header.way-out').evaluate((h) => getComputedStyle(h).flexWrap)).toBe('wrap');
      expect(await page.locator('header.way-out').textContent()).toMatch(/\S/);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    },
    90_000,
  );
});
