import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { heardIn, listenAcrossPages, listenAsScreenReader } from './support/heard';
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

  // docs/sandbox.md: the card 4000 0000 0000 3220 asks for 3DS, its challenge page has Fail. In a tab
  // whose history no longer holds the form's entry behind the return (a browser keeps so many), the
  // receipt's address the challenge returns to is the checkout's, and it sends the payer back to the
  // card form: that way back says nothing ("Cargando..." was heard before the form and its decline);
  // the form's own wait has its note.
  it.each([
    ['es', 'Cargando...', { verification: 'Verificación', robot: 'No soy un robot', verified: 'Verificado' }, /fallar/i, 'Pago rechazado'],
    ['en', 'Loading...', { verification: 'Verification', robot: "I'm not a robot", verified: 'Verified' }, /fail/i, 'Payment declined'],
  ] as const)('a refused 3DS challenge in %s: its way back to the form says no "%s"', async (lang, loading, check, fail, declined) => {
    const code = await createLink(sandbox, { amount: 14.5, taxAmount: 0, description: 'Tostadores del Casco' });
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US' });
    const heard = await listenAcrossPages(context);
    // The challenge's return says more entries than the tab has: the form's is not behind it.
    await context.route((url) => url.pathname.startsWith('/3ds/') && url.searchParams.has('returnTo'), async (route) => {
      const url = new URL(route.request().url());
      const back = new URL(url.searchParams.get('returnTo') ?? '', url);
      if (back.searchParams.get('entries') === '999') return route.continue();
      back.searchParams.set('entries', '999');
      url.searchParams.set('returnTo', back.pathname + back.search);
      return route.fulfill({ status: 302, headers: { location: url.href } });
    });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(({ code, lang }) => (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code, lang }), { code, lang });
    const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4000 0000 0000 3220' });
    await checkout.submitCardPastCheck(check);
    const failButton = checkout.frame.getByRole('button', { name: fail });
    await failButton.waitFor({ timeout: 20_000 });
    const before = heard().length;
    await failButton.click();
    await checkout.alert.getByText(declined).waitFor({ timeout: 20_000 });
    // The decline's alert, then the focus on the field to fix: given a moment to say everything.
    await expect.poll(() => heard().slice(before).filter((h) => h.text.includes(declined)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    const said = heard().slice(before);
    const loadingNotes = said.filter((h) => h.text.includes(loading));
    expect(loadingNotes.filter((h) => h.frame.startsWith('/pf/default-receipt/')), JSON.stringify(said, null, 1)).toEqual([]);
    expect(loadingNotes.length, JSON.stringify(said, null, 1)).toBeLessThanOrEqual(1);
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
