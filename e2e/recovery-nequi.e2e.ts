import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { createLink, transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox, startSandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// Nequi on a phone-sized screen: a declined push says so in the payer's language, keeps the phone
// and sends again in one press; the QR shows the amount and, on a touch device, opens the app.
describe.runIf(browserAvailable())('Nequi: a declined push and the QR on a phone', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const open = async (lang: 'es' | 'en', amount: number, touch: boolean): Promise<{ context: BrowserContext; page: Page }> => {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Sombrero pintao' });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: touch, isMobile: touch });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: /^Nequi$/ }).check();
    return { context, page };
  };

  it('es: a declined push reads "Rechazaste el pago en Nequi", keeps the phone and focuses it, as Yappy does; Enter there sends again ("Enviar de nuevo")', async () => {
    const { context, page } = await open('es', 51, false);
    await page.getByRole('textbox', { name: /celular nequi/i }).fill('62222222');
    await page.getByRole('button', { name: /enviar notificación/i }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor({ timeout: 15_000 });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('Rechazaste el pago en Nequi');
    expect(text).not.toMatch(/declined|\(/);
    // PRODUCT: after a failure the focus is on the field to fix.
    const phone = page.getByRole('textbox', { name: /celular nequi/i });
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
    // One button sends again: the form's own submit, not a second one beside it.
    expect(await page.getByRole('button', { name: /enviar notificación/i }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Enviar de nuevo' }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: /celular nequi/i }).inputValue()).toContain('6222');
    await screenshot(page, { path: `${SHOTS}recovery-nequi-declined-es-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    // Sent again to the same phone: a second push goes out and, the test phone declining on its
    // first read, the same decline comes back (the wait in between can be too short to observe).
    const pushed = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/nequi/push'),
      { timeout: 15_000 },
    );
    await page.keyboard.press('Enter');
    expect((await pushed).status()).toBe(200);
    await page.getByRole('alert').filter({ hasText: 'Rechazaste el pago en Nequi' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('textbox', { name: /celular nequi/i }).inputValue()).toContain('6222');
    await context.close();
  });

  it('en, on a touch phone: the QR with the amount beside it and an "Open Nequi" link to the app', async () => {
    const { context, page } = await open('en', 52, true);
    await page.getByRole('radio', { name: /qr code/i }).check();
    await page.getByRole('button', { name: /show qr code/i }).click();
    await page.getByRole('img', { name: /QR/ }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Amount: $53.00').isVisible()).toBe(true);
    const link = page.getByRole('link', { name: 'Open Nequi' });
    expect(await link.getAttribute('href')).toMatch(/^nequi:\/\//);
    await screenshot(page, { path: `${SHOTS}recovery-nequi-qr-en-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('es, on a desktop: the QR with its amount, and no app link', async () => {
    const { context, page } = await open('es', 54, false);
    await page.getByRole('radio', { name: /código qr/i }).check();
    await page.getByRole('button', { name: /mostrar código qr/i }).click();
    await page.getByRole('img', { name: /QR/ }).waitFor({ timeout: 10_000 });
    expect(await page.getByText('Monto: $55.00').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Abrir Nequi' }).count()).toBe(0);
    await context.close();
  });
});

// docs/operations.md: with the processors' service down, a push was sent nothing. The payer hears so
// at once, not after the call's 10 s, and keeps the phone to send again.
describe.runIf(browserAvailable())('Nequi: a push while the processors are down', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started), 'full');

  it('es: "Este método de pago no está disponible ... No se hizo ningún cargo" within 3 s, the phone kept, nothing recorded', async () => {
    const code = await createLink(sandbox, { amount: 12, description: 'Sombrero pintao' });
    await (sandbox as Awaited<ReturnType<typeof startSandbox>>).simulator?.stop();
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: /^Nequi$/ }).check();
    await page.getByRole('textbox', { name: /celular nequi/i }).fill('61111111');
    const started = Date.now();
    await page.getByRole('button', { name: /enviar notificación/i }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'No se hizo ningún cargo' });
    await alert.waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await alert.textContent()).toContain('Este método de pago no está disponible en este momento');
    expect(await page.getByRole('textbox', { name: /celular nequi/i }).inputValue()).toContain('6111');
    await screenshot(page, { path: `${SHOTS}recovery-nequi-processors-down-es-360.png` });
    expect(await transactionsFor(sandbox, code)).toEqual([]);
    await context.close();
  });
});
