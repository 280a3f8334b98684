import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// SPEC 2's splash (3000 ms, the sandbox's default) is the app's start: the loader's first open on a
// page shows it, with the card field ready under it; a reopen on the same page does not. On a
// phone (360 x 740), in both languages.
describe.runIf(browserAvailable())('the splash shows once per page visit of the loader', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({}, (started) => ({ sandbox, browser } = started));

  /** open() on the page, then the ms until the card field is on screen and takes typing, and whether a splash showed. */
  async function openAndType(page: Page, code: string, lang: 'es' | 'en'): Promise<{ ms: number; splash: boolean }> {
    const started = Date.now();
    await page.evaluate(({ code, lang }) => {
      const w = window as unknown as { shopHandle?: { close(): void }; Checkout: { open(o: unknown): { close(): void } } };
      w.shopHandle = w.Checkout.open({ code, lang });
    }, { code, lang });
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    let splash = false;
    const field = vaultFrameOf(frame).locator('[name="cardnumber"]');
    for (;;) {
      if (Date.now() - started > 20_000) throw new Error('no card field that takes typing within 20 s');
      // Under the splash the card field is not on screen (keys typed there are not held): typing waits for it to go.
      if (await frame.locator('.splash').first().isVisible().catch(() => false)) {
        splash = true;
        await page.waitForTimeout(50);
        continue;
      }
      const typed = await field.fill('4242', { timeout: 100 }).then(() => true, () => false);
      if (typed && (await field.inputValue()).replace(/\D/g, '') === '4242') break;
    }
    return { ms: Date.now() - started, splash };
  }

  /** The card vault's frame in the checkout: its address, the bytes its page took from the network (0: from the browser's cache), its accent. */
  async function fieldsFrame(page: Page): Promise<{ url: URL; transferred: number; accent: string }> {
    const element = await page.frameLocator('iframe[src*="/pf/widget"]').locator('iframe.vault-fields').elementHandle();
    const frame: Frame | null | undefined = await element?.contentFrame();
    if (!frame) throw new Error('no card vault frame');
    return {
      url: new URL(frame.url()),
      transferred: await frame.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).transferSize),
      accent: await frame.evaluate(() => document.documentElement.style.getPropertyValue('--accent')),
    };
  }

  it.each(['es', 'en'] as const)('%s: the first open shows the splash over a ready form; the reopen shows none and types at once', async (lang) => {
    const code = await createLink(sandbox, { amount: 12, description: 'Café' });
    const context = await browser.newContext({ reducedMotion: 'no-preference', locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);

    const first = await openAndType(page, code, lang);
    expect(first.splash).toBe(true);
    // SPEC 2's 3000 ms from the payer's click: the form never comes sooner
    expect(first.ms).toBeGreaterThanOrEqual(3_000);
    // The form drawn beneath the splash gives the card vault's frame the shop's look in its fragment.
    const firstFields = await fieldsFrame(page);
    expect(firstFields.transferred).toBeGreaterThan(0);
    expect(new URLSearchParams(firstFields.url.hash.slice(1)).get('accent')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(firstFields.accent).toBe(new URLSearchParams(firstFields.url.hash.slice(1)).get('accent'));
    await page.evaluate(() => (window as unknown as { shopHandle: { close(): void } }).shopHandle.close());
    await page.locator('iframe[src*="/pf/widget"]').waitFor({ state: 'detached' });

    const again = await openAndType(page, code, lang);
    // No splash to wait out: the form takes typing as it shows. (How soon is the open benchmark's,
    // npm run bench:open, which measures the reopen to typing: a time here only read the machine's load.)
    expect(again.splash).toBe(false);
    // The reopen's form, drawn on the server, asks for the same page, which the browser's cache answers.
    const againFields = await fieldsFrame(page);
    expect(againFields.url.href.split('#')[0]).toBe(firstFields.url.href.split('#')[0]);
    expect(againFields.transferred).toBe(0);
    expect(new URL(await page.locator('iframe[src*="/pf/widget"]').getAttribute('src') ?? '').searchParams.get('reopen')).toBe('1');
    await screenshot(page, { path: `${SHOTS}splash-reopen-${lang}-360.png` });
    await context.close();
  });
});
