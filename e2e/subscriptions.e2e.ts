import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { Pasarela } from '@pasarela/node';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { adminPost, guestGet, guestPost } from './support/entries';
import { CheckoutFrame } from './support/pages';
import { DEMO_USER, WalletScreens } from './support/wallet';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { sentBody } from './support/sentBody';
import { nextSubscriptionChargeDate, payerDateText } from '@pasarela/core';

// SPEC 2 widget type subs (Checkout.open({ subscriptionKey })), SPEC 4 "Subscription", SPEC 9 periods.
describe.runIf(browserAvailable())('subscriptions, end to end', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  /** A new pending subscription on a plan made for the test. */
  async function newSubscription(plan: { name: string; amount: number; period: string; chargeNow: boolean }): Promise<string> {
    const created = await adminPost<{ idPlan: number }>(sandbox, 'plans', plan);
    const sub = await guestPost<{ subscriptionKey: string }>(sandbox, 'subscriptions', { idPlan: created.idPlan, email: 'suscriptor@example.com' });
    return sub.subscriptionKey;
  }

  /** The subscription's checkout in a browser context of its own (at 360 px unless given), its card form shown. */
  async function openSubscriptionForm(key: string, options: BrowserContextOptions = { locale: 'es-PA', viewport: { width: 360, height: 800 } }) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${key}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    return { context, page, checkout };
  }

  it('SUBDEMO0001: the plan and its monthly label, card only; paying activates it and the charge applied at once shows its receipt', async () => {
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    // Bodies read through interception: ky sends a Request whose body the plain request event omits.
    const posts: Array<{ path: string; body: Record<string, unknown> }> = [];
    await page.route('**/api/v1/**', async (route) => {
      const r = route.request();
      if (r.method() === 'POST') posts.push({ path: new URL(r.url()).pathname, body: ((await sentBody(r)) ?? {}) as Record<string, unknown> });
      await route.continue();
    });
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=SUBDEMO0001`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.getByRole('heading', { name: 'Suscripción Plan Mensual' }).isVisible()).toBe(true);
    expect(await page.locator('.plan__every').textContent()).toMatch(/19\.99 cada mes/);
    // SPEC 7: a subscription is paid with card info; SPEC 4: balance does not activate one.
    expect(await page.getByRole('radio').count()).toBe(1);
    expect(await page.getByRole('radio', { name: /Tarjeta/ }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/subscription-form-360.png', fullPage: true });
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    await checkout.submit();
    const title = page.getByRole('heading', { name: 'Comprobante de suscripción' });
    await expect.poll(() => title.isVisible(), { timeout: 15_000 }).toBe(true);
    // The seeded plan charges at once: SPEC 4 "the user goes to the default receipt".
    expect(new URL(page.url()).pathname).toMatch(/^\/pf\/default-receipt\/\w+$/);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).toContain('4242');
    expect(text).not.toContain('4242 4242');
    // Named in words for a screen reader (issue 96), never a run of asterisks or dots.
    const tree = await page.locator('main').ariaSnapshot();
    expect(tree).not.toMatch(/\*{2,}|•{2,}/);
    expect(tree).toContain('Visa terminada en 4242');
    // SPEC 9 "MO monthly": the plan, its next charge on the same day next month (Panama's calendar), and how it ends.
    const lines = await page.locator('.receipt__lines dt').evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(lines).toContainEqual(['Frecuencia', '$19.99 cada mes']);
    const nextCharge = lines.find(([label]) => label === 'Próximo cobro')?.[1] ?? '';
    // Paid within the last minute (a day may have turned meanwhile).
    const paidAt = Date.now();
    expect([paidAt - 60_000, paidAt].map((at) => `$19.99 el ${payerDateText(nextSubscriptionChargeDate('MO', at), 'es', { time: false })}`)).toContain(nextCharge);
    expect(await page.locator('.receipt__note').textContent()).toMatch(/^Para cancelar tu suscripción, pídeselo a .+: la tienda la cancela y no se te cobrará más\.$/);
    await screenshot(page, { path: 'e2e/artifacts/subscription-receipt-360.png', fullPage: true });
    // Its receipt e-mail ends with the same terms.
    const codOper = new URL(page.url()).pathname.split('/').pop() ?? '';
    const mailbox = (await (await fetch(`${sandbox.url}/sandbox/mailbox?to=maria.nunez%40example.com`)).json()) as { messages: Array<{ subject: string; body: string }> };
    const receiptMail = mailbox.messages.find((m) => m.subject === `Comprobante de pago ${codOper}`);
    expect(receiptMail?.body.split('\n').slice(-3)).toEqual([
      expect.stringMatching(/^Tu suscripción a .+ está activa: \$19\.99 cada mes\.$/),
      `Próximo cobro de tu suscripción: ${nextCharge}.`,
      expect.stringMatching(/^Para cancelar tu suscripción, pídeselo a .+: la tienda la cancela y no se te cobrará más\.$/),
    ]);

    // SPEC 7 "POST subscription payment via process tx (requestPay with card info,
    // activateSubscription{idSubscription, subscriptionKey}, serviceCode, idMerchant)".
    const payments = posts.filter((p) => /process-tx|auth-capture|subscriptions\/.+\/pay/.test(p.path));
    expect(payments.map((p) => p.path)).toEqual(['/api/v1/process-tx']);
    const sent = payments[0]?.body ?? {};
    expect(sent).toMatchObject({ activateSubscription: { idSubscription: expect.any(Number), subscriptionKey: 'SUBDEMO0001' }, serviceCode: 'REC', idMerchant: expect.any(Number) });
    // The card travels as the vault's token; the number typed in the vault's frame never reaches the server.
    expect(sent['requestPay']).toMatchObject({ code: 'SUBDEMO0001', codePay: 'SUBDEMO0001', resultType: 'WEB_REDIRECT', cardInformation: { cardNumber: expect.stringMatching(/^tok_[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{40,600}$/) } });
    expect(JSON.stringify(sent)).not.toContain('4242424242424242');
    // "paying activates it": an active subscription is no longer offered (409 request_already_paid).
    await expect(guestGet(sandbox, 'subscriptions/SUBDEMO0001')).rejects.toThrow(/answered 409/);
    await context.close();
  });

  it('a plan that does not charge at once ends on /{subscriptionKey}/receive; English period label', async () => {
    const key = await newSubscription({ name: 'Semanal', amount: 3.5, period: 'WE', chargeNow: false });
    const { context, page, checkout } = await openSubscriptionForm(key, { locale: 'en-US' });
    expect(await page.getByRole('heading', { name: 'Semanal subscription' }).isVisible()).toBe(true);
    expect(await page.locator('.plan__every').textContent()).toMatch(/3\.50 will be charged every week/);
    // Nothing is charged today: the total says so, and when the first charge comes; the submit button
    // says what it does (PRODUCT.md: each form's primary action is its submit button), not "Pay $0.00".
    expect(await page.locator('.summary__line--total').textContent()).toContain('$0.00');
    expect(await page.locator('.plan__first-charge').textContent()).toMatch(/^Nothing is charged today: your card is kept, and the first charge, of \$3\.50, comes on \w+ \d+, \d{4}\.$/);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await page.locator('form button[type="submit"]').textContent()).toBe('Subscribe');
    await screenshot(page, { path: 'e2e/artifacts/subscription-form-en.png', fullPage: true });
    await checkout.fillCard({ number: '5555 5555 5555 4444' });
    await checkout.submit();
    await expect.poll(() => page.getByRole('heading', { name: 'Subscription receipt' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/${key}/receive`);
    expect(await axeViolations(page)).toEqual([]);
    // The e-mail the payer typed says the subscription started, nothing was charged, and when the first charge comes
    // (none was sent: a payer charged nothing heard nothing).
    const codOper = new URL(page.url()).searchParams.get('Oper') ?? '';
    const mailbox = (await (await fetch(`${sandbox.url}/sandbox/mailbox?to=maria.nunez%40example.com`)).json()) as { messages: Array<{ subject: string; body: string }> };
    const started = mailbox.messages.filter((m) => m.body.includes(codOper));
    expect(started.map((m) => m.subject)).toEqual(['Your Semanal subscription is active']);
    expect(started[0]?.body).toMatch(/nothing was charged today\. The first charge, of \$3\.50, comes on \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    expect(started[0]?.body).toContain(`/${key}/receive?Oper=${codOper}`);
    expect(started[0]?.body).toMatch(/\nYour subscription to .+ is active: \$3\.50 every week\.\nTo cancel your subscription, ask .+: the shop cancels it, and nothing more is charged\.$/);
    // The receipt: how much and how often, the first charge a week on, and how it ends.
    const lines = await page.locator('.receipt__lines dt').evaluateAll((dts) => dts.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(lines).toContainEqual(['How often', '$3.50 every week']);
    expect(lines).toContainEqual(['Next charge', expect.stringMatching(/^\$3\.50 on \d{1,2} [A-Z][a-z]{2} \d{4}$/)]);
    expect(started[0]?.body).toContain(`comes on ${(lines.find(([label]) => label === 'Next charge')?.[1] ?? '').replace('$3.50 on ', '')}.`);
    expect(await page.locator('.receipt__note').textContent()).toMatch(/^To cancel your subscription, ask .+: the shop cancels it, and nothing more is charged\.$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, { path: 'e2e/artifacts/subscription-receive-en-390.png', fullPage: true });
    await context.close();
  });

  it('SPEC 8 "error_processing_request for an old-version tx failure": a gateway failure says so, charges nothing, and the next Pay activates it', async () => {
    const key = await newSubscription({ name: 'Quincenal', amount: 4.75, period: 'BW', chargeNow: true });
    const { context, page, checkout } = await openSubscriptionForm(key);
    await checkout.fillCard({ number: '4000 0000 0000 0119' });
    await checkout.submit();
    await expect.poll(async () => (await checkout.alert.isVisible()) && (await checkout.alert.textContent()), { timeout: 15_000 }).toContain('no se hizo ningún cargo');
    await screenshot(page, { path: 'e2e/artifacts/subscription-processing-error-360.png', fullPage: true });
    expect((await guestGet<{ status: number }>(sandbox, `subscriptions/${key}`)).status).toBe(0);
    await checkout.field('cardnumber').fill('4242 4242 4242 4242');
    await checkout.field('cvc').fill('123');
    await checkout.submit();
    await expect.poll(() => page.getByRole('heading', { name: 'Comprobante de suscripción' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
  });

  it('a logged-in wallet user types the card: saved cards are not offered for a subscription (SPEC 7 "with card info")', async () => {
    const key = await newSubscription({ name: 'Anual', amount: 60, period: 'AN', chargeNow: true });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget/home`);
    await new WalletScreens(page).logIn(DEMO_USER.login, DEMO_USER.password);
    await page.locator('.wallet-card').filter({ hasText: /Visa .*4242/ }).first().waitFor();
    await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${key}`);
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    // The wallet's chunk would have shown the saved Visa by now on a link's checkout.
    await page.waitForTimeout(2_000);
    expect(await page.getByRole('group', { name: /tarjetas guardadas/i }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /guardar esta tarjeta/i }).count()).toBe(0);
    expect(await checkout.field('cardnumber').isVisible()).toBe(true);
    await screenshot(page, { path: 'e2e/artifacts/subscription-logged-in-360.png', fullPage: true });
    await checkout.fillCard({ number: '5555 5555 5555 4444' });
    await checkout.submit();
    await expect.poll(() => page.getByRole('heading', { name: 'Comprobante de suscripción' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect(guestGet(sandbox, `subscriptions/${key}`)).rejects.toThrow(/answered 409/);
    await context.close();
  });

  it('a declined card shows the decline message and leaves the subscription pending', async () => {
    const key = await newSubscription({ name: 'Diario', amount: 1.25, period: 'DA', chargeNow: true });
    const { context, page, checkout } = await openSubscriptionForm(key, { locale: 'es-PA' });
    await checkout.fillCard({ number: '4000 0000 0000 0002' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/pf/widget');
    await context.close();
  });
  // Only an approved first payment activates a subscription: its 3D Secure challenge decides.
  it('a 3DS first payment approved at the bank shows its receipt and activates the subscription once', async () => {
    const key = await newSubscription({ name: 'Seguro', amount: 6.4, period: 'MO', chargeNow: true });
    const { context, page, checkout } = await openSubscriptionForm(key);
    await checkout.fillCard({ number: '4000 0000 0000 3220' });
    await checkout.submit();
    await page.getByRole('button', { name: 'Aprobar' }).click({ timeout: 30_000 });
    const title = page.getByRole('heading', { name: 'Comprobante de suscripción' });
    await expect.poll(() => title.isVisible(), { timeout: 20_000 }).toBe(true);
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('ya fue pagado');
    expect(text).toContain('6.40');
    await screenshot(page, { path: 'e2e/artifacts/subscription-3ds-approved-360.png', fullPage: true });
    await expect(guestGet(sandbox, `subscriptions/${key}`)).rejects.toThrow(/answered 409/);
    await context.close();
  });

  it('a 3DS first payment failed at the bank shows the decline, leaves the subscription pending, and nothing falls due', async () => {
    const key = await newSubscription({ name: 'Fallido', amount: 7.1, period: 'MO', chargeNow: true });
    const { context, page, checkout } = await openSubscriptionForm(key);
    await checkout.fillCard({ number: '4000 0000 0000 3220' });
    await checkout.submit();
    await page.getByRole('button', { name: 'Fallar' }).click({ timeout: 30_000 });
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 20_000 }).toBe(true);
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).not.toContain('ya fue pagado');
    expect(text).not.toContain('está activa');
    await screenshot(page, { path: 'e2e/artifacts/subscription-3ds-failed-360.png', fullPage: true });
    expect((await guestGet<{ status: number }>(sandbox, `subscriptions/${key}`)).status).toBe(0);
    // Never activated: no card kept, no period to charge.
    const due = await fetch(`${sandbox.url}/sandbox/subscriptions/${key}/due`, { method: 'POST' });
    expect(due.status).toBe(409);
    await context.close();
  });

  /** A shop's page opening the subscription's checkout as docs/integration tells it, recording what it hears. */
  async function startShopPage(): Promise<{ url: string; close: () => Promise<void> }> {
    const server: Server = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://shop.test').searchParams;
      const key = JSON.stringify(query.get('key') ?? '');
      const lang = query.get('lang') === 'en' ? 'en' : 'es';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>Club</title>
<script src="${sandbox.url}/sdk/checkout.js"></script>
<script>window.heard = []; Checkout.open({ subscriptionKey: ${key}, lang: '${lang}', onClose: (e) => heard.push(['close', e]), onError: (e) => heard.push(['error', e]) });</script></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  // docs/merchant-api.md "Subscriptions": the payer asks the shop, the shop cancels; its page then
  // says so, in the payer's language, names the shop, takes no payment and closes like the other end pages.
  it('a subscription its merchant cancelled says the shop cancelled it and nothing will be charged, with no card form and a Close', async () => {
    const merchant = await adminPost<{ idMerchant: number; secretKey: string }>(sandbox, 'merchants', { name: 'Club E2E' });
    const plan = await adminPost<{ idPlan: number }>(sandbox, 'plans', { merchantId: merchant.idMerchant, name: 'Cancelable', amount: 12.34, period: 'MO', chargeNow: true });
    const { subscriptionKey } = await guestPost<{ subscriptionKey: string }>(sandbox, 'subscriptions', { idPlan: plan.idPlan, email: 'suscriptor@example.com' });
    const pasarela = new Pasarela({ secretKey: merchant.secretKey, baseUrl: sandbox.url });
    expect((await pasarela.subscriptions.cancel(subscriptionKey)).status).toBe('cancelled');
    const shop = await startShopPage();
    try {
      for (const [lang, locale, words, close] of [
        ['es', 'es-PA', 'La tienda canceló esta suscripción: no se te cobrará nada', 'Cerrar'],
        ['en', 'en-US', 'The shop cancelled this subscription: nothing will be charged', 'Close'],
      ] as const) {
        const context = await browser.newContext({ locale, viewport: { width: 360, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${shop.url}/?key=${subscriptionKey}&lang=${lang}`);
        const frame = page.frameLocator('iframe[src*="/pf/widget"]');
        const heading = frame.getByRole('heading', { name: words });
        await expect.poll(() => heading.isVisible(), { timeout: 15_000 }).toBe(true);
        expect(await frame.getByText('Club E2E').first().isVisible()).toBe(true);
        expect(await frame.getByRole('heading', { name: /Página no encontrada|Page not found/ }).count()).toBe(0);
        expect(await frame.getByRole('radio').count()).toBe(0);
        expect(await frame.getByRole('button', { name: /^(Pagar|Pay)/ }).count()).toBe(0);
        const widget = page.frames().find((f) => f.url().includes('/pf/widget'));
        expect(widget && (await axeViolations(widget))).toEqual([]);
        await screenshot(page, { path: `e2e/artifacts/subscription-cancelled-${lang}-360.png`, fullPage: true });
        await frame.getByRole('button', { name: close, exact: true }).click();
        await expect.poll(() => page.evaluate(() => (window as unknown as { heard: Array<[string, unknown]> }).heard.map(([kind]) => kind)), { timeout: 10_000 }).toContain('close');
        await context.close();
      }
      // Its own page, opened alone, says the same and stays where it is (no /404).
      const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${sandbox.url}/pf/widget?type=subs&code=${subscriptionKey}`);
      await expect.poll(() => page.getByRole('heading', { name: 'La tienda canceló esta suscripción: no se te cobrará nada' }).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/pf/widget');
      await context.close();
    } finally {
      await shop.close();
    }
    // The server still refuses it as a checkout to pay (the payment's refusal: routes' tests).
    await expect(guestGet(sandbox, `subscriptions/${subscriptionKey}`)).rejects.toThrow(/answered 409/);
  });
});
