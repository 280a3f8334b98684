import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { adminPost, guestPost } from './support/entries';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { saveArtifact, screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

interface Mail {
  to: string;
  kind: string;
  subject: string;
  body: string;
}

// Issue 21 "E-mails: every link absolute (the checkout origin), validateUrl too": every e-mail the
// sandbox sends for a card receipt, a cash voucher and its paid receipt, an e-mail payment request
// and a random-charge validation carries absolute links to the checkout, and each opens its page on
// a 360 px phone (not /404).
describe.runIf(browserAvailable())('every link in every e-mail is absolute and opens its page', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const nextYear = () => String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

  it('card receipt, cash voucher and its receipt, payment request, validation: es and en', async () => {
    // A card payment in each language, with a random charge to validate on the Spanish one.
    const codOpers: string[] = [];
    for (const [lang, card] of [['es', '4242424242424242'], ['en', '5555555555554444']] as const) {
      const link = await adminPost<{ code: string }>(sandbox, 'links', { amount: 15, description: 'Entradas de cine' });
      const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
        cclw: 'TIENDADEMO', code: link.code, amount: 15, email: `tarjeta-${lang}@example.com`, lang,
        cardInformation: { cardNumber: card, expMonth: '12', expYear: nextYear(), cvv: '123', firstName: 'Ana', lastName: 'Pérez', cardType: lang === 'es' ? 'VISA' : 'MC' },
        additionalData: { trackId: `emails-${lang}-${Math.random()}` },
      });
      codOpers.push(paid.codOper);
    }
    const validation = await adminPost<{ validateUrl: string }>(sandbox, 'validations', { codOper: codOpers[0] });
    expect(validation.validateUrl).toBe(`${sandbox.url}/pf/validateTx?code=${codOpers[0]}`);
    // A voucher in each language, the English one paid at the kiosk.
    for (const lang of ['es', 'en'] as const) {
      const link = await adminPost<{ code: string }>(sandbox, 'links', { amount: 9, description: 'Pedido en efectivo' });
      const voucher = await guestPost<{ reference: string }>(sandbox, `cash/pay-cash?lang=${lang}`, {
        code: link.code, amount: 9, email: `efectivo-${lang}@example.com`, phone: '61234567', trackId: `emails-cash-${lang}-${Math.random()}`,
      });
      if (lang === 'en') expect((await fetch(`${sandbox.url}/sandbox/cash/${voucher.reference}/pay`, { method: 'POST' })).status).toBe(200);
    }
    await adminPost(sandbox, 'email-payments', { to: 'solicitud@example.com', amount: 40, taxAmount: 2.8, description: 'Clases de junio' });

    const { messages } = (await (await fetch(`${sandbox.url}/sandbox/mailbox`)).json()) as { messages: Mail[] };
    saveArtifact(`${SHOTS}after-mailbox.json`, JSON.stringify(messages, null, 2));
    // Two card receipts, a validation, two vouchers, one paid receipt, one request.
    expect(messages).toHaveLength(7);
    const links = new Set<string>();
    for (const mail of messages) {
      for (const text of [mail.subject, mail.body]) {
        // No bare path ("Comprobante: /pf/default-receipt/..."): a mail client has nothing to resolve it against.
        expect([mail.subject, text.match(/(?:^|[\s(:])\/[A-Za-z]/gm) ?? []]).toEqual([mail.subject, []]);
        for (const found of text.match(/https?:\/\/[^\s)]+/g) ?? []) {
          expect(found.startsWith(`${sandbox.url}/`)).toBe(true);
          links.add(found);
        }
      }
      expect(mail.body).not.toMatch(/\{\{|undefined|null|NaN/);
    }
    // Each e-mail about a payment links to it; the English ones are in English.
    expect(messages.filter((m) => m.to === 'tarjeta-en@example.com').map((m) => m.subject)).toEqual([`Payment receipt ${codOpers[1]}`]);
    expect(messages.find((m) => m.to === 'efectivo-en@example.com' && m.subject.startsWith('Your cash payment code'))?.body).toContain('Where to pay:');
    expect(messages.find((m) => m.to === 'tarjeta-es@example.com' && m.subject.startsWith('Confirma tu tarjeta'))?.body).toContain(validation.validateUrl);
    expect([...links].map((l) => new URL(l).pathname.replace(/\/PP[0-9A-F]+$/, '/PP…')).sort()).toEqual([
      // Two card receipts and two vouchers (the paid voucher's receipt is the same page).
      '/pf/default-receipt/PP…', '/pf/default-receipt/PP…', '/pf/default-receipt/PP…', '/pf/default-receipt/PP…',
      '/pf/emailPayment', '/pf/validateTx',
    ]);

    // Every link opens its page on a phone.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-PA' });
    const page = await context.newPage();
    for (const link of links) {
      await page.goto(link);
      await page.locator('main:not([aria-busy="true"])').first().waitFor({ timeout: 20_000 });
      expect([link, new URL(page.url()).pathname]).not.toEqual([link, '/404']);
      if (link.includes('/pf/validateTx')) {
        await page.getByLabel('Monto del cargo').waitFor({ timeout: 20_000 });
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, { path: `${SHOTS}after-email-validate-link-es-360.png`, fullPage: true });
      }
    }
    await context.close();
  });
});
