import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { DemoShop, type CheckoutFrame, type CheckoutScope } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

type Method = 'yappy' | 'nequi' | 'cash' | 'clave' | '3ds';
type Lang = 'es' | 'en';

const WORDS = {
  es: {
    goOn: 'Seguir con ese pago', goOnVoucher: 'Volver al comprobante', goOnChallenge: 'Abrir de nuevo la página de tu banco',
    otherWay: /^Pagar este pedido \(\$\d+\.\d\d\) de otra forma$/, paid: 'Este pedido ya se pagó', how: /^Se pagó con tarjeta en otra ventana o dispositivo/,
    seeReceipt: 'Ver el comprobante', back: /^Volver a /, calledOff: /^Anulamos tu pago con (Yappy|Nequi|tarjeta) de \$[\d.]+\. No se te cobrará\.$/, false: /rechaz|expirad|expiró|venció/i, approve: /^Aprobar$/, close: 'Cerrar',
  },
  en: {
    goOn: 'Go on with that payment', goOnVoucher: 'Back to the voucher', goOnChallenge: "Open your bank's page again",
    otherWay: /^Pay this order \(\$\d+\.\d\d\) another way$/, paid: 'This order is already paid', how: /^It was paid with card in another window or device/,
    seeReceipt: 'See the receipt', back: /^Back to /, calledOff: /^We called off your (Yappy|Nequi|card) payment of \$[\d.]+\. You won't be charged for it\.$/, false: /declin|reject|expired/i, approve: /^Approve$/, close: 'Close',
  },
} as const;

/** How each method's waiting screen is named in the second browser. */
const WAITS: Record<Method, Record<Lang, RegExp>> = {
  yappy: { es: /^Tienes un pago con Yappy de \$[\d.]+ esperando tu aprobación$/, en: /^You have a Yappy payment of \$[\d.]+ waiting for your approval$/ },
  nequi: { es: /^Tienes un pago con Nequi de \$[\d.]+ esperando tu aprobación$/, en: /^You have a Nequi payment of \$[\d.]+ waiting for your approval$/ },
  cash: { es: /^Tienes un comprobante de pago en efectivo de \$[\d.]+ sin pagar$/, en: /^You have an unpaid cash voucher of \$[\d.]+$/ },
  clave: { es: /^Tienes un pago con Clave de \$[\d.]+ esperando la respuesta de tu banco$/, en: /^You have a Clave payment of \$[\d.]+ waiting for your bank's answer$/ },
  '3ds': { es: /^Tienes un pago con tarjeta de \$[\d.]+ esperando la verificación de tu banco \(3D Secure\)$/, en: /^You have a card payment of \$[\d.]+ waiting for your bank's verification \(3D Secure\)$/ },
};

/**
 * One row per method and way: the cart each changes before Pay (a total of its own, so no card
 * payment of the file is asked about as a duplicate of another), and the card that pays it another way.
 */
const CASES: ReadonlyArray<{ method: Method; lang: Lang; way: 'goOn' | 'otherWay'; cart: ReadonlyArray<[string, 1 | -1]>; total: string }> = [
  { method: 'yappy', lang: 'es', way: 'otherWay', cart: [['geisha', 1]], total: '$65.27' },
  { method: 'yappy', lang: 'en', way: 'goOn', cart: [['cacao', 1]], total: '$46.55' },
  { method: 'nequi', lang: 'en', way: 'otherWay', cart: [['cacao', 1]], total: '$46.55' },
  { method: 'nequi', lang: 'es', way: 'goOn', cart: [['geisha', 1]], total: '$65.27' },
  { method: 'cash', lang: 'es', way: 'otherWay', cart: [['cacao', -1]], total: '$32.64' },
  { method: 'cash', lang: 'en', way: 'goOn', cart: [['geisha', 1], ['cacao', 1]], total: '$72.23' },
  { method: 'clave', lang: 'en', way: 'otherWay', cart: [['geisha', 1], ['cacao', 1]], total: '$72.23' },
  { method: 'clave', lang: 'es', way: 'goOn', cart: [['cacao', -1]], total: '$32.64' },
  { method: '3ds', lang: 'es', way: 'otherWay', cart: [['geisha', 1], ['cacao', -1]], total: '$58.32' },
  { method: '3ds', lang: 'en', way: 'goOn', cart: [['geisha', 1], ['cacao', -1]], total: '$58.32' },
];

// Issue 92: a payer changes the demo shop's cart in one browser, starts a payment that waits there
// (a Yappy or Nequi request, a cash voucher, the Clave bank's page, a 3DS challenge) and opens the
// same order in another browser. The second browser draws the changed cart from the shop's server and
// shows that waiting payment. Going on with it ends on its receipt there, and that shop page hears the
// result; paying another way instead leaves the first browser told the order is paid, neutrally, with
// the receipt and the way back, never a decline or an expiry, and nothing to pay again. One payment
// in the end. Two contexts share nothing, as two browsers; on a phone (360 x 740), in both languages.
describe.runIf(browserAvailable())('one order with a changed cart in two browsers, for every method that waits', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000', NEQUI_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  const newBrowser = (lang: Lang) => browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });

  async function verifyIfAsked(frame: CheckoutScope) {
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    if (!(await verification.isVisible())) return;
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
  }

  async function shopIn(page: Page, lang: Lang) {
    if ((await page.locator('html').getAttribute('lang')) !== lang) await page.locator('#lang-toggle').click();
    return new DemoShop(page, sandbox.demoUrl);
  }

  /** The first browser's payment, started and left waiting. */
  async function startWaiting(method: Method, checkout: CheckoutFrame) {
    const { frame } = checkout;
    await checkout.waitForForm();
    if (method === '3ds') {
      await checkout.fillCard({ number: '4000 0000 0000 3220' });
      await verifyIfAsked(frame);
      await checkout.submit();
      await frame.getByRole('button', { name: /^(Aprobar|Approve)$/ }).waitFor({ timeout: 20_000 });
      return;
    }
    await checkout.chooseMethod({ yappy: /Yappy/, nequi: /Nequi/, cash: /Efectivo|Cash/, clave: /Clave/ }[method]);
    await verifyIfAsked(frame);
    if (method === 'yappy' || method === 'nequi') {
      await checkout.field(`${method}-phone`).fill('63333333');
      await frame.locator(`#method-panel-${method} form button[type="submit"]`).click();
      await frame.getByRole('timer').waitFor({ timeout: 15_000 });
    } else if (method === 'cash') {
      await checkout.field('cash-email').fill('maria.nunez@example.com');
      await checkout.field('cash-phone').fill('+507 6123-4567');
      await frame.locator('#method-panel-cash form button[type="submit"]').click();
      await frame.getByText(/^\d{4} \d{4} \d{4}$/).waitFor({ timeout: 15_000 });
    } else {
      await frame.getByRole('button', { name: /continuar al banco|continue to the bank/i }).click();
      await frame.getByRole('button', { name: /^(Aprobar|Approve)$/ }).waitFor({ timeout: 15_000 });
    }
  }

  /** What the payer's app, the kiosk or the bank answers, through the sandbox's settle calls. */
  async function approveOutside(method: Method, codOper: string) {
    const json = { 'content-type': 'application/json' };
    const res =
      method === 'cash' ? await fetch(`${sandbox.url}/sandbox/cash/${codOper}/pay`, { method: 'POST', headers: json, body: '{}' })
      : method === 'clave' ? await fetch(`${sandbox.url}/sandbox/clave/${codOper}`, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: 'result=approve' })
      : await fetch(`${sandbox.url}/sandbox/${method}/${codOper}`, { method: 'POST', headers: json, body: '{"result":"approve"}' });
    expect(res.status).toBe(200);
  }

  for (const c of CASES) {
    const words = WORDS[c.lang];
    it(`${c.lang}: ${c.method}, ${c.way === 'goOn' ? 'gone on with in the second browser: its receipt there, its shop told' : 'paid another way in the second browser: the first says the order is paid, neutrally'}; one payment`, async () => {
      const contexts: BrowserContext[] = [];
      const codes: string[] = [];
      const errors: string[] = [];
      const open = async () => {
        const context = await newBrowser(c.lang);
        contexts.push(context);
        const page = await context.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('response', async (res) => {
          if (res.url().endsWith('/shop/links') && res.status() === 201) codes.push(((await res.json()) as { code: string }).code);
        });
        return page;
      };

      // First browser: the cart changed, Pay, the payment left waiting.
      const a = await open();
      await a.goto(sandbox.demoUrl);
      const shopA = await shopIn(a, c.lang);
      for (const [product, step] of c.cart) await a.locator(`[data-product="${product}"] [data-step="${step}"]`).click();
      expect(await a.locator('#total').textContent()).toBe(c.total);
      const checkoutA = await shopA.pay();
      await startWaiting(c.method, checkoutA);
      const code = codes[0] ?? '';
      const [waiting] = await transactionsFor(sandbox, code);
      const codOper = waiting?.codOper ?? '';
      expect(codOper).not.toBe('');

      // Second browser, on the order's page: the changed cart from the shop's server, and the payment waiting.
      const b = await open();
      await b.goto(a.url());
      const shopB = await shopIn(b, c.lang);
      await expect.poll(() => b.locator('#total').textContent()).toBe(c.total);
      const checkoutB = await shopB.pay();
      await checkoutB.frame.getByRole('heading', { name: WAITS[c.method][c.lang] }).waitFor({ timeout: 20_000 });
      // Which order is asked about: its summary, the changed cart's total.
      expect(await checkoutB.frame.locator('.summary').getByText(c.total).isVisible()).toBe(true);
      expect(await checkoutB.field('cardnumber').count()).toBe(0);
      expect(codes).toEqual([code]);
      await screenshot(b, { path: `${SHOTS}two-browsers-${c.method}-waiting-${c.lang}-360.png` });

      if (c.way === 'goOn') {
        const goOn = c.method === 'cash' ? words.goOnVoucher : c.method === '3ds' ? words.goOnChallenge : words.goOn;
        await checkoutB.frame.getByRole('button', { name: goOn, exact: true }).click();
        if (c.method === '3ds') await checkoutB.frame.getByRole('button', { name: words.approve }).click();
        else {
          // The same payment's own screen (its wait, its voucher), not the question again.
          await expect.poll(() => checkoutB.frame.getByRole('button', { name: goOn, exact: true }).count(), { timeout: 15_000 }).toBe(0);
          await approveOutside(c.method, codOper);
        }
        await checkoutB.receiptTitle.waitFor({ timeout: 20_000 });
        await expect.poll(() => shopB.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
        expect(await shopB.result.getAttribute('data-estado')).toBe('APPROVED');
        await screenshot(b, { path: `${SHOTS}two-browsers-${c.method}-second-receipt-${c.lang}-360.png` });
        // The first browser heard nothing false meanwhile.
        expect(await shopA.result.getAttribute('data-status')).not.toBe('error');
      } else {
        await checkoutB.frame.getByRole('button', { name: words.otherWay }).click();
        await checkoutB.waitForForm();
        // A wait that can be called off was, first: the form says so, politely (a voucher or a bank page cannot be, and its note said so).
        const calledOff = checkoutB.frame.getByRole('status').filter({ hasText: words.calledOff });
        if (c.method === 'cash' || c.method === 'clave') expect(await calledOff.count()).toBe(0);
        else {
          await calledOff.waitFor({ timeout: 5_000 });
          await screenshot(b, { path: `${SHOTS}two-browsers-${c.method}-second-called-off-${c.lang}-360.png` });
        }
        await checkoutB.fillCard({ number: '4242 4242 4242 4242' });
        await verifyIfAsked(checkoutB.frame);
        await checkoutB.submit();
        await checkoutB.receiptTitle.waitFor({ timeout: 20_000 });
        await expect.poll(() => shopB.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');

        // The first browser: a bank's page is answered (or left) and leads back; a wait learns by itself.
        const frameA = checkoutA.frame;
        if (c.method === 'clave' || c.method === '3ds') {
          await frameA.getByRole('button', { name: words.approve }).click();
          const back = frameA.getByRole('link', { name: words.back });
          await back.waitFor({ timeout: 15_000 });
          await screenshot(a, { path: `${SHOTS}two-browsers-${c.method}-first-bank-page-gone-${c.lang}-360.png` });
          await back.click();
        }
        await frameA.getByRole('heading', { name: words.paid }).waitFor({ timeout: 30_000 });
        expect(await frameA.getByText(words.how).isVisible()).toBe(true);
        // Neutral: no alert, no decline or expiry; nothing to pay again (no method choice, no captcha, no form).
        expect(await frameA.locator('[role="alert"]').count()).toBe(0);
        expect(await frameA.getByText(words.false).filter({ visible: true }).allTextContents()).toEqual([]);
        expect(await frameA.getByRole('radiogroup').count()).toBe(0);
        expect(await frameA.getByRole('group', { name: /Verificación|Verification/ }).count()).toBe(0);
        expect(await frameA.locator('input').filter({ visible: true }).count()).toBe(0);
        expect(await frameA.getByRole('button', { name: words.seeReceipt, exact: true }).isVisible()).toBe(true);
        expect(await axeViolations(await checkoutFrameOf(a))).toEqual([]);
        await screenshot(a, { path: `${SHOTS}two-browsers-${c.method}-first-paid-${c.lang}-360.png` });
        expect(await shopA.result.getAttribute('data-status')).not.toBe('error');
        // Its way back to the shop, inside the modal: the checkout closes.
        await frameA.getByRole('button', { name: words.back }).click();
        await expect.poll(() => a.locator('iframe').count(), { timeout: 10_000 }).toBe(0);
      }
      const recorded = await transactionsFor(sandbox, code);
      expect(recorded.filter((t) => t.status === 1 || t.status === 2)).toHaveLength(1);
      expect(errors).toEqual([]);
      await Promise.all(contexts.map((context) => context.close()));
    });
  }
});
