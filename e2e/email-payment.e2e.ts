import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { adminPost } from './support/entries';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { sentBody } from './support/sentBody';

// SPEC 2 /pf/emailPayment, SPEC 7 "send/list/pending activities": a merchant's payment request sent
// by e-mail (the sandbox's mailbox), opened from the e-mail's link and paid once.
describe.runIf(browserAvailable())('e-mail payment, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  /** The request is sent; its link is read from the payer's mailbox, as the payer would. */
  async function mailedRequest(to: string, amount: number): Promise<string> {
    await adminPost(sandbox, 'email-payments', { to, amount, taxAmount: 1.4, description: 'Clases de natación, junio' });
    const res = await fetch(`${sandbox.url}/sandbox/mailbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: Array<{ kind: string; subject: string; body: string }> };
    const mail = messages.find((m) => m.kind === 'email_payment');
    expect(mail?.subject).toContain('te envió una solicitud de pago');
    const url = /https?:\/\/\S+\/pf\/emailPayment\?code=EP[0-9a-f]{20}/.exec(mail?.body ?? '')?.[0];
    if (!url) throw new Error(`no payment link mailed to ${to}`);
    return url;
  }

  it('the payer opens the e-mailed link, pays by card and cannot pay it twice', async () => {
    const url = await mailedRequest('lucia@example.com', 20);
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const bodies: unknown[] = [];
    await page.route('**/api/v1/cards/auth-capture', async (route) => {
      const body = await sentBody(route.request());
      if (body !== undefined) bodies.push(body);
      await route.continue();
    });
    await page.goto(url);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.locator('.request-banner').textContent()).toContain('Enviada a lucia@example.com');
    expect(await page.locator('main').textContent()).toContain('Clases de natación, junio');
    // The e-mail it was sent to fills the form's e-mail.
    expect(await checkout.field('email').inputValue()).toBe('lucia@example.com');
    // Every method the merchant offers.
    const methods = page.getByRole('radiogroup', { name: 'Método de pago' }).getByRole('radio');
    expect(await methods.count()).toBeGreaterThan(3);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/email-payment-360.png', fullPage: true });

    await checkout.fillCard({ number: '4242 4242 4242 4242', email: 'lucia@example.com' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.locator('main').textContent()).toContain('$21.40');
    // SPEC 3: the payment carried the device's fingerprint ids.
    expect(bodies[0]).toMatchObject({ pfFingerprintIntegration: 'FINGER_PRINT', deviceInformation: { deviceFingerprint: expect.stringMatching(/^fp_[0-9a-f]{32}$/) } });

    // The same link again: SPEC 8 request_already_paid on the response-message page.
    await page.goto(url);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/pf/responseMessage');
    expect(new URL(page.url()).searchParams.get('code')).toBe('request_already_paid');
    await page.getByRole('heading', { name: 'Este cobro ya fue pagado' }).waitFor();
    await screenshot(page, { path: 'e2e/artifacts/email-payment-paid-360.png', fullPage: true });
    await context.close();
  });

  it('paid with Yappy instead, in English', async () => {
    const url = await mailedRequest('tom@example.com', 9);
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${url}&lang=en`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.locator('.request-banner').textContent()).toContain('Sent to tom@example.com');
    await checkout.chooseMethod(/yappy/i);
    await checkout.field('yappy-phone').fill('61111111');
    await checkout.field('yappy-phone').press('Enter');
    await expect.poll(() => page.getByRole('heading', { name: /payment receipt/i }).isVisible(), { timeout: 30_000 }).toBe(true);
    await context.close();
  });

  it('an unknown request goes to the response-message page (PAYMENT_NOT_FOUND)', async () => {
    const page = await browser.newPage({ locale: 'es-PA' });
    await page.goto(`${sandbox.url}/pf/emailPayment?code=EP00000000000000000000`);
    await expect.poll(() => new URL(page.url()).searchParams.get('code'), { timeout: 20_000 }).toBe('PAYMENT_NOT_FOUND');
    await page.getByRole('heading', { name: 'No encontramos el pago' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
