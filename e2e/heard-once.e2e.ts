import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { heardIn, listenAsScreenReader } from './support/heard';
import { CheckoutFrame } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// What a screen reader says in the checkout (support/heard.ts): each thing once.
describe.runIf(browserAvailable())('heard once', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  async function openCheckout(lang: 'es' | 'en') {
    const code = await createLink(sandbox, { amount: 12.5, taxAmount: 0, description: 'Tostadores del Casco' });
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US' });
    await listenAsScreenReader(context);
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(({ code, lang }) => (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code, lang }), { code, lang });
    return { page, context, checkout: new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]')) };
  }

  it.each([
    ['es', 'Cargando...'],
    ['en', 'Loading...'],
  ] as const)('an unknown link in %s: one wait for its page, "%s" heard once', async (lang, loading) => {
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US' });
    await listenAsScreenReader(context);
    const page = await context.newPage();
    // A slow network: the link's answer, then the not-found page's styles and texts, each a wait.
    await page.route((url) => /\/api\/|later-.*\.css$/.test(url.pathname), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(({ lang }) => (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code: 'LKNOSUCHLINK1', lang }), { lang });
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    await frame.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    const said = (await heardIn(page)).map((h) => h.text);
    expect(said.filter((text) => text.includes(loading)), JSON.stringify(said, null, 1)).toHaveLength(1);
    await context.close();
  }, 60_000);

  it.each([
    ['es', '4000 0000 0000 0127', 'Pago rechazado'],
    ['en', '4000 0000 0000 0127', 'Payment declined'],
  ] as const)('a declined card in %s (%s) is heard once, with its reason', async (lang, number, title) => {
    const { page, context, checkout } = await openCheckout(lang);
    await checkout.waitForForm();
    await checkout.fillCard({ number });
    await checkout.submit();
    const note = checkout.frame.locator('#card-decline .alert__text');
    await note.waitFor({ timeout: 20_000 });
    const reason = ((await note.textContent()) ?? '').trim();
    expect(reason).not.toBe('');
    // The decline's alert, then the focus on the field to fix (the CVC): given a moment to say everything.
    let said: string[] = [];
    await expect.poll(async () => (said = (await heardIn(page)).map((h) => h.text)).filter((text) => text.includes(reason)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    said = (await heardIn(page)).map((h) => h.text);
    const withReason = said.filter((text) => text.includes(reason));
    expect(withReason, JSON.stringify(said, null, 1)).toHaveLength(1);
    expect(withReason[0]).toContain(title);
    await context.close();
  }, 60_000);
});
