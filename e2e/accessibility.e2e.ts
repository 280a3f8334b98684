import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { CheckoutFrame, vaultFrameOf } from './support/pages';

// PRODUCT.md "Accessibility": axe-core finds no violation of any impact; keyboard alone works.
describe.runIf(browserAvailable())('accessibility of the checkout screens', () => {
  let sandbox: Sandbox;
  let browser: Browser;

  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  // A link (and an amount) per test: the same card and amount twice within 5 minutes is a duplicate.
  const newLink = (amount: number) => createLink(sandbox, { amount, taxAmount: 2.8, description: 'Sombrero pintao' });

  it('the check has target-size on: small controls side by side fail it, one passing under a sticky bar does not', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 300 } });
    await page.setContent(`<!doctype html><html lang="en"><head><title>Sizes</title></head><body><main>
      <button style="width:16px;height:16px;padding:0" aria-label="One"></button><button style="width:16px;height:16px;padding:0" aria-label="Two"></button>
      <form><label>Name <input style="display:block;height:44px;margin-top:220px"></label><label>Mail <input style="display:block;height:44px"></label>
      <button style="position:sticky;bottom:8px;width:100%;height:52px;margin-top:300px">Pay</button></form></main></body></html>`);
    const found = await axeViolations(page);
    expect(found.filter((line) => line.includes('target-size')), found.join('\n')).toHaveLength(1);
    expect(found.join('\n')).toMatch(/target-size.*button/);
    expect(found.join('\n')).not.toMatch(/target-size.*input/);
    await page.close();
  });

  it('the check reads the frames inside the page with it: a field without a label in a frame is found, and a moderate finding counts', async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 400 } });
    await page.setContent(`<!doctype html><html lang="en"><head><title>Frames</title></head><body><main><h1>Shop</h1>
      <iframe title="Fields" srcdoc="<!doctype html><html lang=en><title>Fields</title><main><input id=unnamed></main>"></iframe>
      </main><p>Outside every landmark</p></body></html>`);
    await page.frames()[1]?.waitForLoadState();
    const found = (await axeViolations(page)).join('\n');
    expect(found).toMatch(/critical label: .* at iframe #unnamed/);
    expect(found).toMatch(/moderate region: /);
    await page.close();
  });

  // Issue 96: target-size on, 0 violations in the checkout and in the card vault's frame, before and
  // after a Pay that shows every field's error, in light, dark and a brand that fails AA as given.
  const THEMES = {
    light: { theme: 'light' },
    dark: { theme: 'dark' },
    awkward: { theme: 'light', variables: { colorPrimary: '#ffd400', colorBackground: '#fdf6e3', colorText: '#9a9a9a', colorDanger: '#ff7f9f', borderRadius: '0px' } },
  } as const;
  for (const [index, theme] of (Object.keys(THEMES) as Array<keyof typeof THEMES>).entries()) {
    it(`${theme}: the card form and the vault's fields at 360 px, empty and after Pay, with target-size on`, async () => {
      const code = await newLink(42 + index);
      const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
      await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es&appearance=${encodeURIComponent(JSON.stringify(THEMES[theme]))}`);
      const vault = vaultFrameOf(page);
      await vault.locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
      const fields = page.frames().find((frame) => new URL(frame.url()).pathname === '/fields');
      if (!fields) throw new Error('no card vault frame');
      // The frame painted in the checkout's colours (they come by message once it is ready).
      const look = (frame: Pick<Page, 'evaluate'>, names: string[]) => frame.evaluate((list) => list.map((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim()), names);
      await expect.poll(async () => look(fields, ['--background', '--text', '--danger'])).toEqual(await look(page, ['--paper', '--ink', '--danger']));
      // The page with the card vault's fields in their frame, as one page.
      const check = async (when: string) => {
        expect(await axeViolations(page), `${theme}, ${when}`).toEqual([]);
      };
      await check('empty');
      await page.locator('form button[type="submit"]').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => vault.locator('[aria-invalid="true"]').count()).toBe(3);
      await check('after Pay');
      await screenshot(page, { path: `e2e/artifacts/accessibility-${theme}-errors.png`, fullPage: true });
      await page.close();
    });
  }

  for (const [lang, amount] of [['es', 40], ['en', 41]] as const) {
    it(`card form and receipt in ${lang}: no axe violation, usable by keyboard alone`, async () => {
      const code = await newLink(amount);
      const page = await browser.newPage();
      await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`);
      await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      // With the card vault's fields, a page of their own in the form's frame.
      expect(page.frames().some((frame) => new URL(frame.url()).pathname === '/fields')).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      const vault = vaultFrameOf(page);

      // Submitting empty moves focus to the first invalid field and announces the errors.
      await page.locator('form button[type="submit"]').focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => vault.locator('[name="cardnumber"]').evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await vault.locator('[aria-invalid="true"]').count()).toBe(3);
      expect(await vault.locator('#field-cardnumber-error').textContent()).toBe(lang === 'es' ? 'Campo requerido' : 'Required field');

      await page.keyboard.type('4242424242424242');
      const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
      for (const [name, value] of [
        ['expirationDate', `10/${nextYear}`],
        ['cvc', '123'],
        ['name', 'Ana Lucía Pérez'],
        ['email', 'ana@example.com'],
        ['phone', '+50761234567'],
      ]) {
        await new CheckoutFrame(page).field(name ?? '').focus();
        await page.keyboard.type(value ?? '');
      }
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: /comprobante de pago|payment receipt/i }).waitFor({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, { path: `e2e/artifacts/receipt-${lang}.png`, fullPage: true });
      await page.close();
    });
  }
});
