import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { vaultFrameOf } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// Issue 90: a payer's browser fills a card it saved into the card vault's fields (cc-number, cc-exp,
// cc-csc in the frame; cc-name in the checkout), and pays with it.
// How it fills: Chromium's own autofill, through DevTools' Autofill.trigger (the saved card offered at a
// field and picked), which Debian's headless chromium carries out: the browser sets the fields' values
// and sends their events as for a payer's saved card, no key pressed. No imitation of it in the page's
// script is needed. Chromium fills the fields of the frame it was asked at only: the name on the card,
// in the checkout's frame (another origin), is filled when the card is picked there, as a payer does.

const expiryYear = String(new Date().getFullYear() + 2);
const CARD = { number: '4242424242424242', name: 'María Pérez Núñez', expiryMonth: '12', expiryYear, cvc: '123' };

describe.runIf(browserAvailable())('a card saved in the browser, filled into the card vault\'s fields', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  async function open(amount: number): Promise<{ page: Page; checkout: Frame; fields: Frame; code: string }> {
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Tostadores del Casco' });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate((link) => (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code: link, lang: 'es' }), code);
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 30_000 });
    const checkout = await checkoutFrameOf(page);
    const fields = checkout.childFrames().find((frame) => new URL(frame.url()).pathname === '/fields');
    if (!fields) throw new Error('no card vault frame');
    return { page, checkout, fields, code };
  }

  it('Chromium\'s autofill of a saved card: number, expiry and CVC in the vault\'s frame, the name in the checkout; the payment goes through with that card', async () => {
    const { page, checkout, fields, code } = await open(43.25);
    // Picked at the card number: Chromium fills the frame's fields (the name's field is another origin's frame).
    await autofill(page, 'cc-number');
    await expect.poll(() => fields.locator('[name="cardnumber"]').inputValue()).toBe('4242 4242 4242 4242');
    await expect.poll(() => fields.locator('[name="expirationDate"]').inputValue()).toBe(`12/${expiryYear.slice(-2)}`);
    expect(await fields.locator('[name="cvc"]').inputValue()).toBe(CARD.cvc);
    // Not the name: Chromium fills no field of another origin's frame from the one it was asked at.
    expect(await checkout.locator('[name="name"]').inputValue()).toBe('');
    // Picked at the name on the card: the checkout's own field.
    await autofill(page, 'cc-name');
    await expect.poll(() => checkout.locator('[name="name"]').inputValue()).toBe(CARD.name);
    expect(await fields.locator('[name="cardnumber"]').inputValue()).toBe('4242 4242 4242 4242');
    expect(await fields.locator('[aria-invalid="true"]').count()).toBe(0);
    // The rest as a payer types it.
    await checkout.locator('[name="email"]').fill('maria@example.com');
    await checkout.locator('[name="phone"]').fill('+507 6123-4567');
    await checkout.locator('form button[type="submit"]').click();
    const receipt = checkout.getByRole('heading', { name: /comprobante de pago/i });
    await receipt.waitFor({ timeout: 30_000 });
    expect(await checkout.locator('main').ariaSnapshot()).toContain('Visa terminada en 4242');
    const transactions = await transactionsFor(sandbox, code);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ method: 'card' });
    await page.context().close();
  }, 90_000);
});

/**
 * Chromium's own autofill (DevTools' Autofill.trigger): the saved card offered at the field with this
 * `autocomplete`, picked, and filled by the browser as it fills a payer's saved card.
 */
async function autofill(page: Page, autocomplete: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  type Tree = { frame: { id: string }; childFrames?: Tree[] };
  type Node = { nodeName: string; attributes?: string[]; backendNodeId: number; frameId?: string; children?: Node[]; contentDocument?: Node };
  const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: Node };
  // The field, and the frame whose document holds it.
  const find = (node: Node, frameId: string | undefined): { node: Node; frameId: string | undefined } | null => {
    if (node.nodeName === 'INPUT' && (node.attributes ?? []).includes(autocomplete)) return { node, frameId };
    for (const child of node.children ?? []) {
      const hit = find(child, frameId);
      if (hit) return hit;
    }
    return node.contentDocument ? find(node.contentDocument, node.frameId) : null;
  };
  const hit = find(root, undefined);
  if (!hit) throw new Error(`no ${autocomplete} field`);
  await session.send('Autofill.trigger', { fieldId: hit.node.backendNodeId, ...(hit.frameId ? { frameId: hit.frameId } : {}), card: CARD });
  await session.detach();
}
