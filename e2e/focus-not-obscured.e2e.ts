import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { vaultFrameOf } from './support/pages';
import { screenshot } from './support/artifacts';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// WCAG 2.2 SC 2.4.11 Focus Not Obscured, on a phone: a control the keyboard reaches, and the label
// above it, are never under the checkout's sticky header, nor under the card form's sticky Pay. The
// payer has scrolled with a finger so the next control sits half under one of them, then presses
// Tab (or Shift+Tab): the browser must bring it, label included, clear of both.

interface Stop {
  /** The stop's element in the checkout's document (data-stop), the card vault's frame for its fields. */
  stop: number;
  /** A field inside the card vault's frame, by its name. */
  inner?: string;
  what: string;
}

interface Seen {
  what: string;
  top: number;
  bottom: number;
  labelTop: number | null;
  headerBottom: number;
  pay: { top: number; bottom: number } | null;
}

/** The focused control of the vault's frame, if it has the focus: its name and rect (its label's top) in the frame. */
async function innerFocus(frame: Frame): Promise<{ name: string; top: number; bottom: number; labelTop: number | null } | null> {
  return frame.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const label = (el as HTMLInputElement).labels?.[0];
    return { name: el.getAttribute('name') ?? el.tagName, top: r.top, bottom: r.bottom, labelTop: label ? label.getBoundingClientRect().top : null };
  });
}

async function vaultFrame(page: Page): Promise<Frame | null> {
  const handle = await page.$('iframe.vault-fields');
  return handle ? handle.contentFrame() : null;
}

/** Where the focus is: its rect and its label's (a label it is in or the one for it), the header's bottom and Pay's rect. */
async function seen(page: Page): Promise<Seen | null> {
  const outer = await page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const label = (el as HTMLInputElement).labels?.[0];
    const header = document.querySelector('.page--checkout > .header');
    const pay = document.querySelector('.card-form .button--pay');
    const payRect = pay instanceof HTMLElement && pay !== el && pay.getClientRects().length > 0 ? pay.getBoundingClientRect() : null;
    return {
      tag: el.tagName,
      what: el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName,
      top: r.top,
      bottom: r.bottom,
      labelTop: label ? label.getBoundingClientRect().top : null,
      headerBottom: header ? header.getBoundingClientRect().bottom : 0,
      pay: payRect ? { top: payRect.top, bottom: payRect.bottom } : null,
    };
  });
  if (!outer) return null;
  if (outer.tag !== 'IFRAME') return outer;
  const frame = await vaultFrame(page);
  const inner = frame ? await innerFocus(frame) : null;
  if (!inner) return outer;
  return { ...outer, what: `vault ${inner.name}`, top: outer.top + inner.top, bottom: outer.top + inner.bottom, labelTop: inner.labelTop === null ? null : outer.top + inner.labelTop };
}

/** Every stop of the keyboard's path from the top of the page, marked (data-stop) for the checks. */
async function walk(page: Page): Promise<Stop[]> {
  await page.evaluate(() => {
    for (const marked of document.querySelectorAll('[data-stop]')) marked.removeAttribute('data-stop');
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
    document.body.focus();
  });
  const stops: Stop[] = [];
  for (let i = 0; i < 60; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate((n) => {
      const el = document.activeElement;
      if (!(el instanceof HTMLElement) || el === document.body) return null;
      if (!el.hasAttribute('data-stop')) el.setAttribute('data-stop', String(n));
      return { stop: Number(el.getAttribute('data-stop')), tag: el.tagName, what: el.getAttribute('name') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName };
    }, stops.length);
    if (!stop) break;
    let inner: string | undefined;
    if (stop.tag === 'IFRAME') {
      const frame = await vaultFrame(page);
      inner = frame ? (await innerFocus(frame))?.name : undefined;
    }
    if (stops.some((s) => s.stop === stop.stop && s.inner === inner)) break;
    stops.push({ stop: stop.stop, ...(inner ? { inner } : {}), what: inner ? `vault ${inner}` : stop.what });
  }
  return stops;
}

/** A stop's top edge in the page's viewport. */
async function topOf(page: Page, stop: Stop): Promise<number> {
  const top = await page.evaluate((n) => document.querySelector(`[data-stop="${n}"]`)?.getBoundingClientRect().top ?? 0, stop.stop);
  if (!stop.inner) return top;
  const frame = await vaultFrame(page);
  const innerTop = frame ? await frame.evaluate((name) => document.querySelector(`[name="${name}"]`)?.getBoundingClientRect().top ?? 0, stop.inner) : 0;
  return top + innerTop;
}

/** What is wrong with where the focus came to rest, if anything. */
function obscured(at: Seen): string | null {
  const edge = Math.floor(at.headerBottom);
  if (at.top < edge) return `its top ${Math.round(at.top)} is above the header's bottom ${edge}`;
  if (at.labelTop !== null && at.labelTop < edge) return `its label's top ${Math.round(at.labelTop)} is above the header's bottom ${edge}`;
  if (at.pay && at.bottom > Math.ceil(at.pay.top) && at.top < at.pay.bottom) return `its bottom ${Math.round(at.bottom)} is below Pay's top ${Math.round(at.pay.top)}`;
  return null;
}

/**
 * For each stop: the page scrolled so it sits 20px under the header (and, with the card form's Pay
 * on screen, 10px under Pay's top), the focus on the stop before it (Tab) or after it (Shift+Tab)
 * without scrolling, then the key. Stops beside one in the vault's frame are reached from the other side.
 */
async function tabThrough(page: Page, screen: string): Promise<string[]> {
  const stops = await walk(page);
  expect(stops.length, `${screen}: the keyboard's path`).toBeGreaterThan(2);
  const problems: string[] = [];
  for (const [index, target] of stops.entries()) {
    for (const key of ['Tab', 'Shift+Tab'] as const) {
      const from = stops[key === 'Tab' ? index - 1 : index + 1];
      if (!from || from.inner) continue;
      const places = await page.evaluate(() => {
        const header = document.querySelector('.page--checkout > .header')?.getBoundingClientRect().bottom ?? 0;
        const pay = document.querySelector('.card-form .button--pay');
        return { header, pay: pay && pay.getClientRects().length > 0 ? Math.min(pay.getBoundingClientRect().top, window.innerHeight - 60) : null };
      });
      for (const [where, at] of [['under the header', places.header - 20], ...(places.pay !== null && key === 'Tab' ? [['under Pay', places.pay - 10]] : [])] as Array<[string, number]>) {
        await page.evaluate((n) => (document.querySelector(`[data-stop="${n}"]`) as HTMLElement | null)?.focus({ preventScroll: true }), from.stop);
        await page.evaluate((by) => window.scrollBy(0, by), (await topOf(page, target)) - at);
        await page.keyboard.press(key);
        await page.waitForTimeout(50);
        const now = await seen(page);
        const wrong = now ? obscured(now) : 'no focus';
        if (wrong) {
          problems.push(`${screen}: ${target.what} reached by ${key} from ${from.what}, scrolled ${where}: ${wrong}`);
          await screenshot(page, { path: `e2e/artifacts/focus-obscured-${screen.replace(/\W+/g, '-')}-${index}.png` });
        }
      }
    }
  }
  return problems;
}

describe.runIf(browserAvailable())('a focused control is never under the sticky header or the sticky Pay (phone size)', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  const open = async (size: { width: number; height: number }, path: string) => {
    const page = await browser.newPage({ viewport: size });
    await page.goto(`${sandbox.url}${path}`);
    return page;
  };

  for (const [lang, size] of [['es', { width: 360, height: 640 }], ['en', { width: 390, height: 844 }]] as const) {
    it(`crypto as a full page (${lang}, ${size.width}x${size.height}): the choice, then the payment with its address`, async () => {
      const code = await createLink(sandbox, { amount: 39.59, description: 'Sombrero pintao' });
      const page = await open(size, `/pf/widget/crypto?type=lk&code=${code}&lang=${lang}`);
      const coin = page.getByRole('combobox', { name: /^(Moneda|Coin)$/ });
      await coin.waitFor({ timeout: 20_000 });
      await coin.selectOption('USDT');
      const problems = await tabThrough(page, `crypto choice ${lang}`);
      await page.getByRole('combobox', { name: /^(Red|Network)$/ }).selectOption('TRX');
      await page.getByRole('button', { name: /obtener dirección de pago|get the payment address/i }).click();
      await page.getByRole('img', { name: /QR/ }).waitFor({ timeout: 15_000 });
      problems.push(...(await tabThrough(page, `crypto payment ${lang}`)));
      await screenshot(page, { path: `e2e/artifacts/focus-crypto-${lang}.png` });
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('the card form as a full page (es, 360x640): header above, Pay below', async () => {
    const code = await createLink(sandbox, { amount: 26.75, description: 'Sombrero pintao' });
    const page = await open({ width: 360, height: 640 }, `/pf/widget?type=lk&code=${code}&lang=es`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    const problems = await tabThrough(page, 'card es');
    await screenshot(page, { path: 'e2e/artifacts/focus-card-es.png' });
    expect(problems).toEqual([]);
    await page.close();
  });

  // The page focuses its first field as it opens: a reload must not put the scroll back after it.
  it('a reloaded link page on a phone (es, 390x844), scrolled down before: opens at its top, the focused card number clear of the header', async () => {
    const code = await createLink(sandbox, { amount: 25, description: 'Camisa de lino' });
    // A phone's browser (a touch screen, the page's own viewport), where the scroll comes back after the field's focus.
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${sandbox.url}/${code.toLowerCase()}?lang=es`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    // The payer types the number in the focused field and swipes on down, then reloads.
    await page.keyboard.type('4242424242424242');
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(300);
    await page.reload();
    const field = vaultFrameOf(page).locator('[name="cardnumber"]');
    await field.waitFor({ timeout: 20_000 });
    await expect.poll(() => field.evaluate((el) => el === document.activeElement && document.hasFocus()), { timeout: 10_000 }).toBe(true);
    // Where a restored scroll would land, after the page's load.
    await page.waitForTimeout(1500);
    const now = await seen(page);
    await screenshot(page, { path: 'e2e/artifacts/focus-after-reload-es.png' });
    expect(now?.what).toBe('vault cardnumber');
    expect(now ? obscured(now) : 'no focus').toBeNull();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  // Moves between the vault's fields stay inside its frame: the checkout hears no focus event of its own.
  for (const [lang, size] of [['es', { width: 360, height: 640 }], ['en', { width: 1280, height: 560 }]] as const) {
    it(`Tab and Shift+Tab between the card vault's fields (${lang}, ${size.width}x${size.height}): each one clear of Pay`, async () => {
      const code = await createLink(sandbox, { amount: 26.75, description: 'Sombrero pintao' });
      const page = await open(size, `/pf/widget?type=lk&code=${code}&lang=${lang}`);
      const number = vaultFrameOf(page).locator('[name="cardnumber"]');
      await number.waitFor({ timeout: 20_000 });
      const problems: string[] = [];
      // As the page left it after the card number took the focus; then with the payer's finger having
      // scrolled the card number to just above Pay, the fields after it under Pay.
      for (const scrolled of [false, true]) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await number.focus();
        await page.waitForTimeout(150);
        if (scrolled) {
          const by = await page.evaluate(() => {
            const frame = document.querySelector('iframe.vault-fields')?.getBoundingClientRect();
            const pay = document.querySelector('.card-form .button--pay')?.getBoundingClientRect();
            return frame && pay ? frame.top + 60 - pay.top : 0;
          });
          await page.evaluate((y) => window.scrollBy(0, y), by);
        }
        for (const [key, name] of [['Tab', 'expirationDate'], ['Tab', 'cvc'], ['Shift+Tab', 'expirationDate'], ['Shift+Tab', 'cardnumber']] as const) {
          await page.keyboard.press(key);
          await page.waitForTimeout(150);
          const now = await seen(page);
          if (now?.what !== `vault ${name}`) problems.push(`${key}: the focus on ${now?.what ?? 'nothing'}, not ${name}`);
          const wrong = now ? obscured(now) : 'no focus';
          if (wrong) problems.push(`${scrolled ? 'scrolled: ' : ''}${name} reached by ${key}: ${wrong}`);
        }
      }
      if (problems.length > 0) await screenshot(page, { path: `e2e/artifacts/focus-obscured-vault-${lang}.png` });
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('Nequi as a full page (en, 360x640)', async () => {
    const code = await createLink(sandbox, { amount: 12.5, description: 'Sombrero pintao' });
    const page = await open({ width: 360, height: 640 }, `/pf/widget?type=lk&code=${code}&lang=en&method=nequi`);
    await page.locator('input[name="phone"], input[type="tel"]').first().waitFor({ timeout: 20_000 });
    const problems = await tabThrough(page, 'nequi en');
    expect(problems).toEqual([]);
    await page.close();
  });
});
