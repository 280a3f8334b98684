import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { openLinkPage } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

const PENDING_NOTE = /pendiente de confirmación/i;

// A card payment back from its 3DS challenge before the issuer decided (its answer not sent: the
// issuer's page answered the browser with the way back and nothing more): the return reads the
// payment again a few times, then shows its receipt pending. That receipt follows the payment, as
// the checkout's own pending receipt does (watchPayment): once the issuer decides (here the sandbox's
// admin settle call), the receipt in view says so, with no reload.
describe.runIf(browserAvailable())('a pending card receipt drawn on the return from a 3DS challenge', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('shows "Pendiente", then the approved receipt once the issuer decides, with no reload', async () => {
    const code = await createLink(sandbox, { amount: 23, taxAmount: 0, description: 'Reloj de arena' });
    const { context, page, checkout } = await openLinkPage(browser, sandbox.url, code);
    // The issuer's page sends the payer back without recording the answer: the payment stays at its challenge.
    await context.route('**/3ds/*', async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      if (request.method() !== 'POST' || url.origin === new URL(sandbox.url).origin) return route.continue();
      const codOper = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      const back = new URL(`/pf/gateways/return/3ds/${encodeURIComponent(codOper)}`, sandbox.url);
      const carried = new URLSearchParams(request.postData() ?? '').get('returnTo');
      if (carried) back.searchParams.set('returnTo', carried);
      await route.fulfill({ status: 303, headers: { location: back.href } });
    });
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4000 0000 0000 3220' });
    await checkout.submit();
    await page.getByRole('button', { name: 'Aprobar' }).click({ timeout: 30_000 });
    // The return's own reads (a second apart) find it undecided: the receipt says pending.
    await expect.poll(() => page.getByText(PENDING_NOTE).count(), { timeout: 30_000 }).toBe(1);
    expect(await page.locator('.receipt__badge').textContent()).toBe('Pendiente');
    const [tx] = await transactionsFor(sandbox, code);
    expect(tx).toMatchObject({ method: 'card', status: -1 });
    const addressShown = page.url();

    const settled = await fetch(`${sandbox.url}/sandbox/3ds/${tx?.codOper ?? ''}`, {
      method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve',
    });
    expect(settled.status).toBe(200);
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('.receipt__badge').textContent()).toBe('Aprobado');
    expect(await page.getByText(PENDING_NOTE).count()).toBe(0);
    // The same page, not a reload or another address.
    expect(page.url()).toBe(addressShown);
    expect(await transactionsFor(sandbox, code)).toEqual([expect.objectContaining({ method: 'card', status: 1 })]);
    await context.close();
  }, 90_000);
});
