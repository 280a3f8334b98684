import { describe, expect, it } from 'vitest';
import { catalogs, type Language } from '@pasarela/core';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { createLink, transactionsFor } from './support/admin';
import { CheckoutFrame } from './support/pages';
import { DEMO_USER, WalletScreens } from './support/wallet';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { sentBody } from './support/sentBody';

// SPEC 4 "Captcha: a valid score enables the payment", SPEC 7 "POST captcha check (v2)", SPEC 8
// error_captcha / invalid_score_captcha, SPEC 3 deviceInformation, pfFingerprint,
// pfFingerprintIntegration. The sandbox's challenge has its test answers under "Pruebas del sandbox".
describe.runIf(browserAvailable())('captcha and fingerprint, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  /** What the page sent to `path`, decoded. */
  async function recordBodies(page: Page, path: string): Promise<unknown[]> {
    const bodies: unknown[] = [];
    await page.route(`**/api/v1/${path}`, async (route) => {
      const body = await sentBody(route.request());
      if (body !== undefined) bodies.push(body);
      await route.continue();
    });
    return bodies;
  }

  /** What the box says once the service checked each answer's token (docs/sandbox.md "Captcha"). */
  const VERDICT = {
    'Una persona': 'Verificado',
    'Un robot (fail)': 'No pudimos verificar que no eres un robotMarca «No soy un robot» para pagar',
    'Puntaje bajo (fail-score)': 'La verificación de seguridad no fue superadaMarca «No soy un robot» para pagar',
  } as const;

  /** Ticks "No soy un robot" with one of the sandbox's simulated answers; the box says what the service said. */
  async function tick(page: Page, answer: keyof typeof VERDICT) {
    const box = page.getByRole('group', { name: 'Verificación' });
    const captcha = box.getByRole('checkbox', { name: 'No soy un robot' });
    await captcha.waitFor({ timeout: 10_000 });
    // Focused first: after a full-page screenshot, focusing the box (at the page's end, below the
    // form) scrolls the page, which would move it from under a click already aimed.
    await captcha.focus();
    if (await captcha.isChecked()) await captcha.uncheck();
    const answers = box.getByLabel('Respuesta simulada');
    if (!(await answers.isVisible())) await box.getByText('Pruebas del sandbox').click();
    await answers.selectOption({ label: answer });
    await captcha.check();
    if (answer === 'Una persona') {
      await expect.poll(() => box.getByText('Verificado').isVisible()).toBe(true);
      return;
    }
    // Refused: never "Verificado"; unticked, the reason and what to do tied to the tick.
    const said = box.locator('.captcha__refusal');
    await expect.poll(() => said.textContent(), { timeout: 10_000 }).toBe(VERDICT[answer]);
    expect(await box.getByText('Verificado').count()).toBe(0);
    expect(await captcha.isChecked()).toBe(false);
    expect(await captcha.getAttribute('aria-describedby')).toBe(await said.getAttribute('id'));
  }

  it('a bot\'s token is refused (error_captcha), a low score too (invalid_score_captcha); a person pays with the fingerprint ids', async () => {
    const code = await createLink(sandbox, { amount: 33, taxAmount: 2.31, description: 'Bolso de mano' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const checks = await recordBodies(page, 'captcha/check');
    const payments = await recordBodies(page, 'cards/auth-capture');
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();

    await tick(page, 'Un robot (fail)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/captcha-360.png', fullPage: true });
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toContain('No pudimos verificar que no eres un robot');
    await screenshot(page, { path: 'e2e/artifacts/captcha-refused-360.png', fullPage: true });

    await tick(page, 'Puntaje bajo (fail-score)');
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toContain('La verificación de seguridad no fue superada');
    expect(await transactionsFor(sandbox, code)).toEqual([]);

    await tick(page, 'Una persona');
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);

    // SPEC 7 "body token, siteKey, userAction CHECKOUT" with the site key from the system config.
    expect(checks[0]).toEqual({ token: 'fail', siteKey: 'sandbox-captcha-site-key', userAction: 'CHECKOUT' });
    const paid = payments.at(-1) as Record<string, unknown> & { additionalData: Record<string, unknown>; deviceInformation: { deviceFingerprint: string } };
    expect(paid.additionalData['captchaToken']).toMatch(/^sandbox\./);
    expect(paid.additionalData['scoreCaptcha']).toBe(1);
    expect(paid.deviceInformation.deviceFingerprint).toMatch(/^fp_[0-9a-f]{32}$/);
    expect(paid['pfFingerprint']).toMatch(/^\d+\.[0-9a-f]{12}$/);
    expect(paid['pfFingerprintIntegration']).toBe('FINGER_PRINT');
    expect(await transactionsFor(sandbox, code)).toMatchObject([{ method: 'card', status: 1 }]);
    await context.close();
  });

  /** Ticks the box with an answer the service refuses, in the page's language; the box says so. */
  async function tickRefused(page: Page, lang: Language, answer: 'captcha_sandbox_bot' | 'captcha_sandbox_low') {
    const words = catalogs[lang];
    const box = page.getByRole('group', { name: words['captcha_title'] });
    const captcha = box.getByRole('checkbox', { name: words['captcha_label'] });
    await captcha.waitFor({ timeout: 10_000 });
    await captcha.focus();
    const answers = box.getByLabel(words['captcha_sandbox_answer'] ?? '');
    if (!(await answers.isVisible())) await box.getByText(words['captcha_sandbox_title'] ?? '').click();
    await answers.selectOption({ label: words[answer] ?? '' });
    await captcha.check();
    await expect.poll(() => box.locator('.captcha__refusal').textContent(), { timeout: 10_000 }).toContain(words['captcha_required']);
  }

  // docs/architecture.md "Captcha and focus": the sandbox's widget lets a refused token go (score 1), and
  // the server's 403 says why, as the box does, with what to do next.
  it.each([
    { lang: 'es', locale: 'es-PA', answer: 'captcha_sandbox_bot', reason: 'error_captcha' },
    { lang: 'en', locale: 'en-US', answer: 'captcha_sandbox_low', reason: 'invalid_score_captcha' },
  ] as const)('$lang: the server refuses the captcha of a card payment and of a Saldo payment; each alert says why and to tick the box again, the focus where the payer acts', async ({ lang, locale, answer, reason }) => {
    const words = catalogs[lang];
    const said = `${words[reason]}${words['captcha_required']}`;
    const code = await createLink(sandbox, { amount: 12, description: 'Taza' });
    const context = await browser.newContext({ locale, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();

    await tickRefused(page, lang, answer);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toBe(said);
    // The CVC, emptied, has the focus in the card vault's frame.
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('vault-fields'))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `e2e/artifacts/captcha-refused-card-${lang}-390.png`, fullPage: true });

    await checkout.chooseMethod(/Saldo|Balance/);
    await new WalletScreens(page).logIn(DEMO_USER.login, DEMO_USER.password);
    const pay = page.getByRole('button', { name: /pagar con saldo|pay with balance/i });
    await pay.waitFor();
    await tickRefused(page, lang, answer);
    await pay.click();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toBe(said);
    expect(await pay.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `e2e/artifacts/captcha-refused-balance-${lang}-390.png`, fullPage: true });
    expect(await transactionsFor(sandbox, code)).toEqual([]);
    await context.close();
  });

  it('other methods carry the fingerprint and the link\'s custom field values, and the captcha holds them too (Yappy)', async () => {
    const code = await createLink(sandbox, { amount: 8, description: 'Café molido' });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const sent = await recordBodies(page, 'yappy/payments');
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    await checkout.chooseMethod(/Yappy/);
    await tick(page, 'Un robot (fail)');
    await checkout.field('yappy-phone').fill('61111111');
    await checkout.field('yappy-phone').press('Enter');
    await expect.poll(() => page.getByRole('alert').first().textContent(), { timeout: 15_000 }).toBe('No pudimos verificar que no eres un robotMarca «No soy un robot» para pagar');
    await tick(page, 'Una persona');
    await checkout.field('yappy-phone').press('Enter');
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(sent.at(-1)).toMatchObject({
      code, phone: '61111111', customFieldValues: [], pfFingerprintIntegration: 'FINGER_PRINT', scoreCaptcha: 1,
      deviceInformation: { deviceFingerprint: expect.stringMatching(/^fp_/) }, captchaToken: expect.stringMatching(/^sandbox\./),
    });
    await context.close();
  });
});
