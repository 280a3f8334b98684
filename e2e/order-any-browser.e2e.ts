import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Pasarela } from '@pasarela/node';
import { createLink, transactionsFor } from './support/admin';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { CheckoutFrame, DemoShop, type CheckoutScope, vaultFrameOf } from './support/pages';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

// Issue 70: a payer starts Yappy on an order's link on one phone (or in Instagram's in-app browser)
// and opens the same order in another browser. The second browser shows that payment first, from
// the server's record, with its three ways; paying another way calls it off before the form shows,
// so the order is paid once. Through a link made with the merchant API (es), and through the demo
// shop, whose server keeps its orders (en). Two browser contexts share nothing, as two browsers.
describe.runIf(browserAvailable())('an order left waiting in one browser, opened in another', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', YAPPY_WAIT_MS: '120000' }, (started) => ({ sandbox, browser } = started));

  const phone = (context: BrowserContext) => context.newPage();
  const newBrowser = (lang: 'es' | 'en') => browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });

  /** The sandbox's captcha, answered as a person. */
  async function verify(frame: CheckoutScope) {
    const verification = frame.getByRole('group', { name: /Verificación|Verification/ });
    await verification.getByRole('checkbox', { name: /No soy un robot|I'm not a robot/ }).check();
    await verification.getByText(/^(Verificado|Verified)$/).waitFor({ timeout: 10_000 });
  }

  /** Yappy with 63333333 (a phone that never answers in the sandbox), until its countdown shows. */
  async function startYappy(checkout: CheckoutFrame) {
    await checkout.waitForForm();
    await checkout.chooseMethod(/Yappy/);
    await verify(checkout.frame);
    await checkout.field('yappy-phone').fill('63333333');
    await checkout.frame.getByRole('button', { name: /enviar solicitud de pago|send payment request/i }).click();
    await checkout.frame.getByRole('timer').waitFor({ timeout: 15_000 });
  }

  const approveYappy = (codOper: string) =>
    fetch(`${sandbox.url}/sandbox/yappy/${codOper}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: 'approve' }) });

  it('es: a link made with an orderReference; the Yappy wait of the first browser comes first in the second; paying another way calls it off; one payment', async () => {
    const keysRes = await fetch(`${sandbox.url}/sandbox/merchants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Tostadores del Casco' }) });
    const pasarela = new Pasarela({ secretKey: ((await keysRes.json()) as { secretKey: string }).secretKey, baseUrl: sandbox.url });
    const orderReference = 'order-1042';
    const link = await pasarela.paymentLinks.create({ amount: 31.5, taxAmount: 0, description: 'Pedido 1042', orderReference });
    const address = `${sandbox.url}/pf/widget?type=lk&code=${link.code}&lang=es`;

    const first = await newBrowser('es');
    const a = await phone(first);
    await a.goto(address);
    await startYappy(new CheckoutFrame(a));
    const [yappy] = await transactionsFor(sandbox, link.code);
    const codOper = yappy?.codOper ?? '';

    // The shop's server sees the waiting payment of its order.
    expect((await pasarela.transactions.list({ orderReference })).data).toMatchObject([{ codOper, method: 'yappy', result: 'PENDING', walletPhone: '****3333' }]);

    const second = await newBrowser('es');
    const b = await phone(second);
    const errors: string[] = [];
    b.on('pageerror', (e) => errors.push(e.message));
    await b.goto(address);
    await b.getByRole('heading', { name: 'Tienes un pago con Yappy de $31.50 esperando tu aprobación' }).waitFor({ timeout: 20_000 });
    // What the payer needs to know it as theirs: the phone's last four digits, nothing else of them.
    expect(await b.getByText('Enviado al teléfono •••• 3333.').isVisible()).toBe(true);
    expect(await b.getByText(/Lo empezaste para este mismo pedido/).isVisible()).toBe(true);
    // No form beneath it: nothing to pay twice with.
    expect(await vaultFrameOf(b).locator('[name="cardnumber"]').count()).toBe(0);
    for (const name of ['Seguir con ese pago', 'Pagar este pedido ($31.50) de otra forma', 'Anular el pago con Yappy']) {
      expect(await b.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await axeViolations(b)).toEqual([]);
    await screenshot(b, { path: `${SHOTS}order-any-browser-es-360.png` });

    await b.getByRole('button', { name: 'Pagar este pedido ($31.50) de otra forma', exact: true }).click();
    const checkout = new CheckoutFrame(b);
    await checkout.waitForForm();
    // Called off before the form showed: the app can no longer approve it.
    expect((await transactionsFor(sandbox, link.code))[0]).toMatchObject({ codOper, method: 'yappy', status: 0 });
    expect((await approveYappy(codOper)).status).toBe(409);
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    await checkout.receiptTitle.waitFor({ timeout: 20_000 });
    const listed = (await pasarela.transactions.list({ orderReference })).data;
    expect(listed.filter((t) => t.result === 'APPROVED')).toMatchObject([{ method: 'card' }]);
    expect(listed.map((t) => t.result).sort()).toEqual(['APPROVED', 'DECLINED']);
    expect(errors).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  });

  it("en: the demo shop keeps its order on its server: the order's page in a second browser is back on the same link, its Yappy wait first; one payment", async () => {
    const codes: Array<{ status: number; code: string }> = [];
    const record = (page: Page) =>
      page.on('response', async (res) => {
        if (res.url().endsWith('/shop/links')) codes.push({ status: res.status(), code: ((await res.json()) as { code: string }).code });
      });

    const first = await newBrowser('en');
    const a = await phone(first);
    record(a);
    const shopA = new DemoShop(a, sandbox.demoUrl);
    await shopA.open();
    await a.locator('#lang-toggle').click();
    await startYappy(await shopA.pay());
    // The order's page, as "Open in Chrome" or a link sent to another phone carries it.
    const orderPage = a.url();
    expect(new URL(orderPage).searchParams.get('order')).toBeTruthy();

    const second = await newBrowser('en');
    const b = await phone(second);
    record(b);
    await b.goto(orderPage);
    const shopB = new DemoShop(b, sandbox.demoUrl);
    if ((await b.locator('html').getAttribute('lang')) !== 'en') await b.locator('#lang-toggle').click();
    const again = await shopB.pay();
    const heading = again.frame.getByRole('heading', { name: /^You have a Yappy payment of \$\d+\.\d\d waiting for your approval$/ });
    await heading.waitFor({ timeout: 20_000 });
    // The same link: found (200), not made again.
    expect(codes.map((c) => c.status)).toEqual([201, 200]);
    const code = codes[0]?.code ?? '';
    expect(codes[1]?.code).toBe(code);
    expect(await again.frame.getByText('Sent to the phone •••• 3333.').isVisible()).toBe(true);
    expect(await axeViolations(await checkoutFrameOf(b))).toEqual([]);
    await screenshot(b, { path: `${SHOTS}order-any-browser-shop-en-360.png` });

    await again.frame.getByRole('button', { name: /^Pay this order \(\$\d+\.\d\d\) another way$/ }).click();
    await again.waitForForm();
    const [yappy] = await transactionsFor(sandbox, code);
    expect(yappy).toMatchObject({ method: 'yappy', status: 0 });
    await again.fillCard({ number: '4242 4242 4242 4242' });
    await again.submit();
    await again.receiptTitle.waitFor({ timeout: 20_000 });
    await expect.poll(() => shopB.result.getAttribute('data-estado')).toBe('APPROVED');
    const recorded = await transactionsFor(sandbox, code);
    expect(recorded.filter((t) => t.status === 1)).toMatchObject([{ method: 'card' }]);
    expect(recorded).toHaveLength(2);
    await Promise.all([first.close(), second.close()]);
  });

  // A card payment left at its 3DS challenge is waiting too: the second browser shows it first, with
  // the issuer's page (from the server's record) to open again, or pays another way once the
  // challenge is called off (voided at the processor). A single-use link is one order's.
  const CHALLENGE = {
    es: { title: (a: string) => `Tienes un pago con tarjeta de ${a} esperando la verificación de tu banco (3D Secure)`, again: 'Abrir de nuevo la página de tu banco', other: (a: string) => `Pagar este pedido (${a}) de otra forma`, receipt: /comprobante de pago/i },
    en: { title: (a: string) => `You have a card payment of ${a} waiting for your bank's verification (3D Secure)`, again: "Open your bank's page again", other: (a: string) => `Pay this order (${a}) another way`, receipt: /payment receipt/i },
  } as const;

  /** The first browser pays the order's link with the 3DS card and stops at the issuer's page. */
  async function leftAtChallenge(lang: 'es' | 'en', amount: number) {
    const code = await createLink(sandbox, { amount, taxAmount: 0, description: 'Pedido con tarjeta', singleUse: true });
    const address = `${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`;
    const first = await newBrowser(lang);
    const a = await phone(first);
    await a.goto(address);
    const checkout = new CheckoutFrame(a);
    await checkout.waitForForm();
    await checkout.fillCard({ number: '4000 0000 0000 3220' });
    if (await a.getByRole('group', { name: /Verificación|Verification/ }).isVisible()) await verify(a);
    await checkout.submit();
    await a.getByRole('button', { name: /aprobar|approve/i }).waitFor({ timeout: 15_000 });
    const [card] = await transactionsFor(sandbox, code);
    expect(card).toMatchObject({ method: 'card', status: -1 });
    const second = await newBrowser(lang);
    const b = await phone(second);
    await b.goto(address);
    return { code, first, second, a, b, codOper: card?.codOper ?? '' };
  }

  it("es: a 3DS challenge left in the first browser comes first in the second; its bank's page opens again there and pays it, once", async () => {
    const { code, first, second, b } = await leftAtChallenge('es', 27.5);
    const text = CHALLENGE.es;
    await b.getByRole('heading', { name: text.title('$27.50') }).waitFor({ timeout: 20_000 });
    expect(await vaultFrameOf(b).locator('[name="cardnumber"]').count()).toBe(0);
    for (const name of [text.again, text.other('$27.50')]) expect(await b.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    expect(await axeViolations(b)).toEqual([]);
    await screenshot(b, { path: `${SHOTS}order-any-browser-challenge-es-360.png` });
    await b.getByRole('button', { name: text.again, exact: true }).click();
    await b.getByRole('button', { name: /aprobar|approve/i }).click();
    await b.getByRole('heading', { name: text.receipt }).waitFor({ timeout: 20_000 });
    const recorded = await transactionsFor(sandbox, code);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ method: 'card', status: 1 });
    await Promise.all([first.close(), second.close()]);
  });

  it('en: paying another way calls the 3DS challenge off first; the first browser can no longer complete it; one payment', async () => {
    const { code, first, second, a, b, codOper } = await leftAtChallenge('en', 28.5);
    const text = CHALLENGE.en;
    await b.getByRole('heading', { name: text.title('$28.50') }).waitFor({ timeout: 20_000 });
    expect(await axeViolations(b)).toEqual([]);
    await screenshot(b, { path: `${SHOTS}order-any-browser-challenge-en-360.png` });
    await b.getByRole('button', { name: text.other('$28.50'), exact: true }).click();
    const checkout = new CheckoutFrame(b);
    await checkout.waitForForm();
    expect((await transactionsFor(sandbox, code))[0]).toMatchObject({ codOper, method: 'card', status: 0 });
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    if (await b.getByRole('group', { name: /Verificación|Verification/ }).isVisible()) await verify(b);
    await checkout.submit();
    await checkout.receiptTitle.waitFor({ timeout: 20_000 });
    const recorded = await transactionsFor(sandbox, code);
    expect(recorded.filter((t) => t.status === 1)).toHaveLength(1);
    expect(recorded).toHaveLength(2);
    // The first browser's bank page, answered late: refused, nothing more charged, and it says why as
    // the checkout does (the order paid in another window), never that this payer chose another way.
    await a.getByRole('button', { name: /aprobar|approve/i }).click();
    await a.getByRole('heading', { name: 'This order is already paid' }).waitFor({ timeout: 15_000 });
    expect(await a.getByText('It was paid with card in another window or device. Nothing is charged here.').isVisible()).toBe(true);
    expect(await a.getByText('You chose to pay another way').count()).toBe(0);
    expect((await transactionsFor(sandbox, code)).filter((t) => t.status === 1)).toHaveLength(1);
    await Promise.all([first.close(), second.close()]);
  });
});
