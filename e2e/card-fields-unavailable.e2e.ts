import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { axeViolations } from './support/axe';
import { withSandboxAndBrowser } from './support/suite';
import { adminPost } from './support/entries';
import { CheckoutFrame } from './support/pages';
import { screenshot } from './support/artifacts';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// The card vault unreachable: its fields page never comes, and the card method said nothing (a blank
// box where the card number goes). Now, past 10 s, the payer reads why and can ask for the fields
// again; once the vault answers, the fields come and the card number takes the focus.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

describe.runIf(browserAvailable())('card fields that do not load', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('es: the notice past the wait, "Intentar de nuevo" loads the fields once the vault answers, the focus in the card number', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-PA' });
    const page = await context.newPage();
    const { code } = await adminPost<{ code: string }>(sandbox, 'links', { amount: 19.5, taxAmount: 0, description: 'Entradas' });
    // The vault's fields page does not answer (its process down, a network in between that drops it).
    let vaultDown = true;
    await context.route('**/fields?**', (route) => (vaultDown ? route.abort('connectionrefused') : route.continue()));
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const notice = page.getByRole('alert').filter({ hasText: 'No pudimos cargar los campos de la tarjeta' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}card-fields-unavailable-es-390.png`, fullPage: false });
    vaultDown = false;
    await notice.getByRole('button', { name: 'Intentar de nuevo' }).click();
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await expect.poll(() => notice.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => checkout.field('cardnumber').evaluate((input) => input === document.activeElement), { timeout: 10_000 }).toBe(true);
    await context.close();
  }, 90_000);
});
