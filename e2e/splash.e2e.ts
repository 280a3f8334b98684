import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

interface Timings {
  /** Largest Contentful Paint entries, in ms from the navigation's start. */
  lcp: { at: number; inScreen: boolean; tag: string }[];
  /** When the splash left the page. */
  splashEnd: number | null;
}

/** The splash of the visit whose checks run under it. */
const LONG_SPLASH_MS = 12_000;

// Recorded in the page from its first moment: every LCP entry and the splash's end.
const RECORD = `
  window.__timings = { lcp: [], splashEnd: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      window.__timings.lcp.push({ at: entry.startTime, inScreen: !!el?.closest?.('.app-screen'), tag: el ? el.tagName : '' });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let seen = false;
  new MutationObserver(() => {
    const splash = document.querySelector('.splash');
    if (splash) seen = true;
    else if (seen && window.__timings.splashEnd === null) window.__timings.splashEnd = performance.now();
  }).observe(document, { childList: true, subtree: true });
`;

// SPEC 2's splash (3000 ms by default) over the first screen (issue 23): the checkout renders
// beneath it, so the page is painted and audits find its Largest Contentful Paint, while the payer
// sees, hears and reaches only the splash until it ends.
describe.runIf(browserAvailable())('the splash over a payment link, at its default 3 s', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  // no SPLASH_MS: the sandbox's default, SPEC's 3000 ms
  // What the payer's whole browser shows first (browser.ts).
  withSandboxAndBrowser({}, (started) => ({ sandbox, browser } = started), 'full');

  async function paymentLink(): Promise<string> {
    const res = await fetch(`${sandbox.url}/sandbox/links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 42.5, description: 'Zapatos de cuero' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { url: string }).url;
  }

  it('reports a Largest Contentful Paint from the form beneath it, before it ends; the form is out of reach until then', async () => {
    const context = await browser.newContext({ reducedMotion: 'no-preference', locale: 'es-PA', viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.addInitScript(RECORD);
    // The checks made under the splash (the accessibility tree, the keyboard, a click, axe) take a
    // few seconds on a loaded machine (its first paint alone came 1.4 s after the page's start on one),
    // and the splash's 3 s count from the page's start: this visit's splash is 12 s (its config
    // block), so they all fall within it. The next test times the default 3 s.
    const link = await paymentLink();
    await page.route(link, async (route) => {
      const res = await route.fetch();
      const html = (await res.text()).replace('"splashMs":3000', `"splashMs":${LONG_SPLASH_MS}`);
      const headers = { ...res.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response: res, body: html, headers });
    });
    await page.goto(link);
    expect(await page.evaluate(() => document.getElementById('pasarela-config')?.textContent)).toContain(`"splashMs":${LONG_SPLASH_MS}`);

    // The form is in the page (painted) under the splash.
    const screen = page.locator('.app-screen');
    await page.locator('.splash').waitFor({ state: 'visible' });
    await vaultFrameOf(screen).locator('[name="cardnumber"]').waitFor({ state: 'attached', timeout: 10_000 });
    expect(await page.locator('.splash').count()).toBe(1);
    expect(await screen.getAttribute('inert')).not.toBeNull();
    // The form's paint is reported first: Chromium stops reporting LCP at the first key or click,
    // which the checks below make (on a loaded machine the paint can come after them).
    await expect.poll(() => page.evaluate(() => (window as unknown as { __timings: Timings }).__timings.lcp.some((e) => e.inScreen)), { timeout: 10_000 }).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/splash-over-form.png' });

    // What a screen reader is given (Chromium's own accessibility tree, which honours inert): the
    // splash's progress bar, nothing of the form.
    const cdp = await context.newCDPSession(page);
    const exposed = async () => {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value?: string }; name?: { value?: string } }[] };
      return nodes.filter((n) => !n.ignored).map((n) => `${n.role?.value ?? ''} ${n.name?.value ?? ''}`.trim());
    };
    const during = await exposed();
    expect(during).toContain('progressbar Cargando la pasarela de pago');
    expect(during.filter((n) => /^(textbox|button|heading|radio)\b/.test(n))).toEqual([]);
    // The keyboard cannot reach the form, and a click lands on the splash.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.app-screen'))).toBe(false);
    const box = await vaultFrameOf(screen).locator('[name="cardnumber"]').boundingBox();
    if (box) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await page.evaluate(() => !!document.activeElement?.closest('.app-screen'))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // The splash ends on time, and the LCP came from the form before that.
    await page.locator('.splash').waitFor({ state: 'detached', timeout: 20_000 });
    const timings = await page.evaluate(() => (window as unknown as { __timings: Timings }).__timings);
    expect(timings.splashEnd).toBeGreaterThan(LONG_SPLASH_MS);
    const first = timings.lcp[0];
    expect(first, JSON.stringify(timings)).toBeDefined();
    expect(first?.at).toBeLessThan(timings.splashEnd ?? 0);
    expect(timings.lcp.some((e) => e.inScreen && e.at < (timings.splashEnd ?? 0)), JSON.stringify(timings)).toBe(true);

    // Afterwards the same form is live: reachable, readable, and it takes what is typed.
    expect(await screen.getAttribute('inert')).toBeNull();
    await vaultFrameOf(page).locator('[name="cardnumber"]').fill('4242 4242 4242 4242');
    // The checkout's focus is on the vault's frame, and inside it on the number (issue 90).
    expect(await page.evaluate(() => document.activeElement?.classList.contains('vault-fields'))).toBe(true);
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').evaluate((el) => el === document.activeElement)).toBe(true);
    const after = await exposed();
    expect(after.some((n) => n.startsWith('textbox'))).toBe(true);
    expect(after.some((n) => n.startsWith('progressbar'))).toBe(false);
    await screenshot(page, { path: 'e2e/artifacts/splash-ended.png' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is drawn by the page from its first paint, before the widget\'s script runs; its 3 s count from the page\'s start', async () => {
    const link = await paymentLink();
    // the script held back: what the payer sees is the page's own splash
    const held = await browser.newContext({ reducedMotion: 'no-preference', locale: 'es-PA', viewport: { width: 360, height: 780 } });
    const page = await held.newPage();
    await page.route(/\/widget\/assets\/.*\.js/, () => undefined);
    // a module script holds DOMContentLoaded back: wait for the root itself
    await page.goto(link, { waitUntil: 'commit' });
    await page.locator('#root[data-splash]').waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    const drawn = await page.evaluate(() => {
      const root = document.getElementById('root') as HTMLElement;
      const logo = getComputedStyle(root, '::before');
      const bar = getComputedStyle(root, '::after');
      return {
        empty: root.childElementCount === 0,
        position: getComputedStyle(root).position,
        logo: [Math.round(parseFloat(logo.width)), Math.round(parseFloat(logo.height))],
        bar: [bar.height, bar.animationName],
        filled: parseFloat(bar.backgroundSize),
        started: performance.now(),
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      };
    });
    const { filled, started, firstPaint: painted, ...shape } = drawn;
    expect(shape).toEqual({ empty: true, position: 'fixed', logo: [53, 37], bar: ['6px', 'splash-paint-fill'] });
    // the bar is as far along as the app's first 3000 ms from the page's start, not from its first paint
    expect(painted).not.toBeNull();
    expect(Math.abs(filled - Math.min(100, (started / 3000) * 100)), JSON.stringify(drawn)).toBeLessThan(4);
    await screenshot(page, { path: 'e2e/artifacts/splash-before-script.png' });
    await held.close();

    const context = await browser.newContext({ reducedMotion: 'no-preference', locale: 'es-PA', viewport: { width: 360, height: 780 } });
    const live = await context.newPage();
    await live.addInitScript(RECORD);
    await live.goto(link);
    await live.locator('.splash').waitFor({ state: 'detached', timeout: 10_000 });
    const { firstPaint, splashEnd } = await live.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      splashEnd: (window as unknown as { __timings: Timings }).__timings.splashEnd,
    }));
    // the SPEC's 3000 ms from the page's start (the payer's click): on screen from the first paint
    // for what is left of them (a form ready sooner waits for their end)
    expect(firstPaint).not.toBeNull();
    expect(splashEnd ?? 0).toBeGreaterThanOrEqual(3000);
    expect((splashEnd ?? 0) - (firstPaint ?? 0)).toBeLessThan(3000);
    await context.close();
  });
});
