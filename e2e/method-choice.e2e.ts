import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, openShopCheckout, vaultFrameOf } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

/** Every method the demo merchant offers, by PRODUCT.md's names, in the order the choice lists them. */
const ALL_METHODS_ES = ['Tarjeta', 'Nequi', 'Yappy', 'Clave', 'Efectivo', 'Cripto', 'Saldo'];

// PRODUCT.md "Method choice": one radio group, card first, filtered by core's availability rules.
describe.runIf(browserAvailable())('the method choice', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('offers every method of the demo merchant with card chosen first, and moves by keyboard', async () => {
    const { context, page, checkout } = await openShopCheckout(browser, sandbox.demoUrl);
    const group = checkout.frame.getByRole('radiogroup', { name: 'Método de pago' });
    const radios = group.getByRole('radio');
    // Each radio's name is its label's text; the tile's mark is hidden from it (aria-hidden).
    const names = await radios.evaluateAll((els) =>
      els.map((el) => {
        const label = el.closest('label')?.cloneNode(true) as HTMLElement | undefined;
        label?.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return label?.textContent?.trim() ?? '';
      }),
    );
    expect(names).toEqual(ALL_METHODS_ES);
    expect(await group.getByRole('radio', { name: 'Tarjeta' }).isChecked()).toBe(true);
    expect(await checkout.field('cardnumber').isVisible()).toBe(true);

    // Arrow keys move the choice, as in any radio group; the method's form follows.
    await group.getByRole('radio', { name: 'Tarjeta' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await group.getByRole('radio', { name: 'Nequi' }).isChecked()).toBe(true);
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).waitFor();
    expect(await checkout.field('cardnumber').isVisible()).toBe(false);
    const frame = page.frames().find((f) => f.url().includes('/pf/widget'));
    if (!frame) throw new Error('no checkout frame');
    expect(await axeViolations(frame)).toEqual([]);
    await context.close();
  });

  // PRODUCT: what the payer typed once (e-mail, phone, name where a form asks it) is offered in every
  // method's form of the checkout, and the other way round; each form may still change it. Switching from
  // the card to cash and Nequi lost the e-mail and phone typed.
  it('the e-mail and phone typed on the card are in the cash and Nequi forms; a phone changed for Nequi leaves the card\'s', async () => {
    const { context, page, checkout } = await openShopCheckout(browser, sandbox.demoUrl);
    await page.setViewportSize({ width: 390, height: 844 });
    await checkout.field('email').fill('ana@example.com');
    await checkout.field('phone').fill('61234567');
    await checkout.chooseMethod(/Efectivo/);
    await checkout.field('cash-phone').waitFor();
    expect([await checkout.field('cash-email').inputValue(), await checkout.field('cash-phone').inputValue()]).toEqual(['ana@example.com', '61234567']);
    await screenshot(page, { path: 'e2e/artifacts/details-kept-cash-390.png' });
    await checkout.chooseMethod(/Nequi/);
    const nequiPhone = checkout.field('nequi-phone');
    await nequiPhone.waitFor();
    expect(await nequiPhone.inputValue()).toBe('61234567');
    await screenshot(page, { path: 'e2e/artifacts/details-kept-nequi-390.png' });
    // Nequi's own rules (a Colombian mobile in Colombia): the payer types another phone here...
    await nequiPhone.fill('3991111111');
    await checkout.chooseMethod(/Tarjeta/);
    // ...and the card keeps the one typed for it.
    expect(await checkout.field('phone').inputValue()).toBe('61234567');
    // Changed in the cash form, it changes there: the card keeps what was typed on it.
    await checkout.chooseMethod(/Efectivo/);
    await checkout.field('cash-email').fill('ana.maria@example.com');
    await checkout.chooseMethod(/Tarjeta/);
    expect(await checkout.field('email').inputValue()).toBe('ana@example.com');
    await context.close();
  });

  it('a link that lists only some methods offers only those (SPEC 4 "Method filtering"), the first chosen', async () => {
    const code = await createLink(sandbox, { amount: 12, description: 'Solo Nequi', cardTypes: ['NEQUI'] });
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=en`);
    const checkout = new CheckoutFrame(page);
    const group = checkout.frame.getByRole('radiogroup', { name: 'Payment method' });
    await group.waitFor({ timeout: 15_000 });
    // SPEC 4: "methods not listed are turned off, except the wallet (pfw)".
    expect(await group.getByRole('radio').count()).toBe(2);
    expect(await group.getByRole('radio', { name: 'Balance' }).isChecked()).toBe(false);
    expect(await group.getByRole('radio', { name: 'Nequi' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: /nequi phone/i }).waitFor();
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').count()).toBe(0);
    await screenshot(page, { path: 'e2e/artifacts/method-choice-nequi-only-360.png', fullPage: true });
    await context.close();
  });
});
