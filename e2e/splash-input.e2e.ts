import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { createLink } from './support/admin';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { vaultFrameOf } from './support/pages';

/** Longer than SPEC's 3 s, so the typing and tapping surely fall under it on a loaded machine. */
const SPLASH_MS = 10_000;

// Issue: a tap at 1.5 s was lost under the splash, though the form was drawn beneath it. Now a tap
// under it is made again when it lifts (docs/spec-decisions.md), and the splash keeps its time.
describe.runIf(browserAvailable())('input under the splash', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  // The server's own splash time, not a page rewritten in the test: a page fulfilled by the test has no
  // address of its own, and Chromium's local-network checks then block the card vault's frame in it.
  withSandboxAndBrowser({ SPLASH_MS: String(SPLASH_MS) }, (started) => ({ sandbox, browser } = started));

  async function openUnderSplash(): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
    const res = await fetch(`${sandbox.url}/sandbox/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 18.75, description: 'Camisa de lino' }),
    });
    const { url: link } = (await res.json()) as { url: string };
    const context = await browser.newContext({ reducedMotion: 'no-preference', locale: 'es-PA' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(link);
    await page.locator('.splash').waitFor({ state: 'visible', timeout: 60_000 });
    // The form drawn beneath the splash, out of reach until it lifts.
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ state: 'attached', timeout: 15_000 });
    expect(await page.locator('.app-screen').getAttribute('inert')).not.toBeNull();
    return { page, errors, close: () => context.close() };
  }

  // Issue 90: the card number is the vault's field; the checkout's code keeps no keys typed under the
  // splash (they would be a card number in the application's code), so they go nowhere, and the number
  // field has the focus and takes typing the moment the splash lifts.
  it('digits typed under the splash go nowhere; the card number has the focus when it lifts and takes typing', async () => {
    const { page, errors, close } = await openUnderSplash();
    await page.keyboard.type('4242424242424242', { delay: 30 });
    expect(await page.locator('.splash').count()).toBe(1);
    await page.locator('.splash').waitFor({ state: 'detached', timeout: SPLASH_MS + 10_000 });
    const field = vaultFrameOf(page).locator('[name="cardnumber"]');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement && document.hasFocus())).toBe(true);
    expect(await field.inputValue()).toBe('');
    for (const input of await page.locator('input').all()) expect(await input.inputValue()).not.toContain('4242');
    await page.keyboard.type('4242424242424242');
    expect(await field.inputValue()).toBe('4242 4242 4242 4242');
    expect(errors).toEqual([]);
    await close();
  });

  it('a tap on a method tile under the splash is honoured when it lifts', async () => {
    const { page, errors, close } = await openUnderSplash();
    const tile = page.locator('.app-screen label').filter({ hasText: 'Nequi' }).first();
    const box = await tile.boundingBox();
    if (!box) throw new Error('no Nequi tile beneath the splash');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await page.locator('.splash').count()).toBe(1);
    await page.locator('.splash').waitFor({ state: 'detached', timeout: SPLASH_MS + 10_000 });
    const group = page.getByRole('radiogroup', { name: 'Método de pago' });
    await expect.poll(() => group.getByRole('radio', { name: 'Nequi' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: /celular nequi/i }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it("an Escape pressed in the server-drawn form's card field before the widget's code has run closes the checkout once that code comes", async () => {
    const code = await createLink(sandbox, { amount: 12.5, description: 'Taza' });
    const context = await browser.newContext({ reducedMotion: 'no-preference', locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(sandbox.demoUrl);
    // A reopen has no splash: the server draws the form into the page, and its boot script fetches
    // the widget's code (named in its own address, ?main=) after the form's first frame.
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(async (code) => {
      const checkout = (window as unknown as { Checkout: { open(o: unknown): { on(e: string, fn: () => void): void; close(): void } } }).Checkout;
      const first = checkout.open({ code, lang: 'es' });
      await new Promise<void>((resolve) => first.on('ready', resolve));
      first.close();
    }, code);
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached' });
    // That code held back until the Escape is in.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let mainPath = '';
    await page.route(/\/widget\/assets\/[\w-]+\.js/, async (route) => {
      const url = new URL(route.request().url());
      mainPath ||= url.searchParams.get('main') ?? '';
      if (url.pathname === mainPath) await released;
      await route.continue();
    });
    const frame = await openRecordingShopEvents(page, code, 'es');
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor();
    expect(mainPath).not.toBe('');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    // In the card number field, where the checkout puts the payer: the card vault's page hears the key and tells the checkout's.
    await vaultFrameOf(frame).locator('[name="cardnumber"]').focus();
    await page.keyboard.press('Escape');
    release();
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached', timeout: 15_000 });
    expect(await shopEventsOf(page)).toEqual([['close', { reason: 'payer' }]]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
