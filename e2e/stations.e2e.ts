import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { adminPost } from './support/entries';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// SPEC 2 /stationPayment and the widget's type ps (Checkout.open({ stationId })).
describe.runIf(browserAvailable())('payment stations, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  it('the seeded station EST-001: its description and $15.00, every method of its merchant, paid by card', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=ps&code=EST-001`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Caja 1');
    expect(await page.locator('.summary__line--total').textContent()).toContain('15.00');
    const methods = page.getByRole('radiogroup', { name: /método de pago/i }).getByRole('radio');
    expect(await methods.count()).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/station-form-360.png', fullPage: true });
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    // The receipt is the sandbox's record of that payment: the station's price was charged.
    expect(page.url()).toMatch(/\/pf\/default-receipt\/\w+/);
    expect(await page.locator('main').textContent()).toContain('15.00');
    await screenshot(page, { path: 'e2e/artifacts/station-receipt-360.png', fullPage: true });
    await context.close();
  });

  it('/stationPayment with a station that has no price: the payer enters the amount, checked against the merchant limit', async () => {
    await adminPost(sandbox, 'stations', { stationId: 'CAJA-LIBRE', description: 'Caja libre' });
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/stationPayment?code=CAJA-LIBRE`);
    const amount = page.getByLabel('Amount to pay');
    await amount.waitFor({ timeout: 20_000 });
    expect(await amount.getAttribute('autocomplete')).toBe('transaction-amount');
    await amount.fill('99999999');
    // SPEC 5: the limit is checked 500 ms after typing stops.
    await expect.poll(() => page.getByText(/exceeds/i).isVisible(), { timeout: 5_000 }).toBe(true);
    await amount.fill('0.5');
    await page.getByRole('button', { name: 'Continue' }).click();
    expect(await page.locator('#field-amount-error').textContent()).not.toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/station-amount.png', fullPage: true });
    await amount.fill('12.5');
    await amount.press('Enter');
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.locator('.summary__line--total').textContent()).toContain('12.50');
    // A mistyped amount is corrected on its step: "Change amount" goes back, the amount kept in its field, focused.
    await page.getByRole('button', { name: 'Change amount' }).click();
    await expect.poll(() => amount.evaluate((el) => el === document.activeElement), { timeout: 5_000 }).toBe(true);
    expect(await amount.inputValue()).toBe('12.50');
    await amount.fill('13.25');
    await amount.press('Enter');
    await checkout.waitForForm();
    expect(await page.locator('.summary__line--total').textContent()).toContain('13.25');
    // The card step's first field takes the focus: the card number, in the card vault's frame, whose
    // page comes after the frame was focused. The payer types it with the keyboard alone.
    const number = checkout.field('cardnumber');
    await expect.poll(() => number.evaluate((el) => el === document.activeElement && document.hasFocus()), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type('4242424242424242');
    expect((await number.inputValue()).replace(/\s/g, '')).toBe('4242424242424242');
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    // While the card's request is out, "Change amount" does nothing: its answer must not land on an amount step.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth-capture', async (route) => {
      await held;
      await route.continue();
    });
    const out = page.waitForRequest('**/auth-capture');
    await checkout.submit();
    await out;
    await page.getByRole('button', { name: 'Change amount' }).click();
    expect(await page.getByLabel('Amount to pay').count()).toBe(0);
    release();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('main').textContent()).toContain('13.25');
    await context.close();
  });

  it('an unknown station goes to the response-message page with 3001', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=ps&code=NO-SUCH-STATION`);
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 20_000 }).toBe('/pf/responseMessage?code=3001');
    await page.getByRole('heading').first().waitFor();
    expect(await page.getByRole('heading').first().textContent()).toMatch(/\S/);
    await screenshot(page, { path: 'e2e/artifacts/station-not-found.png' });
    await context.close();
  });
});
