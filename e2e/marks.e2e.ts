import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { DEMO_USER, WalletScreens } from './support/wallet';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

/** PRODUCT.md "Method choice": each radio's name, in the order the choice lists them. */
const METHODS_ES = ['Tarjeta', 'Nequi', 'Yappy', 'Clave', 'Efectivo', 'Cripto', 'Saldo'];

/** What a mark shows: its box, and whether its drawing is in. */
async function markOf(page: Page, selector: string) {
  return page.locator(selector).evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return {
      width: Math.round(box.width),
      height: Math.round(box.height),
      hidden: el.getAttribute('aria-hidden'),
      background: style.backgroundColor,
      drawn: el.querySelector('svg path, svg rect') !== null,
    };
  });
}

/** Each tile's mark and whether its colour is 3:1 from the tile's, as the browser computes both. */
async function markContrasts(page: Page): Promise<Array<[string, boolean]>> {
  return page.locator('.methods .method-option').evaluateAll((tiles) => {
    const luminance = (css: string) => {
      const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((n) => {
        const c = Number(n) / 255;
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The colour under an element: its own background, else its nearest ancestor's that has one. */
    const ground = (el: Element | null): string => {
      for (let at = el; at; at = at.parentElement) {
        const colour = getComputedStyle(at).backgroundColor;
        if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
      }
      return 'rgb(255, 255, 255)';
    };
    return tiles.map((tile) => {
      const mark = tile.querySelector('.method-mark') as HTMLElement;
      const id = (tile.querySelector('input') as HTMLInputElement).value;
      return [id, ratio(getComputedStyle(mark).backgroundColor, ground(tile)) >= 3] as [string, boolean];
    });
  });
}

// Issue 48 "Recognisable marks": the method tiles' pictograms, the brand of the number typed, at a phone's width.
describe.runIf(browserAvailable())('the method and card brand marks', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  const openCheckout = async (amount: number) => {
    const code = await createLink(sandbox, { amount, description: 'Café de altura' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return { context, page };
  };

  it('every method tile carries its mark, hidden from the radio\'s name, which stays PRODUCT.md\'s', async () => {
    const { context, page } = await openCheckout(21);
    const group = page.getByRole('radiogroup', { name: 'Método de pago' });
    for (const name of METHODS_ES) expect(await group.getByRole('radio', { name, exact: true }).count(), name).toBe(1);
    const ids = await group.getByRole('radio').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    expect(ids).toEqual(['card', 'nequi', 'yappy', 'clave', 'cash', 'crypto', 'balance']);
    // Each on its own colour, whatever the page's; the pictograms come with the marks' chunk, after the first screen.
    const colours = new Set<string>();
    for (const id of ids) {
      await page.locator(`.method-mark--${id} svg`).waitFor();
      const mark = await markOf(page, `.method-mark--${id}`);
      expect(mark, id).toMatchObject({ width: 28, height: 28, hidden: 'true', drawn: true });
      colours.add(mark.background);
    }
    expect(colours.size).toBe(ids.length);
    // The four columns still fit a 360 px screen: no tile runs past the group's edge.
    const overflow = await group.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(group, { path: 'e2e/artifacts/marks-method-choice-360.png' });
    expect(await axeViolations(page)).toEqual([]);
    expect(await markContrasts(page)).toEqual(ids.map((id) => [id, true]));
    await context.close();
  });

  // A 390 px phone at 200 % zoom (195 CSS px): four tiles do not fit, so a row takes what fits and no
  // tile runs off the screen; the total to pay wraps under its label rather than lose its last digit.
  it('at 200 % zoom on a phone, every tile is on the screen and the total to pay is whole', async () => {
    const code = await createLink(sandbox, { amount: 1234.56, description: 'Café de altura' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 195, height: 422 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    const group = page.getByRole('radiogroup', { name: 'Método de pago' });
    expect(await group.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    const offScreen = await group.getByRole('radio').evaluateAll((els) => els.filter((el) => el.closest('label')!.getBoundingClientRect().right > document.documentElement.clientWidth).length);
    expect(offScreen).toBe(0);
    const total = page.locator('.summary__line--total dd');
    expect(await total.textContent()).toBe('$1,234.56');
    expect(await total.evaluate((el) => el.getBoundingClientRect().right <= el.closest('.summary')!.getBoundingClientRect().right)).toBe(true);
    await context.close();
  });

  // Issue 62: in the dark theme two marks (Yappy's navy, the balance's ink) nearly vanished into their
  // tiles. Every mark stands 3:1 from its tile (WCAG 1.4.11), chosen or not, light or dark.
  it('every mark stands out from its tile in the light and dark themes, chosen or not', async () => {
    const code = await createLink(sandbox, { amount: 24, description: 'Café de altura' });
    for (const theme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 }, colorScheme: theme });
      const page = await context.newPage();
      await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=es&appearance=${encodeURIComponent(JSON.stringify({ theme }))}`);
      await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
      const group = page.getByRole('radiogroup', { name: 'Método de pago' });
      await page.locator('.method-mark--balance svg').waitFor();
      const ids = await group.getByRole('radio').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
      expect(await markContrasts(page), `${theme}, card chosen`).toEqual(ids.map((id) => [id, true]));
      await group.getByRole('radio', { name: 'Yappy', exact: true }).check();
      expect(await markContrasts(page), `${theme}, Yappy chosen`).toEqual(ids.map((id) => [id, true]));
      await screenshot(group, { path: `e2e/artifacts/marks-method-choice-${theme}-360.png` });
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('the card number shows the brand it is, by its mark, loaded after the first screen', async () => {
    const { context, page } = await openCheckout(22);
    // The accepted brands, each a mark on a chip of a fixed size, its name for screen readers.
    const accepted = page.getByRole('list', { name: 'Tarjetas aceptadas' });
    expect(await accepted.getByRole('listitem').allTextContents()).toEqual(['Visa', 'Mastercard', 'American Express']);
    for (const brand of ['visa', 'mc', 'amex']) {
      await page.locator(`.brands .card-mark--${brand} svg`).waitFor();
      expect(await markOf(page, `.brands .card-mark--${brand}`), brand).toMatchObject({ width: 38, height: 24, hidden: 'true', drawn: true });
    }
    // Their drawings came in a chunk of their own, after the page and its entry script.
    const chunks = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
    expect(chunks.filter((path) => /\/markSvgs-[\w-]+\.js$/.test(path))).toHaveLength(1);

    // The number is typed in the card vault's frame, which names the brand beside it (announced
    // politely); the checkout marks that brand among the accepted ones.
    const vault = vaultFrameOf(page);
    const named = vault.locator('#card-brand');
    await vault.locator('[name="cardnumber"]').fill('4242 4242 4242 4242');
    await expect.poll(() => named.textContent()).toBe('Tarjeta Visa');
    expect(await named.getAttribute('aria-live')).toBe('polite');
    await page.locator('.brands .brand--active .card-mark--visa svg').waitFor();
    expect(await page.locator('.brands .brand--active').count()).toBe(1);
    expect(await markOf(page, '.brands .brand--active .card-mark--visa')).toMatchObject({ width: 38, height: 24, hidden: 'true', drawn: true });
    // The recognised brand stands out among the accepted ones.
    const opacity = (brand: string) => page.locator(`.brands .card-mark--${brand}`).evaluate((el) => getComputedStyle(el.parentElement as Element).opacity);
    expect([await opacity('visa'), await opacity('mc')]).toEqual(['1', '0.35']);
    expect(await axeViolations(page)).toEqual([]);
    // The first screen as the payer sees it (an element's shot would slide it under the sticky header).
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, { path: 'e2e/artifacts/marks-card-visa-360.png' });

    await vault.locator('[name="cardnumber"]').fill('3782 822463 10005');
    await expect.poll(() => named.textContent()).toBe('Tarjeta American Express');
    await page.locator('.brands .brand--active .card-mark--amex svg').waitFor();
    expect(await page.locator('.brands .brand--active').count()).toBe(1);
    expect(await markOf(page, '.brands .brand--active .card-mark--amex')).toMatchObject({ drawn: true });
    expect([await opacity('amex'), await opacity('visa')]).toEqual(['1', '0.35']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, { path: 'e2e/artifacts/marks-card-amex-360.png' });
    await context.close();
  });

  it('the receipt of a card payment shows the card\'s brand mark beside its number', async () => {
    const { context, page } = await openCheckout(23);
    const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
    for (const [name, value] of [
      ['cardnumber', '5555 5555 5555 4444'],
      ['expirationDate', `10/${nextYear}`],
      ['cvc', '123'],
      ['name', 'Ana Lucía Pérez'],
      ['email', 'ana@example.com'],
      ['phone', '+50761234567'],
    ] as const) {
      // The card's own fields are the card vault's, in its frame; the payer's are the checkout's.
      const scope = ['cardnumber', 'expirationDate', 'cvc'].includes(name) ? vaultFrameOf(page) : page;
      await scope.locator(`[name="${name}"]`).fill(value);
    }
    await page.locator('form.card-form button[type="submit"]').click();
    await page.getByRole('heading', { name: /comprobante de pago/i }).waitFor({ timeout: 15_000 });
    const line = page.locator('.receipt__line').filter({ has: page.locator('.card-mark--mc') });
    await line.locator('.card-mark--mc svg').waitFor();
    expect(await line.locator('dd').textContent()).toContain('Mastercard');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/marks-receipt-360.png', fullPage: true });
    await context.close();
  });
  it('the wallet\'s saved cards show their brand\'s mark', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget/home?lang=es`);
    await new WalletScreens(page).logIn(DEMO_USER.login, DEMO_USER.password);
    await page.getByRole('heading', { name: /mi billetera/i }).waitFor();
    // The seeded user's Visa 4242: its mark beside its label, which still names it.
    const visa = page.getByRole('listitem').filter({ hasText: /Visa .*4242/ });
    await visa.locator('.card-mark--visa svg').waitFor();
    expect(await markOf(page, '.wallet-card .card-mark--visa')).toMatchObject({ width: 38, height: 24, hidden: 'true', drawn: true });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(visa, { path: 'e2e/artifacts/marks-saved-card-360.png' });
    await context.close();
  });
});
