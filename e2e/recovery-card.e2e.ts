import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// A declined card: the reason sits right above the field that can fix it, the focus is there, and
// what was typed stays (never the CVC). On a phone-sized screen (360 x 740).
describe.runIf(browserAvailable())('a card decline the payer can recover from', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const open = async (lang: 'es' | 'en', amount: number): Promise<Page> => {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Sombrero pintao' });
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return page;
  };
  const fill = async (page: Page, number: string) => {
    await vaultFrameOf(page).locator('[name="cardnumber"]').fill(number);
    await vaultFrameOf(page).locator('[name="expirationDate"]').fill(`12/${String((new Date().getFullYear() + 2) % 100)}`);
    await vaultFrameOf(page).locator('[name="cvc"]').fill('123');
    await page.locator('[name="name"]').fill('Maria Nunez');
    await page.locator('[name="email"]').fill('maria@example.com');
    await page.locator('[name="phone"]').fill('+507 6123-4567');
  };
  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));
  /** The decline note is inside the viewport, and it describes the focused field. */
  const expectNoteBy = async (page: Page, field: string) => {
    const note = page.locator('#card-decline');
    await expect.poll(() => focusedName(page), { timeout: 15_000 }).toBe(field);
    expect(await note.getAttribute('role')).toBe('alert');
    expect(await page.locator(`[name="${field}"]`).getAttribute('aria-describedby')).toContain('card-decline');
    const box = await note.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 740).toBe(true);
  };

  it('es, incorrect CVC (4000 0000 0000 0127): the reason above the CVC, which is focused and empty; the rest is kept', async () => {
    const page = await open('es', 31);
    await fill(page, '4000 0000 0000 0127');
    await page.locator('form button[type="submit"]').click();
    await expectNoteBy(page, 'cvc');
    expect(await page.locator('#card-decline').textContent()).toContain('Código de seguridad (CVC) incorrecto');
    expect(await vaultFrameOf(page).locator('[name="cvc"]').inputValue()).toBe('');
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').inputValue()).toBe('4000 0000 0000 0127');
    expect(await page.locator('[name="email"]').inputValue()).toBe('maria@example.com');
    await screenshot(page, { path: `${SHOTS}recovery-card-cvc-es-360.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('en, insufficient funds (4000 0000 0000 9995): the reason above the card number, which is focused', async () => {
    const page = await open('en', 32);
    await fill(page, '4000 0000 0000 9995');
    await page.locator('form button[type="submit"]').click();
    await expectNoteBy(page, 'cardnumber');
    const text = await page.locator('#card-decline').textContent();
    expect(text).toContain('Payment declined');
    expect(text).toContain('Insufficient funds');
    expect(await vaultFrameOf(page).locator('[name="cvc"]').inputValue()).toBe('');
    expect(await page.locator('[name="name"]').inputValue()).toBe('Maria Nunez');
    await screenshot(page, { path: `${SHOTS}recovery-card-funds-en-360.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('es, a failed 3DS challenge: back on the form refilled but the CVC, with the reason above the card number', async () => {
    const page = await open('es', 33);
    await fill(page, '4000 0000 0000 3220');
    await page.locator('form button[type="submit"]').click();
    const fail = page.getByRole('button', { name: /fallar|fail/i });
    await fail.waitFor({ timeout: 15_000 });
    await fail.click();
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await expectNoteBy(page, 'cardnumber');
    expect(await page.locator('#card-decline').textContent()).toContain('La autenticación 3D Secure falló');
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').inputValue()).toBe('4000 0000 0000 3220');
    expect(await page.locator('[name="name"]').inputValue()).toBe('Maria Nunez');
    expect(await page.locator('[name="phone"]').inputValue()).toBe('+507 6123-4567');
    expect(await vaultFrameOf(page).locator('[name="cvc"]').inputValue()).toBe('');
    // Kept for this one return only.
    expect(await page.evaluate(() => sessionStorage.getItem('pasarela.card.draft'))).toBeNull();
    await screenshot(page, { path: `${SHOTS}recovery-card-3ds-es-360.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
