import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { CheckoutFrame, DemoShop, type CheckoutScope, vaultFrameOf } from './support/pages';
import { openRecordingShopEvents, shopEventsOf } from './support/shopEvents';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = '/tmp/shots/';

const CASES = [
  {
    method: 'yappy', lang: 'es', choose: /Yappy/, field: 'yappy-phone', send: /enviar solicitud de pago/i,
    waits: /^Tienes un pago con Yappy de \$\d+\.\d\d esperando tu aprobación$/, goOn: 'Seguir con ese pago', otherWay: /^Pagar este pedido \(\$\d+\.\d\d\) de otra forma$/,
    paid: 'Este pedido ya se pagó', how: 'Se pagó con tarjeta', declined: /rechaz|expirad|expiró/i, receipt: 'Ver el comprobante', back: /^Volver a /, card: '4242 4242 4242 4242',
  },
  {
    method: 'nequi', lang: 'en', choose: /Nequi/, field: 'nequi-phone', send: /send notification/i,
    waits: /^You have a Nequi payment of \$\d+\.\d\d waiting for your approval$/, goOn: 'Go on with that payment', otherWay: /^Pay this order \(\$\d+\.\d\d\) another way$/,
    paid: 'This order is already paid', how: 'It was paid with card', declined: /declin|reject|expired/i, receipt: 'See the receipt', back: /^Back to /,
    // Another card than the Spanish run's: the same card and amount again would be asked about as a duplicate.
    card: '5555 5555 5555 4444',
  },
] as const;

// Issue 92: a payer starts Yappy or Nequi on the demo shop's order in one browser and opens the same
// order in another. There "Go on with that payment" follows the same wait (its countdown), and when
// the phone approves, that browser shows the receipt and its shop page hears the result. The first
// browser, left waiting, learns the order is paid (neutral words, no alert, no decline), with that
// receipt and the way back to the shop. On a phone (360 x 740), in both languages.
describe.runIf(browserAvailable())('one order in two browsers: going on in the second, the truth in the first', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000', NEQUI_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  const newBrowser = (lang: 'es' | 'en') => browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
  /** A browser of its own on the demo shop, the checkout of `code` open on its card form, the shop's events recorded; its page errors go to `errors`. */
  const openCardFormInShop = async (lang: 'es' | 'en', code: string, errors: string[]) => {
    const first = await newBrowser(lang);
    const a = await first.newPage();
    a.on('pageerror', (e) => errors.push(e.message));
    await a.goto(sandbox.demoUrl);
    const frameA = await openRecordingShopEvents(a, code, lang);
    const checkoutA = new CheckoutFrame(frameA);
    await checkoutA.waitForForm();
    return { first, a, frameA, checkoutA };
  };

  async function verifyIfAsked(frame: CheckoutScope) {
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    if (!(await verification.isVisible())) return;
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
  }

  /** The card form paid with `number`, the human check passed where it is asked, up to the receipt. */
  async function payByCard(checkout: CheckoutFrame, number: string) {
    await checkout.waitForForm();
    await checkout.fillCard({ number });
    await verifyIfAsked(checkout.frame);
    await checkout.submit();
    await checkout.receiptTitle.waitFor({ timeout: 20_000 });
  }

  async function shopIn(page: Page, lang: 'es' | 'en') {
    const shop = new DemoShop(page, sandbox.demoUrl);
    if ((await page.locator('html').getAttribute('lang')) !== lang) await page.locator('#lang-toggle').click();
    return shop;
  }

  /** The first browser starts a wait on the demo shop's order (a phone that never answers); the second opens the same order. */
  async function sameOrderInTwoBrowsers(c: (typeof CASES)[number]) {
    const codes: string[] = [];
    const first = await newBrowser(c.lang);
    const a = await first.newPage();
    a.on('response', async (res) => {
      if (res.url().endsWith('/shop/links') && res.status() === 201) codes.push(((await res.json()) as { code: string }).code);
    });
    const shopA = new DemoShop(a, sandbox.demoUrl);
    await shopA.open();
    await shopIn(a, c.lang);
    const checkoutA = await shopA.pay();
    await checkoutA.waitForForm();
    await checkoutA.chooseMethod(c.choose);
    await verifyIfAsked(checkoutA.frame);
    await checkoutA.frame.locator(`[name="${c.field}"]`).fill('63333333');
    await checkoutA.frame.getByRole('button', { name: c.send }).click();
    await checkoutA.frame.getByRole('timer').waitFor({ timeout: 15_000 });
    const code = codes[0] ?? '';
    const codOper = (await transactionsFor(sandbox, code))[0]?.codOper ?? '';

    const second = await newBrowser(c.lang);
    const b = await second.newPage();
    const errors: string[] = [];
    b.on('pageerror', (e) => errors.push(e.message));
    a.on('pageerror', (e) => errors.push(e.message));
    await b.goto(a.url());
    const shopB = await shopIn(b, c.lang);
    const checkoutB = await shopB.pay();
    await checkoutB.frame.getByRole('heading', { name: c.waits }).waitFor({ timeout: 20_000 });
    const close = () => Promise.all([first.close(), second.close()]);
    return { a, b, shopA, shopB, checkoutA, checkoutB, code, codOper, errors, close };
  }

  /** Nothing false in the first browser: no alert, no decline or expiry, no form to pay again. */
  async function noFalseWords(c: (typeof CASES)[number], checkoutA: CheckoutFrame) {
    expect(await checkoutA.frame.locator('[role="alert"]').count()).toBe(0);
    expect(await checkoutA.frame.getByText(c.declined).allTextContents()).toEqual([]);
    expect(await checkoutA.frame.locator(`[name="${c.field}"]`).count()).toBe(0);
  }

  for (const c of CASES) {
    it(`${c.lang}: ${c.method}, going on in the second browser: its wait, then its receipt with its shop told; the first browser ends paid too, never declined`, async () => {
      const { b, shopA, shopB, checkoutA, checkoutB, code, codOper, errors, close } = await sameOrderInTwoBrowsers(c);
      await checkoutB.frame.getByRole('button', { name: c.goOn, exact: true }).click();
      // The same wait, with its countdown: not the question again.
      await checkoutB.frame.getByRole('timer').waitFor({ timeout: 15_000 });
      expect(await checkoutB.frame.getByRole('button', { name: c.goOn, exact: true }).count()).toBe(0);
      await screenshot(b, { path: `${SHOTS}two-browsers-${c.method}-second-wait-${c.lang}-360.png` });
      // The phone approves it (the sandbox's admin call).
      const approved = await fetch(`${sandbox.url}/sandbox/${c.method}/${codOper}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"result":"approve"}' });
      expect(approved.status).toBe(200);
      await checkoutB.receiptTitle.waitFor({ timeout: 20_000 });
      await expect.poll(() => shopB.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
      await screenshot(b, { path: `${SHOTS}two-browsers-${c.method}-second-receipt-${c.lang}-360.png` });
      // The first browser followed the same payment: its receipt too.
      await checkoutA.receiptTitle.waitFor({ timeout: 30_000 });
      await noFalseWords(c, checkoutA);
      expect(await shopA.result.getAttribute('data-status')).not.toBe('error');
      expect((await transactionsFor(sandbox, code)).filter((t) => t.status === 1)).toHaveLength(1);
      expect(errors).toEqual([]);
      await close();
    });

    it(`${c.lang}: ${c.method}, paid another way in the second browser: the first says the order is paid (how, its receipt, the way back), neutrally`, async () => {
      const { a, b, shopA, checkoutA, checkoutB, code, errors, close } = await sameOrderInTwoBrowsers(c);
      await checkoutB.frame.getByRole('button', { name: c.otherWay }).click();
      await payByCard(checkoutB, c.card);
      await screenshot(b, { path: `${SHOTS}two-browsers-${c.method}-second-card-receipt-${c.lang}-360.png` });
      const paid = checkoutA.frame.getByRole('heading', { name: c.paid });
      await paid.waitFor({ timeout: 30_000 });
      expect(await checkoutA.frame.getByText(c.how).isVisible()).toBe(true);
      await noFalseWords(c, checkoutA);
      expect(await checkoutA.frame.getByRole('button', { name: c.receipt, exact: true }).isVisible()).toBe(true);
      expect(await axeViolations(await checkoutFrameOf(a))).toEqual([]);
      await screenshot(a, { path: `${SHOTS}two-browsers-${c.method}-first-paid-${c.lang}-360.png` });
      // Its shop page heard no decline.
      expect(await shopA.result.getAttribute('data-status')).not.toBe('error');
      // The way back closes the checkout.
      await checkoutA.frame.getByRole('button', { name: c.back }).click();
      await expect.poll(() => a.locator('iframe').count(), { timeout: 10_000 }).toBe(0);
      expect((await transactionsFor(sandbox, code)).filter((t) => t.status === 1)).toHaveLength(1);
      expect(errors).toEqual([]);
      await close();
    });
  }
  // The first browser went Back from the bank's page (Clave) or the issuer's (3DS) to the checkout,
  // which follows that payment there; the second pays the order by card. The first then says the order
  // is paid, neutrally, with nothing offered to pay again: never the bank's refusal, never the form.
  const BACK_CASES = [
    {
      method: 'clave', lang: 'es', cart: 'geisha', paid: 'Este pedido ya se pagó', how: /^Se pagó con tarjeta en otra ventana o dispositivo/,
      waits: /^Tienes un pago con Clave de \$[\d.]+ esperando la respuesta de tu banco$/, otherWay: /^Pagar este pedido \(\$\d+\.\d\d\) de otra forma$/,
      waitingHere: 'Tu pago con Clave espera la respuesta de tu banco.', false: /rechaz|no aprobó|expirad|expiró|venció|cancel/i, receipt: 'Ver el comprobante', back: /^Volver a /,
    },
    {
      method: '3ds', lang: 'en', cart: 'cacao', paid: 'This order is already paid', how: /^It was paid with card in another window or device/,
      waits: /^You have a card payment of \$[\d.]+ waiting for your bank's verification \(3D Secure\)$/, otherWay: /^Pay this order \(\$\d+\.\d\d\) another way$/,
      waitingHere: "Your card payment is waiting for you to confirm it in your bank's verification (3D Secure).", false: /declin|reject|did not|expired|cancel/i, receipt: 'See the receipt', back: /^Back to /,
    },
  ] as const;
  for (const c of BACK_CASES) {
    it(`${c.lang}: ${c.method}, the first browser back from the bank's page when the second pays by card: the order is paid there too, with nothing to pay again`, async () => {
      const codes: string[] = [];
      const errors: string[] = [];
      const first = await newBrowser(c.lang);
      const a = await first.newPage();
      a.on('pageerror', (e) => errors.push(e.message));
      a.on('response', async (res) => {
        if (res.url().endsWith('/shop/links') && res.status() === 201) codes.push(((await res.json()) as { code: string }).code);
      });
      await a.goto(sandbox.demoUrl);
      const shopA = await shopIn(a, c.lang);
      // A total of its own: no card payment of the file is asked about as a duplicate of another.
      await a.locator(`[data-product="${c.cart}"] [data-step="1"]`).click();
      const checkoutA = await shopA.pay();
      await checkoutA.waitForForm();
      if (c.method === 'clave') {
        await checkoutA.chooseMethod(/Clave/);
        await verifyIfAsked(checkoutA.frame);
        await checkoutA.frame.getByRole('button', { name: /continuar al banco|continue to the bank/i }).click();
      } else {
        await checkoutA.fillCard({ number: '4000 0000 0000 3220' });
        await verifyIfAsked(checkoutA.frame);
        await checkoutA.submit();
      }
      await checkoutA.frame.getByRole('button', { name: /^(Aprobar|Approve)$/ }).waitFor({ timeout: 20_000 });
      // The browser's Back, unanswered (the frame's page goes back, not the shop's): the checkout follows the payment at the bank.
      await a.evaluate(() => history.back());
      await checkoutA.frame.getByText(c.waitingHere, { exact: true }).waitFor({ timeout: 20_000 });

      const second = await newBrowser(c.lang);
      const b = await second.newPage();
      b.on('pageerror', (e) => errors.push(e.message));
      await b.goto(a.url());
      const shopB = await shopIn(b, c.lang);
      const checkoutB = await shopB.pay();
      await checkoutB.frame.getByRole('heading', { name: c.waits }).waitFor({ timeout: 20_000 });
      await checkoutB.frame.getByRole('button', { name: c.otherWay }).click();
      await payByCard(checkoutB, '4242 4242 4242 4242');

      const frameA = checkoutA.frame;
      await frameA.getByRole('heading', { name: c.paid }).waitFor({ timeout: 30_000 });
      expect(await frameA.getByText(c.how).isVisible()).toBe(true);
      // Neutral, and nothing to pay again: no alert, no refusal, no method choice, captcha or form.
      expect(await frameA.locator('[role="alert"]').count()).toBe(0);
      expect(await frameA.getByText(c.false).filter({ visible: true }).allTextContents()).toEqual([]);
      expect(await frameA.getByRole('radiogroup').count()).toBe(0);
      expect(await frameA.getByRole('group', { name: /Verificación|Verification/ }).count()).toBe(0);
      expect(await frameA.locator('input, iframe').filter({ visible: true }).count()).toBe(0);
      expect(await frameA.getByRole('button', { name: c.receipt, exact: true }).isVisible()).toBe(true);
      expect(await axeViolations(await checkoutFrameOf(a))).toEqual([]);
      await screenshot(a, { path: `${SHOTS}two-browsers-${c.method}-first-back-paid-${c.lang}-360.png` });
      // Its shop page heard no decline.
      expect(await shopA.result.getAttribute('data-status')).not.toBe('error');
      await frameA.getByRole('button', { name: c.back }).click();
      await expect.poll(() => a.locator('iframe').count(), { timeout: 10_000 }).toBe(0);
      expect((await transactionsFor(sandbox, codes[0] ?? '')).filter((t) => t.status === 1)).toHaveLength(1);
      expect(errors).toEqual([]);
      await Promise.all([first.close(), second.close()]);
    });
  }
  // A card payment left at its 3DS challenge in the first browser: the second opens the issuer's page
  // again from the same order, and the challenge passed returns to the receipt inside the shop's
  // modal, with its way back (X), and that shop page hears the result.
  it("es: a 3DS challenge gone on with in the second browser returns to the embedded receipt, with the way back; its shop is told", async () => {
    const codes: string[] = [];
    const first = await newBrowser('es');
    const a = await first.newPage();
    a.on('response', async (res) => {
      if (res.url().endsWith('/shop/links') && res.status() === 201) codes.push(((await res.json()) as { code: string }).code);
    });
    const shopA = new DemoShop(a, sandbox.demoUrl);
    await shopA.open();
    await shopIn(a, 'es');
    const checkoutA = await shopA.pay();
    await checkoutA.waitForForm();
    // Another card than the other tests': not asked about as a duplicate.
    await checkoutA.fillCard({ number: '4000 0000 0000 3220' });
    await verifyIfAsked(checkoutA.frame);
    await checkoutA.submit();
    await checkoutA.frame.getByRole('button', { name: /aprobar/i }).waitFor({ timeout: 20_000 });

    const second = await newBrowser('es');
    const b = await second.newPage();
    await b.goto(a.url());
    const shopB = await shopIn(b, 'es');
    const checkoutB = await shopB.pay();
    await checkoutB.frame.getByRole('heading', { name: /esperando la verificación de tu banco/ }).waitFor({ timeout: 20_000 });
    await checkoutB.frame.getByRole('button', { name: 'Abrir de nuevo la página de tu banco', exact: true }).click();
    await checkoutB.frame.getByRole('button', { name: /aprobar/i }).click();
    await checkoutB.receiptTitle.waitFor({ timeout: 20_000 });
    // Inside the shop's modal, with its way back.
    expect(await checkoutB.frame.getByRole('button', { name: 'Cerrar', exact: true }).isVisible()).toBe(true);
    await expect.poll(() => shopB.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    await screenshot(b, { path: `${SHOTS}two-browsers-3ds-second-receipt-es-360.png` });
    expect((await transactionsFor(sandbox, codes[0] ?? '')).filter((t) => t.status === 1)).toHaveLength(1);
    await Promise.all([first.close(), second.close()]);
  });
  // The first browser, back from the issuer's page, presses "Pay with another card" at once after the
  // second paid the order (it called the challenge off there first), before its wait heard: its looks
  // are held until that call answers. The order is paid, said neutrally; never the card form again.
  const AT_ONCE = [
    {
      lang: 'es', amount: 33.5, waiting: 'Tu pago con tarjeta espera que lo confirmes en la verificación de tu banco (3D Secure).', otherCard: 'Pagar con otra tarjeta',
      waits: /^Tienes un pago con tarjeta de \$[\d.]+ esperando la verificación de tu banco \(3D Secure\)$/, otherWay: /^Pagar este pedido \(\$\d+\.\d\d\) de otra forma$/,
      paid: 'Este pedido ya se pagó', how: /^Se pagó con tarjeta en otra ventana o dispositivo/,
    },
    {
      lang: 'en', amount: 34.5, waiting: "Your card payment is waiting for you to confirm it in your bank's verification (3D Secure).", otherCard: 'Pay with another card',
      waits: /^You have a card payment of \$[\d.]+ waiting for your bank's verification \(3D Secure\)$/, otherWay: /^Pay this order \(\$\d+\.\d\d\) another way$/,
      paid: 'This order is already paid', how: /^It was paid with card in another window or device/,
    },
  ] as const;
  for (const c of AT_ONCE) {
    it(`${c.lang}: "${c.otherCard}" pressed at once in the first browser after the second paid: the order is paid there, no card form`, async () => {
      const errors: string[] = [];
      const code = await createLink(sandbox, { amount: c.amount, taxAmount: 0, description: 'Pedido de una vez', singleUse: true });
      const { first, a, frameA, checkoutA } = await openCardFormInShop(c.lang, code, errors);
      await checkoutA.fillCard({ number: '4000 0000 0000 3220' });
      await verifyIfAsked(frameA);
      await checkoutA.submit();
      await frameA.getByRole('button', { name: /^(Aprobar|Approve)$/ }).waitFor({ timeout: 20_000 });
      await (await checkoutFrameOf(a)).evaluate(() => history.back());
      await frameA.getByText(c.waiting, { exact: true }).waitFor({ timeout: 20_000 });
      // From here the first browser's looks at its payment wait until its own call has answered.
      let held = true;
      a.on('response', (res) => {
        if (res.url().endsWith('/abandon')) held = false;
      });
      await a.route('**/api/v1/receipts/**', async (route) => {
        while (held) await new Promise((resolve) => setTimeout(resolve, 50));
        await route.continue();
      });

      const second = await newBrowser(c.lang);
      const b = await second.newPage();
      b.on('pageerror', (e) => errors.push(e.message));
      await b.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${c.lang}`);
      await b.getByRole('heading', { name: c.waits }).waitFor({ timeout: 20_000 });
      await b.getByRole('button', { name: c.otherWay }).click();
      await payByCard(new CheckoutFrame(b), '4242 4242 4242 4242');

      await frameA.getByRole('button', { name: c.otherCard, exact: true }).click();
      const paid = frameA.getByRole('heading', { name: c.paid });
      await paid.waitFor({ timeout: 20_000 });
      expect(await frameA.getByText(c.how).isVisible()).toBe(true);
      // Nothing to pay again: no card fields, no alert.
      expect(await vaultFrameOf(frameA).locator('[name="cardnumber"]').count()).toBe(0);
      expect(await frameA.locator('input, iframe').filter({ visible: true }).count()).toBe(0);
      expect(await frameA.locator('[role="alert"]').count()).toBe(0);
      // The news holds the focus, where the pressed button was: a screen reader reads it first.
      expect(await paid.evaluate((heading) => heading === document.activeElement)).toBe(true);
      expect(await axeViolations(await checkoutFrameOf(a))).toEqual([]);
      await screenshot(a, { path: `${SHOTS}two-browsers-3ds-other-card-at-once-paid-${c.lang}-360.png` });
      // Its shop page heard no decline.
      expect((await shopEventsOf<[string, { status?: string }]>(a)).filter(([type, result]) => type === 'result' && result.status === 'error')).toEqual([]);
      expect((await transactionsFor(sandbox, code)).filter((t) => t.status === 1)).toHaveLength(1);
      expect(errors).toEqual([]);
      await Promise.all([first.close(), second.close()]);
    });
  }
  // The first browser's checkout looked the order up and shows the card form; the second browser pays
  // the order; then the payer types a card in the first and presses Pay. The server refuses it (409
  // request_already_paid, naming the payment that paid): the first browser says the order is paid, as
  // a wait left behind does (how, its receipt, the way back; neutral, the heading focused), never the
  // card's alert, and its shop page hears no error.
  const PAID_BEFORE_PAY = [
    {
      lang: 'es', amount: 41.5, paid: 'Este pedido ya se pagó', how: /^Se pagó con tarjeta en otra ventana o dispositivo/, receipt: 'Ver el comprobante', back: /^Volver a /,
      false: /ya fue pagado|rechaz|no se pudo|expir|venció/i,
    },
    {
      lang: 'en', amount: 42.5, paid: 'This order is already paid', how: /^It was paid with card in another window or device/, receipt: 'See the receipt', back: /^Back to /,
      false: /already been paid|declin|could not|expired/i,
    },
  ] as const;
  for (const c of PAID_BEFORE_PAY) {
    it(`${c.lang}: the card form on screen, the order paid in the second browser, then Pay in the first: the order is paid (how, its receipt, the way back), no alert, no error to the shop, one payment`, async () => {
      const errors: string[] = [];
      const code = await createLink(sandbox, { amount: c.amount, taxAmount: 0, description: 'Pedido en dos navegadores', singleUse: true });
      // The first browser has looked the order up: its card form is on screen.
      const { first, a, frameA, checkoutA } = await openCardFormInShop(c.lang, code, errors);

      const second = await newBrowser(c.lang);
      const b = await second.newPage();
      b.on('pageerror', (e) => errors.push(e.message));
      await b.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${c.lang}`);
      await payByCard(new CheckoutFrame(b), '4242 4242 4242 4242');

      // Another card in the first browser, Pay pressed: the server refuses it, as the order is paid.
      await checkoutA.fillCard({ number: '5555 5555 5555 4444' });
      await verifyIfAsked(frameA);
      const refused = a.waitForResponse((res) => res.url().includes('/cards/auth-capture'));
      await checkoutA.submit();
      expect((await refused).status()).toBe(409);

      const paid = frameA.getByRole('heading', { name: c.paid });
      await paid.waitFor({ timeout: 20_000 });
      expect(await frameA.getByText(c.how).isVisible()).toBe(true);
      // The news holds the focus, where the pressed Pay was: a screen reader reads it first.
      await expect.poll(() => paid.evaluate((heading) => heading === document.activeElement), { timeout: 5_000 }).toBe(true);
      // Neutral, and nothing to pay again: no alert, no refusal, no method choice, captcha or form.
      expect(await frameA.locator('[role="alert"]').count()).toBe(0);
      expect(await frameA.getByText(c.false).filter({ visible: true }).allTextContents()).toEqual([]);
      expect(await frameA.getByRole('radiogroup').count()).toBe(0);
      expect(await frameA.getByRole('group', { name: /Verificación|Verification/ }).filter({ visible: true }).count()).toBe(0);
      expect(await frameA.locator('input, iframe').filter({ visible: true }).count()).toBe(0);
      expect(await frameA.getByRole('button', { name: c.receipt, exact: true }).isVisible()).toBe(true);
      expect(await axeViolations(await checkoutFrameOf(a))).toEqual([]);
      await screenshot(a, { path: `${SHOTS}two-browsers-paid-before-pay-${c.lang}-360.png` });
      // Its shop page heard no error.
      expect((await shopEventsOf<[string, { status?: string }]>(a)).filter(([type, result]) => type === 'result' && result.status === 'error')).toEqual([]);
      // The way back closes the checkout.
      await frameA.getByRole('button', { name: c.back }).click();
      await expect.poll(() => a.locator('iframe').count(), { timeout: 10_000 }).toBe(0);
      // One payment, and the first browser's Pay recorded nothing.
      const recorded = await transactionsFor(sandbox, code);
      expect(recorded.filter((t) => t.status === 1)).toHaveLength(1);
      expect(recorded).toHaveLength(1);
      expect(errors).toEqual([]);
      await Promise.all([first.close(), second.close()]);
    });
  }
});
