import { describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { CheckoutFrame, vaultFrameOf } from './support/pages';
import { denyStorage } from './support/storage';
import { checkoutFrameOf } from './support/frames';
import { withSandboxAndBrowser } from './support/suite';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type Lang = 'es' | 'en';
const TEXT = {
  es: { robot: 'No soy un robot', verified: 'Verificado', toBank: /continuar al banco/i, receipt: /comprobante de pago/i, declined: 'Pago rechazado', reason: 'La autenticación 3D Secure falló' },
  en: { robot: "I'm not a robot", verified: 'Verified', toBank: /continue to the bank/i, receipt: /payment receipt/i, declined: 'Payment declined', reason: '3D Secure authentication failed' },
} as const;

/** The page's watcher helper, defined by the first init script below. */
interface AfterEachChange {
  __afterEachChange(look: () => boolean): void;
}

/** What the checkout's frame did after the payer's answer on the outside page. */
interface AfterAnswer {
  /** Addresses of the frame's documents in which SPEC 2's splash showed. */
  splashes: string[];
  /** Receipt reads that went over the network. */
  receiptCalls: string[];
  /** The answers to the receipt's address (the 3DS challenge's return). */
  receiptPages: string[];
  /** The answers to Clave's return address. */
  claveReturnPages: string[];
  /** The answers to the card form's own address, which a refused challenge steps back to. */
  formPages: string[];
  /** Each return page's screen as the server drew it (its root when the page was parsed). */
  drawnByServer: string[];
  /** The addresses the outside page returned to. */
  returnAddresses: string[];
  /** Frames of the checkout's pages that drew the card's 3DS wait. */
  waitsDrawn: string[];
  /** What a return page drew, in an animation frame within 3 s after its receipt first showed, instead of it. */
  receiptGone: string[];
  /** Addresses of the return pages on which a receipt showed. */
  receiptsShown: string[];
  /** Each animation frame of the form's page, for 1 s and 11 frames at least after the bank's reason first showed: any card number and CVC in the checkout's page and whether the reason is in view; '-' without the reason. */
  formFrames: string[];
}

// Issue 47, with the default settings (SPEC 2's 3000 ms splash): a return from the 3DS challenge or
// the Clave bank page shows what comes next with no splash and no round trip before it. The page
// the bank returns to carries the payment's receipt; a refused challenge goes straight back to the
// card form's own entry (never showing or starting the receipt's page), which says the bank's reason.
describe.runIf(browserAvailable())('returns from the 3DS and Clave pages, default settings, 360 px', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '3000' }, (started) => ({ sandbox, browser } = started));

  async function onOutsidePage(lang: Lang, amount: number, method: 'card' | 'clave', storage: 'kept' | 'denied' = 'kept'): Promise<{ page: Page; frame: FrameLocator; after: AfterAnswer; answered: () => void }> {
    const code = await createLink(sandbox, { amount, taxAmount: 1, description: 'Sombrero pintao' });
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    // A frame the browser keeps no storage for: the return page's markup is taken over as it is.
    if (storage === 'denied') await denyStorage(context, new URL(sandbox.url).origin);
    const after: AfterAnswer = { splashes: [], receiptCalls: [], receiptPages: [], claveReturnPages: [], formPages: [], drawnByServer: [], returnAddresses: [], waitsDrawn: [], receiptGone: [], receiptsShown: [], formFrames: [] };
    let counting = false;
    await context.exposeBinding('__splashShown', (_source, at: string) => void (counting && after.splashes.push(at)));
    await context.exposeBinding('__waitDrawn', (_source, at: string) => void (counting && after.waitsDrawn.push(at)));
    // The watchers below look at the page in the animation frame after each change of its document,
    // the frame that paints that change (a frame with no change before it paints what the previous
    // one did), until `look` says it is done: the same frames' content as a loop on every frame,
    // without making the renderer and compositor draw 60 frames a second for as long as a page is open.
    await context.addInitScript(() => {
      (window as unknown as AfterEachChange).__afterEachChange = (look) => {
        let looking = false;
        const changes = new MutationObserver(() => {
          if (looking) return;
          looking = true;
          requestAnimationFrame(() => {
            looking = false;
            if (look()) changes.disconnect();
          });
        });
        changes.observe(document, { childList: true, subtree: true, characterData: true });
      };
    });
    await context.addInitScript((titles: (string | undefined)[]) => {
      if (location.pathname !== '/pf/widget') return;
      // The card's 3DS wait ("Verificación de tu banco") on screen, for 10 s.
      const until = performance.now() + 10_000;
      (window as unknown as AfterEachChange).__afterEachChange(() => {
        if ([...document.querySelectorAll('h2')].some((h) => titles.includes(h.textContent ?? ''))) {
          (window as unknown as { __waitDrawn(at: string): void }).__waitDrawn(location.href);
          return true;
        }
        return performance.now() >= until;
      });
    }, [catalogs.es.card_challenge_title, catalogs.en.card_challenge_title]);
    await context.exposeBinding('__drawnByServer', (_source, root: string, address: string) => {
      if (!counting) return;
      after.drawnByServer.push(root);
      after.returnAddresses.push(address);
    });
    await context.exposeBinding('__receiptGone', (_source, what: string) => void (counting && after.receiptGone.push(what)));
    await context.exposeBinding('__receiptShown', (_source, at: string) => void (counting && after.receiptsShown.push(at)));
    await context.exposeBinding('__formFrames', (_source, frames: string[]) => void (counting && after.formFrames.push(...frames)));
    await context.addInitScript(() => {
      if (location.pathname !== '/pf/widget' || !new URLSearchParams(location.search).has('pending')) return;
      // The card vault's frame as the page was parsed: the script that takes the form over keeps it.
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __vaultFrameAtParse: Element | null }).__vaultFrameAtParse = document.querySelector('iframe.vault-fields');
      });
      // From the first frame that shows the bank's reason, every frame for 1 s, and 11 at least where a busy
      // machine draws fewer a second: any card number or CVC in the checkout's page.
      const frames: string[] = [];
      let shownAt: number | null = null;
      const watch = () => {
        const reason = document.getElementById('card-decline');
        shownAt ??= performance.now();
        const value = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.value ?? '';
        const box = reason?.getBoundingClientRect();
        // A card number and a CVC (both must be absent: the vault's frame holds them) and whether the reason is within the screen.
        frames.push(reason && box ? `${value('cardnumber')}|${value('cvc')}|${box.top >= 0 && box.bottom <= innerHeight ? 'in view' : 'out of view'}` : '-');
        if (performance.now() - shownAt > 1000 && frames.length > 10) {
          return (window as unknown as { __formFrames(frames: string[]): void }).__formFrames(frames);
        }
        requestAnimationFrame(watch);
      };
      (window as unknown as AfterEachChange).__afterEachChange(() => {
        if (!document.getElementById('card-decline')) return false;
        watch();
        return true;
      });
    });
    await context.addInitScript(() => {
      if (!location.pathname.startsWith('/pf/default-receipt/') && !location.pathname.startsWith('/pf/widget/returnclave')) return;
      // Once the receipt shows, it stays: no frame without it for 3 s (the script taking it over, its address replaced).
      let shownAt: number | null = null;
      (window as unknown as AfterEachChange).__afterEachChange(() => {
        const title = document.getElementById('receipt-title');
        if (shownAt === null && title) {
          shownAt = performance.now();
          (window as unknown as { __receiptShown(at: string): void }).__receiptShown(location.href);
        }
        if (shownAt !== null && performance.now() - shownAt >= 3000) return true;
        if (shownAt !== null && !title) {
          (window as unknown as { __receiptGone(what: string): void }).__receiptGone((document.getElementById('root')?.textContent ?? '').slice(0, 80));
          return true;
        }
        return false;
      });
      const address = location.href;
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __drawnByServer(root: string, address: string): void }).__drawnByServer(document.getElementById('root')?.innerHTML ?? '', address);
      });
    });
    await context.addInitScript(() => {
      if (!location.pathname.startsWith('/pf/') && location.pathname !== '/') return;
      const seen = new MutationObserver(() => {
        if (!document.querySelector('.splash')) return;
        seen.disconnect();
        (window as unknown as { __splashShown(at: string): void }).__splashShown(location.pathname + location.search);
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    page.on('request', (request) => {
      if (counting && new URL(request.url()).pathname.startsWith('/api/v1/receipts/')) after.receiptCalls.push(request.url());
    });
    page.on('response', async (response) => {
      const path = new URL(response.url()).pathname;
      if (counting && path.startsWith('/pf/default-receipt/')) after.receiptPages.push(await response.text().catch(() => ''));
      if (counting && path.startsWith('/pf/widget/returnclave')) after.claveReturnPages.push(await response.text().catch(() => ''));
      if (counting && path === '/pf/widget' && new URL(response.url()).searchParams.has('pending')) after.formPages.push(await response.text().catch(() => ''));
    });
    await page.goto(sandbox.demoUrl);
    const frame = await openRecordingShopEvents(page, code, lang);
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    if (method === 'card') {
      await new CheckoutFrame(frame).fillCard({ number: '4000 0000 0000 3220', name: 'Maria Nunez', email: 'maria@example.com' });
    } else {
      await frame.getByRole('radiogroup').getByRole('radio', { name: /Clave/ }).check();
    }
    await frame.getByRole('checkbox', { name: TEXT[lang].robot }).check();
    await frame.getByText(TEXT[lang].verified, { exact: true }).waitFor({ timeout: 10_000 });
    if (method === 'card') await frame.locator('#method-panel-card button[type="submit"]').click();
    else await frame.getByRole('button', { name: TEXT[lang].toBank }).click();
    await frame.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    return { page, frame, after, answered: () => void (counting = true) };
  }

  it.each([
    { lang: 'es' as const, amount: 61, storage: 'kept' as const },
    { lang: 'en' as const, amount: 62, storage: 'kept' as const },
    { lang: 'es' as const, amount: 69, storage: 'denied' as const },
  ])("$lang: a refused 3DS challenge comes straight back to the form with the reason and the payer's details (the card typed again): no splash, no receipt, no wait (frame storage $storage)", async ({ lang, amount, storage }) => {
    const { page, frame, after, answered } = await onOutsidePage(lang, amount, 'card', storage);
    answered();
    await frame.getByRole('button', { name: /fallar|fail/i }).click();
    const note = frame.locator('#card-decline');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.getAttribute('role')).toBe('alert');
    expect(await note.textContent()).toBe(`${TEXT[lang].declined}${TEXT[lang].reason}`);
    // The card is the vault's, never held by the checkout: its number, expiry and CVC are typed again
    // (docs/spec-decisions.md "A failed 3DS challenge's return"); the payer's own details come back.
    for (const field of ['cardnumber', 'expirationDate', 'cvc']) expect(await vaultFrameOf(frame).locator(`[name="${field}"]`).inputValue()).toBe('');
    expect(await frame.locator('[name="name"]').inputValue()).toBe('Maria Nunez');
    expect(await frame.locator('[name="email"]').inputValue()).toBe('maria@example.com');
    expect(await frame.locator('[name="phone"]').inputValue()).toBe('+507 6123-4567');
    // The shop hears the decline, once.
    await expect.poll(() => shopEventsOf<[string, unknown]>(page)).toMatchObject([['result', { status: 'error', method: 'card', notification: { Estado: 'DECLINED' } }]]);
    // What the payer saw on the way back: no splash, no receipt, and no bank wait for a payment
    // already refused.
    expect(after.splashes).toEqual([]);
    expect(after.receiptsShown).toEqual([]);
    expect(after.waitsDrawn).toEqual([]);
    // Every frame from the first that shows the reason shows it on screen (the page opens at its top,
    // not where the browser had scrolled it), and the checkout's page never holds a card number or a
    // CVC (not even one the browser puts back into the fields of a page it returns to): they are the vault's.
    await expect.poll(() => after.formFrames.length, { timeout: 5_000 }).toBeGreaterThan(10);
    expect(new Set(after.formFrames)).toEqual(new Set(['||in view']));
    expect(new URL((await checkoutFrameOf(page)).url()).pathname).toBe('/pf/widget');
    // The form's page comes with the form and the bank's reason drawn in it by the server, and its
    // script takes that over as it is: the card vault's frame parsed with the page is the one the
    // payer types in, and the focus is in it, on the field to fix. A drawing that ran past the
    // server's limit (a busy machine) is left to the browser, and the log says so.
    expect(after.formPages).toHaveLength(1);
    const drawnByServer = /<div id="root" data-prerendered="\w\w">[^]*id="card-decline"[^]*<iframe[^>]*class="vault-fields/.test(after.formPages[0] ?? '');
    if (!drawnByServer) expect(sandbox.output()).toMatch(/"path":"\/pf\/widget","limitMs":\d+,"msg":"widget prerender ran past its limit/);
    const checkoutPage = await checkoutFrameOf(page);
    await expect.poll(() => checkoutPage.evaluate(() => document.activeElement?.className ?? '')).toContain('vault-fields');
    expect(await checkoutPage.evaluate(() => {
      const parsed = (window as unknown as { __vaultFrameAtParse: Element | null }).__vaultFrameAtParse;
      return parsed !== null && parsed === document.querySelector('iframe.vault-fields') && parsed.isConnected;
    })).toBe(drawnByServer);
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}return-3ds-refused-${lang}${storage === 'denied' ? '-no-storage' : ''}-360.png` });
    expect(await shopEventsOf(page)).toHaveLength(1);
    await page.context().close();
  });

  it.each([
    { lang: 'es' as const, amount: 63, method: 'card' as const, storage: 'kept' as const },
    { lang: 'en' as const, amount: 64, method: 'card' as const, storage: 'kept' as const },
    { lang: 'es' as const, amount: 65, method: 'clave' as const, storage: 'kept' as const },
    { lang: 'en' as const, amount: 66, method: 'clave' as const, storage: 'kept' as const },
    { lang: 'es' as const, amount: 67, method: 'clave' as const, storage: 'denied' as const },
    { lang: 'en' as const, amount: 68, method: 'card' as const, storage: 'denied' as const },
  ])('$lang: approved on the $method outside page, the receipt: no splash, and its page carries it (frame storage $storage)', async ({ lang, amount, method, storage }) => {
    const { page, frame, after, answered } = await onOutsidePage(lang, amount, method, storage);
    answered();
    await frame.getByRole('button', { name: /aprobar|approve/i }).click();
    await frame.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    expect(after.splashes).toEqual([]);
    expect(after.receiptCalls).toEqual([]);
    // The page the payer returns to comes with the receipt drawn in it, styled by its sheet.
    const returnPage = (method === 'card' ? after.receiptPages : after.claveReturnPages)[0] ?? '';
    expect(returnPage).toMatch(/<link rel="stylesheet" href="\/widget\/assets\/later-[\w-]+\.css"><div id="root" data-prerendered="\w\w"><main[^]*id="receipt-title"/);
    // Bindings reach the test asynchronously: the page's report may follow its receipt.
    await expect.poll(() => after.drawnByServer.length).toBe(1);
    // The checkout's script takes it over as it is: the receipt the payer reads does not change.
    const frameOf = await checkoutFrameOf(page);
    await frameOf.waitForURL(/\/pf\/default-receipt\//);
    // The receipt's title is the script's (the server's page is titled "Pasarela").
    await frameOf.waitForFunction(() => document.title !== 'Pasarela');
    const receiptText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    // Never a loading page or a blank frame in its place while the script takes it over.
    await page.waitForTimeout(3200);
    expect(after.receiptGone).toEqual([]);
    expect(receiptText(await frameOf.locator('#root').innerHTML())).toBe(receiptText(after.drawnByServer[0] ?? ''));
    // What the payer sees before any script: the receipt drawn and styled by the page alone.
    const bare = await browser.newContext({ javaScriptEnabled: false, locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
    const bareReceipt = await bare.newPage();
    await bareReceipt.goto(after.returnAddresses[0] ?? '');
    await bareReceipt.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 10_000 });
    expect(await bareReceipt.locator('.receipt__line').count()).toBeGreaterThan(3);
    // Styled: the lines are laid out as the receipt's sheet says (label and value on one row).
    expect(await bareReceipt.locator('.receipt__line').first().evaluate((line) => getComputedStyle(line).display)).not.toBe('block');
    await screenshot(bareReceipt, { path: `${SHOTS}return-${method}-approved-before-script-${lang}-360.png` });
    await bare.close();
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    await screenshot(page, { path: `${SHOTS}return-${method}-approved-${lang}${storage === 'denied' ? '-no-storage' : ''}-360.png` });
    await page.context().close();
  });
});
