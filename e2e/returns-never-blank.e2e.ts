import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { catalogs } from '@pasarela/core';
import { createLink, transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { CheckoutFrame } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// Issue 70 "never blank": /pf/widget/returnclave?Oper=<a Clave payment the bank has not answered>
// showed a white page for 4 s and more. Every return page (returnclave, returnclavesdk, the 3DS
// return's processing page) draws the shop's header and a status text with the page itself: one
// second after the address is asked for, both are on screen, then what the processor says.
describe.runIf(browserAvailable())('return pages are never blank', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '3000' }, (started) => ({ sandbox, browser } = started));

  it.each(['es' as const, 'en' as const])('%s: a Clave payment the bank has not answered, at 1 s: the header and the bank\'s wait', async (lang) => {
    const code = await createLink(sandbox, { amount: lang === 'es' ? 31.5 : 32.5, taxAmount: 0, description: 'Pedido 1042' });
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await checkout.chooseMethod(/Clave/);
    const verification = page.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: /continuar al banco|continue to the bank/i }).click();
    // On the bank's page, unanswered.
    await expect.poll(async () => (await transactionsFor(sandbox, code)).length, { timeout: 15_000 }).toBe(1);
    const codOper = (await transactionsFor(sandbox, code))[0]?.codOper ?? '';
    const shop = 'Tostadores del Casco';

    for (const [name, path] of [
      ['returnclave', `/pf/widget/returnclave?Oper=${codOper}&lang=${lang}`],
      ['returnclavesdk', `/pf/widget/returnclavesdk?Oper=${codOper}&lang=${lang}`],
      ['processing', `/pf/default-receipt/processing?Oper=${codOper}&lang=${lang}`],
    ] as const) {
      const back = await context.newPage();
      await back.goto(`${sandbox.url}${path}`, { waitUntil: 'commit' });
      await back.waitForTimeout(1_000);
      await screenshot(back, { path: `${SHOTS}return-${name}-1s-${lang}-360.png` });
      const text = await back.locator('body').innerText();
      expect(text, name).toContain(shop);
      const status = name === 'processing' ? catalogs[lang].status_pending : catalogs[lang].clave_bank_pending;
      expect(text, name).toContain(status);
      await back.close();
    }
    await context.close();
  });
});
