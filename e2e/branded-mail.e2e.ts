import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { ConsolePage } from './support/consolePage';
import { axeViolations } from './support/axe';
import { guestPost } from './support/entries';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// Issue 48 "receipts, e-mails ... use" the merchant's brand: every e-mail a payer gets about a
// merchant's payment, opened as a phone's mail client shows its HTML part, at 360 px: the shop's
// name and logo, no sideways scrolling (a long link wraps), axe-clean, in Spanish and English.
const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

describe.runIf(browserAvailable())('the e-mails about a merchant\'s payment, in its brand, at 360 px', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  const admin = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    (await (await fetch(`${sandbox.url}/sandbox${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })).json()) as Record<string, unknown>;
  const htmlTo = async (to: string, kind: string) => {
    const box = (await (await fetch(`${sandbox.url}/sandbox/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: Array<{ kind: string; html: string | null }> };
    const html = box.messages.find((m) => m.kind === kind)?.html;
    if (!html) throw new Error(`no ${kind} e-mail with an HTML part to ${to}`);
    return html;
  };

  async function looksRight(html: string, lang: 'es' | 'en', shop: string, shot: string, logo: boolean) {
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    await page.setContent(html, { waitUntil: 'load' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await expect.poll(() => page.getByText(shop, { exact: true }).first().isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (logo) expect(await page.locator('img').first().evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    else expect(await page.locator('img').count()).toBe(0);
    // An e-mail is read inside a mail client's page: the rules about a whole page are the client's.
    expect(await axeViolations(page, { fragment: true })).toEqual([]);
    await screenshot(page, { path: `${SHOTS}${shot}`, fullPage: true });
    await page.close();
  }

  it('the payment request (en), a cash voucher and its validation (es), with the demo shop\'s logo and brown', async () => {
    await admin('/email-payments', { to: 'pide@example.com', amount: 12.5, description: 'Two pounds of Geisha coffee <limited edition>' }, { 'accept-language': 'en' });
    await looksRight(await htmlTo('pide@example.com', 'email_payment'), 'en', 'Tostadores del Casco', 'mail-request-en-360.png', true);

    const { code } = await admin('/links', { amount: 21.4, description: 'Cold brew' });
    const voucher = await guestPost<{ Oper: string }>(sandbox, 'cash/pay-cash', { code, email: 'valida@example.com', phone: '61234567' });
    await looksRight(await htmlTo('valida@example.com', 'voucher'), 'es', 'Tostadores del Casco', 'mail-voucher-es-360.png', true);
    await admin('/validations', { codOper: voucher.Oper });
    await looksRight(await htmlTo('valida@example.com', 'validation'), 'es', 'Tostadores del Casco', 'mail-validation-es-360.png', true);
  });

  it('the crypto refund of a merchant with a pale yellow and no logo: its name, links moved to read', async () => {
    const merchant = await admin('/merchants', { name: 'Limón S.A.' });
    await admin(`/merchants/${String(merchant['idMerchant'])}/brand`, { colorPrimary: '#ffe14d', displayName: 'Limonada & Co' });
    const { code } = await admin('/links', { amount: 20, description: 'Pedido', merchantId: merchant['idMerchant'] });
    const payment = await guestPost<{ id: string }>(sandbox, 'crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'cripto@example.com' });
    await admin(`/crypto/${payment.id}/confirm`, { amountPaid: 0.0001, fromAddress: 'sbxbtc_payer_wallet_7' });
    await guestPost(sandbox, `crypto/payments/${payment.id}/cancel`, { confirmRefund: true });
    await looksRight(await htmlTo('cripto@example.com', 'refund'), 'es', 'Limonada & Co', 'mail-crypto-refund-es-360.png', false);
    // The operator's mailbox names it a refund, in both languages.
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    for (const [lang, label] of [['es', 'Reembolso'], ['en', 'Refund']] as const) {
      const ui = new ConsolePage(page, sandbox.url);
      await ui.open(lang);
      await ui.tab(lang === 'es' ? /correo/i : /mail/i).click();
      const refund = page.locator('li.mail').filter({ hasText: 'cripto@example.com' }).first();
      await refund.waitFor({ timeout: 10_000 });
      expect(await refund.locator('.tx-meta').textContent()).toContain(label);
      await screenshot(page, { path: `${SHOTS}console-mailbox-refund-${lang}-360.png`, fullPage: true });
    }
    await context.close();
  });
});
