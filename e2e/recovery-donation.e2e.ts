import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// With a donation, the summary and the Pay button say what the card is charged (amount, tax and
// donation), and so does the e-mailed receipt. The seeded station EST-001 is $15.00 with a campaign.
describe.runIf(browserAvailable())('the Pay button and the receipt e-mail show what is charged', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  for (const [lang, donation, total, donationLabel, payWord] of [
    ['es', '$5.00', '$20.00', 'Donación', 'Pagar'],
    ['en', '$10.00', '$25.00', 'Donation', 'Pay'],
  ] as const) {
    it(`${lang}: a ${donation} donation makes the summary and the button ${total}; the e-mailed receipt says ${total}`, async () => {
      const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
      await page.goto(`${sandbox.url}/pf/widget?type=ps&code=EST-001&lang=${lang}`);
      const checkout = new CheckoutFrame(page);
      await checkout.waitForForm();
      const button = page.locator('form button[type="submit"]');
      expect(await button.textContent()).toContain('$15.00');
      await page.getByRole('radio', { name: donation }).check();
      await expect.poll(() => button.textContent()).toContain(total);
      expect(await button.textContent()).toContain(payWord);
      const summary = page.locator('.summary');
      expect(await summary.getByText(donationLabel, { exact: true }).isVisible()).toBe(true);
      expect(await summary.locator('.summary__line--total').textContent()).toContain(total);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, { path: `${SHOTS}recovery-donation-${lang}-360.png`, fullPage: true });
      // Back to no donation: the total is the payment's again.
      await page.getByRole('radio', { name: lang === 'es' ? 'No donar esta vez' : 'Not this time' }).check();
      await expect.poll(() => button.textContent()).toContain('$15.00');
      await page.getByRole('radio', { name: donation }).check();

      const email = `donante-${lang}@example.com`;
      await checkout.fillCard({ number: lang === 'es' ? '4242 4242 4242 4242' : '5555 5555 5555 4444', email });
      const verification = page.getByRole('group', { name: /Verificación|Verification/ });
      await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
      await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
      await checkout.submit();
      await page.waitForURL(/\/pf\/receipt\//, { timeout: 15_000 });
      const res = await fetch(`${sandbox.url}/sandbox/mailbox?to=${encodeURIComponent(email)}`);
      const { messages } = (await res.json()) as { messages: Array<{ kind: string; body: string }> };
      const receipt = messages.find((m) => m.kind === 'receipt');
      // In the payer's language.
      expect(receipt?.body).toContain(lang === 'es' ? `Pagaste ${total} (incluye ${donation} de donación)` : `You paid ${total} (including a ${donation} donation)`);
      await page.close();
    });
  }
});
