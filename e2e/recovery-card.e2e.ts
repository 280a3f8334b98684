import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// A declined card: the reason sits right above the card's fields and under the field that can fix it
// (inside the vault's frame), the focus is there, and what was typed stays (never the CVC; after a
// refused 3DS challenge, none of the card). On a phone-sized screen (360 x 740).
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
  /** The checkout's focus is on the vault's frame, and inside it on this field. */
  const focusedIn = async (page: Page, field: string) =>
    (await page.evaluate(() => document.activeElement?.matches('iframe.vault-fields') ?? false)) &&
    (await vaultFrameOf(page).locator(`[name="${field}"]`).evaluate((el) => el === document.activeElement));
  /**
   * The decline note is announced above the frame and inside the viewport; in the frame the focused
   * field is invalid, and described by the same reason once left (the alert said it as it came: the
   * focus the decline gives the field does not say it again). Gives the reason the field shows.
   */
  const expectNoteBy = async (page: Page, field: string): Promise<string> => {
    const note = page.locator('#card-decline');
    await expect.poll(() => focusedIn(page, field), { timeout: 15_000 }).toBe(true);
    expect(await note.getAttribute('role')).toBe('alert');
    const box = await note.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 740).toBe(true);
    const input = vaultFrameOf(page).locator(`[name="${field}"]`);
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('aria-describedby')).toContain(`field-${field}-error`);
    expect((await vaultFrameOf(page).locator(`#field-${field}-error`).textContent()) ?? '').toBe('');
    // Left and come back to: the reason is read there.
    await input.evaluate((el: HTMLInputElement) => {
      el.blur();
      el.focus();
    });
    const reason = (await vaultFrameOf(page).locator(`#field-${field}-error`).textContent()) ?? '';
    expect(reason).not.toBe('');
    return reason;
  };

  it('es, incorrect CVC (4000 0000 0000 0127): the reason above the CVC, which is focused and empty; the rest is kept', async () => {
    const page = await open('es', 31);
    await fill(page, '4000 0000 0000 0127');
    await page.locator('form button[type="submit"]').click();
    const reason = await expectNoteBy(page, 'cvc');
    expect(reason).toContain('Código de seguridad (CVC) incorrecto');
    expect(await page.locator('#card-decline').textContent()).toContain('Código de seguridad (CVC) incorrecto');
    expect(await vaultFrameOf(page).locator('[name="cvc"]').inputValue()).toBe('');
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').inputValue()).toBe('4000 0000 0000 0127');
    expect(await page.locator('[name="email"]').inputValue()).toBe('maria@example.com');
    await screenshot(page, { path: `${SHOTS}recovery-card-cvc-es-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('en, insufficient funds (4000 0000 0000 9995): the reason above the card number, which is focused', async () => {
    const page = await open('en', 32);
    await fill(page, '4000 0000 0000 9995');
    await page.locator('form button[type="submit"]').click();
    expect(await expectNoteBy(page, 'cardnumber')).toContain('Insufficient funds');
    const text = await page.locator('#card-decline').textContent();
    expect(text).toContain('Payment declined');
    expect(text).toContain('Insufficient funds');
    expect(await vaultFrameOf(page).locator('[name="cvc"]').inputValue()).toBe('');
    expect(await page.locator('[name="name"]').inputValue()).toBe('Maria Nunez');
    await screenshot(page, { path: `${SHOTS}recovery-card-funds-en-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it('es, a failed 3DS challenge: back on the form with the payer\'s details kept and the card to type again, with the reason above the card number', async () => {
    const page = await open('es', 33);
    await fill(page, '4000 0000 0000 3220');
    await page.locator('form button[type="submit"]').click();
    const fail = page.getByRole('button', { name: /fallar|fail/i });
    await fail.waitFor({ timeout: 15_000 });
    await fail.click();
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    expect(await expectNoteBy(page, 'cardnumber')).toContain('La autenticación 3D Secure falló');
    expect(await page.locator('#card-decline').textContent()).toContain('La autenticación 3D Secure falló');
    // The checkout never holds the card: its number, expiry and CVC are typed again; the payer's details are kept.
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').inputValue()).toBe('');
    expect(await vaultFrameOf(page).locator('[name="expirationDate"]').inputValue()).toBe('');
    expect(await vaultFrameOf(page).locator('[name="cvc"]').inputValue()).toBe('');
    expect(await page.locator('[name="name"]').inputValue()).toBe('Maria Nunez');
    expect(await page.locator('[name="email"]').inputValue()).toBe('maria@example.com');
    expect(await page.locator('[name="phone"]').inputValue()).toBe('+507 6123-4567');
    // The payer's details were kept for this one return only: nothing is left in the tab's storage.
    expect(await page.evaluate(() => sessionStorage.getItem('pasarela.card.draft'))).toBeNull();
    await screenshot(page, { path: `${SHOTS}recovery-card-3ds-es-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
