import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { seriousViolations } from './support/axe';
import { adminPost, guestGet, guestPost } from './support/entries';
import { CheckoutFrame } from './support/pages';
import type { RunningSandbox } from '../scripts/sandbox-process.mjs';

// SPEC 2 widget type subs (Checkout.open({ subscriptionKey })), SPEC 4 "Subscription", SPEC 9 periods.
describe.runIf(browserAvailable())('subscriptions, end to end', () => {
  let sandbox: RunningSandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  /** A new pending subscription on a plan made for the test. */
  async function newSubscription(plan: { name: string; amount: number; period: string; chargeNow: boolean }): Promise<string> {
    const created = await adminPost<{ idPlan: number }>(sandbox, 'plans', plan);
    const sub = await guestPost<{ subscriptionKey: string }>(sandbox, 'subscriptions', { idPlan: created.idPlan, email: 'suscriptor@example.com' });
    return sub.subscriptionKey;
  }

  it('SUBDEMO0001: the plan and its monthly label, card only; paying activates it and the charge applied at once shows its receipt', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=SUBDEMO0001`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.getByRole('heading', { name: 'Suscripción Plan Mensual' }).isVisible()).toBe(true);
    expect(await page.locator('.plan__every').textContent()).toMatch(/19\.99 cada mes/);
    // SPEC 7: a subscription is paid with card info; SPEC 4: balance does not activate one.
    expect(await page.getByRole('radio').count()).toBe(1);
    expect(await page.getByRole('radio', { name: /Tarjeta/ }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'e2e/artifacts/subscription-form-360.png', fullPage: true });
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    const title = page.getByRole('heading', { name: 'Comprobante de suscripción' });
    await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true);
    // The seeded plan charges at once: SPEC 4 "the user goes to the default receipt".
    expect(new URL(page.url()).pathname).toMatch(/^\/pf\/default-receipt\/\w+$/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('4242');
    expect(text).not.toContain('4242 4242');
    await page.screenshot({ path: 'e2e/artifacts/subscription-receipt-360.png', fullPage: true });

    // "paying activates it": an active subscription is no longer offered (409 request_already_paid).
    await expect(guestGet(sandbox, 'subscriptions/SUBDEMO0001')).rejects.toThrow(/answered 409/);
    await context.close();
  });

  it('a plan that does not charge at once ends on /{subscriptionKey}/receive; English period label', async () => {
    const key = await newSubscription({ name: 'Semanal', amount: 3.5, period: 'WE', chargeNow: false });
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${key}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.getByRole('heading', { name: 'Semanal subscription' }).isVisible()).toBe(true);
    expect(await page.locator('.plan__every').textContent()).toMatch(/3\.50 will be charged every week/);
    await page.screenshot({ path: 'e2e/artifacts/subscription-form-en.png', fullPage: true });
    await checkout.fillCard({ number: '5555 5555 5555 4444' });
    await checkout.submit();
    await expect.poll(() => page.getByRole('heading', { name: 'Subscription receipt' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/${key}/receive`);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('a declined card shows the decline message and leaves the subscription pending', async () => {
    const key = await newSubscription({ name: 'Diario', amount: 1.25, period: 'DA', chargeNow: true });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${key}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4000 0000 0000 0002' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/pf/widget');
    await context.close();
  });
});
