import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { pressAway } from './support/frames';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

/** The script tag's global, as this page uses it (e2e/loader.e2e.ts types the whole of it on `window`). */
type ShopWindow = Window & { Checkout: { open(options: Record<string, unknown>): unknown } };

// PRODUCT.md "SDK beyond open()" and issue 48: `appearance` in Checkout.open() and as data
// attributes, checked before any iframe exists, over the merchant's stored brand; a colour that
// misses AA is moved, with one console warning naming the variable and the ratio.
describe.runIf(browserAvailable())('appearance through the loader, on the shop page', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));
  let amount = 41;

  async function shopPage(): Promise<{ page: Page; warnings: string[] }> {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' && message.text().startsWith('[pasarela]')) warnings.push(message.text());
    });
    await page.goto(`${sandbox.demoUrl}/`);
    await page.waitForFunction(() => typeof (window as Partial<ShopWindow>).Checkout?.open === 'function');
    return { page, warnings };
  }

  async function checkoutFrame(page: Page): Promise<Frame> {
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    const frame = page.frames().find((f) => f.url().includes('/pf/widget'));
    if (!frame) throw new Error('no checkout frame');
    return frame;
  }

  const paletteOf = (frame: Frame) =>
    frame.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return { paper: style.getPropertyValue('--paper').trim(), brand: style.getPropertyValue('--brand').trim(), radius: style.getPropertyValue('--radius').trim(), scheme: style.colorScheme };
    });

  it('es: open() carries the look over the stored brand, and a colour that misses AA is moved with one warning per page', async () => {
    const code = await createLink(sandbox, { amount: amount++, description: 'Café de altura' });
    const { page, warnings } = await shopPage();
    const appearance = { theme: 'light', variables: { colorPrimary: '#ffd400', borderRadius: '16px' } };
    await page.evaluate(([c, a]) => (window as ShopWindow).Checkout.open({ code: c, lang: 'es', appearance: a }), [code, appearance] as const);
    const frame = await checkoutFrame(page);
    const palette = await paletteOf(frame);
    expect(palette.paper).toBe('#ffffff');
    expect(palette.radius).toBe('16px');
    // yellow on white reads at about 1.4:1: drawn darker, never as given, never the stored brown
    expect(palette.brand).not.toBe('#ffd400');
    expect(palette.brand).not.toBe('#6b3e26');
    await expect.poll(() => warnings.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(warnings[0]).toMatch(/^\[pasarela\] appearance\.variables\.colorPrimary #ffd400 has a contrast of \d+(\.\d+)?:1 against the checkout's \S+, and WCAG 2\.2 AA needs \d(\.\d)?:1: the checkout draws its brand in #[0-9a-f]{6} instead/);
    expect(await axeViolations(frame)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/loader-appearance-moved-es.png' });
    const first = [...warnings];

    // a reopen in the same page visit says nothing new
    await pressAway(page, 'Escape');
    await expect.poll(() => page.locator('iframe[src*="/pf/widget"]').count()).toBe(0);
    await page.evaluate(([c, a]) => (window as ShopWindow).Checkout.open({ code: c, lang: 'es', appearance: a }), [code, appearance] as const);
    await checkoutFrame(page);
    await page.waitForTimeout(500);
    expect(warnings).toEqual(first);
    expect(new Set(warnings).size).toBe(warnings.length);
    await page.close();
  });

  it('en: a pay button\'s data-pasarela-appearance opens the checkout dark, in a green that passes as given', async () => {
    const code = await createLink(sandbox, { amount: amount++, description: 'Café de altura' });
    const { page, warnings } = await shopPage();
    await page.evaluate((c) => {
      const button = document.createElement('button');
      button.id = 'dark-pay';
      button.textContent = 'Pay';
      button.dataset.pasarelaCode = c;
      button.dataset.pasarelaLang = 'en';
      button.dataset.pasarelaAppearance = JSON.stringify({ theme: 'dark', variables: { colorPrimary: '#3ddc97', spacingUnit: '5px', fontFamily: 'rounded' } });
      document.body.append(button);
    }, code);
    await page.locator('#dark-pay').click();
    const frame = await checkoutFrame(page);
    const palette = await paletteOf(frame);
    expect(palette.scheme).toBe('dark');
    expect(palette.paper).toBe('#11151d');
    expect(palette.brand).toBe('#3ddc97');
    expect(await frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--space').trim())).toBe('5px');
    expect(await frame.getByRole('button', { name: /^pay/i }).first().isVisible()).toBe(true);
    expect(await axeViolations(frame)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/loader-appearance-dark-en.png' });
    expect(warnings).toEqual([]);
    await page.close();
  });

  it('bad values are a TypeError before any iframe; a bad attribute warns naming it and opens nothing', async () => {
    const { page, warnings } = await shopPage();
    const messages = await page.evaluate(() =>
      [
        { theme: 'dim' },
        { variables: { colorPrimary: 'red' } },
        { variables: { colorBackground: '#fff; background-image: url(https://evil.example/x.png)' } },
        { variables: { borderRadius: '100px' } },
        { variables: { fontFamily: 'https://fonts.example/evil.woff2' } },
        { variables: { colorBorder: '#000000' } },
        'dark',
      ].map((appearance) => {
        try {
          (window as ShopWindow).Checkout.open({ code: 'LK1', appearance });
          return 'no error';
        } catch (e) {
          return `${(e as Error).name}: ${(e as Error).message}`;
        }
      }),
    );
    expect(messages).toEqual([
      'TypeError: [pasarela] Checkout.open(): appearance.theme must be one of light, dark, auto, got "dim"',
      'TypeError: [pasarela] Checkout.open(): appearance.variables.colorPrimary must be a colour in hex (#0a5cc2), rgb() or hsl(), got "red"',
      'TypeError: [pasarela] Checkout.open(): appearance.variables.colorBackground must be a colour in hex (#0a5cc2), rgb() or hsl(), got "#fff; background-image: url(https://evil.example/x.png)"',
      'TypeError: [pasarela] Checkout.open(): appearance.variables.borderRadius must be a length from 0px to 24px, in px or rem, got "100px"',
      'TypeError: [pasarela] Checkout.open(): appearance.variables.fontFamily must be one of system, humanist, rounded, serif, inter, lora, got "https://fonts.example/evil.woff2"',
      'TypeError: [pasarela] Checkout.open(): appearance.variables has no colorBorder: it takes colorPrimary, colorBackground, colorText, colorDanger, borderRadius, spacingUnit, fontFamily',
      'TypeError: [pasarela] Checkout.open(): appearance must be an object, got "dark"',
    ]);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'bad-pay';
      button.dataset.pasarelaCode = 'LK1';
      button.dataset.pasarelaAppearance = '{"variables":{"colorText":"blue"}}';
      document.body.append(button);
    });
    await page.locator('#bad-pay').click();
    await expect.poll(() => warnings.length).toBe(1);
    expect(warnings[0]).toContain('data-pasarela-appearance.variables.colorText must be a colour');
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  });
});
