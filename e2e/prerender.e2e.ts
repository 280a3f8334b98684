import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame, DemoShop, vaultFrameOf } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { adminPost } from './support/entries';

async function newLink(sandbox: Sandbox, description = 'Camisa'): Promise<string> {
  const res = await fetch(`${sandbox.url}/sandbox/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 25, description }),
  });
  return ((await res.json()) as { code: string }).code;
}

// PRODUCT.md "Speed": with no splash, the widget page carries its first screen already rendered
// (packages/widget/src/prerender.tsx), so the card form shows and takes input before the widget's
// script has run; the script's first render then takes the form over.
describe.runIf(browserAvailable())('the checkout\'s first screen, rendered into the page', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('is in the widget page, in the payer\'s language', async () => {
    const code = await newLink(sandbox);
    const page = async (query: string, headers: Record<string, string> = {}) =>
      (await fetch(`${sandbox.url}/pf/widget?type=lk&code=${code}${query}`, { headers })).text();
    const es = await page('', { 'accept-language': 'es-PA' });
    expect(es).toContain('<div id="root" data-prerendered="es">');
    // The card's fields: the card vault's page, framed with the form from the first byte, in the payer's language.
    expect(es).toMatch(/<iframe[^>]*src="http:\/\/[^"]+\/fields\?lang=es&amp;parent=[^"]*"[^>]*class="vault-fields"/);
    expect(es).toMatch(/<link rel="preconnect" href="http:\/\/127\.0\.0\.1:\d+">/);
    expect(es).toContain('Método de pago');
    const en = await page('&lang=en');
    expect(en).toContain('<div id="root" data-prerendered="en">');
    expect(en).toContain('Payment method');
    expect(es).toContain('>Camisa<');
  });

  it('renders the link\'s and merchant\'s texts as text, never as markup', async () => {
    const code = await newLink(sandbox, '<img src=x onerror="alert(1)"> & </div>');
    const html = await (await fetch(`${sandbox.url}/pf/widget?type=lk&code=${code}`)).text();
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json" id="pasarela-primed"'));
    expect(root).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;> &amp; &lt;/div>');
    expect(root).not.toContain('<img src=x');
  });

  /** A page whose widget script is held back, as on a slow connection, until `release`. */
  async function pageWithScriptHeld(options: BrowserContextOptions = {}) {
    const context = await browser.newContext({ locale: 'es-PA', ...options });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/widget\/assets\/main-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors, release };
  }

  /** The demo shop's checkout with the widget's script held back until `release`. */
  async function openWithScriptHeld() {
    const { context, page, errors, release } = await pageWithScriptHeld();
    const shop = new DemoShop(page, sandbox.demoUrl);
    await shop.open();
    const checkout: CheckoutFrame = await shop.pay();
    await checkout.field('cardnumber').waitFor({ state: 'visible', timeout: 20_000 });
    // The script is live once the captcha (its own chunk, after the first screen) is in place.
    const live = () => checkout.frame.getByRole('checkbox', { name: /no soy un robot|not a robot/i }).waitFor({ timeout: 20_000 });
    return { context, page, shop, checkout, errors, release, live };
  }

  it('keeps what the payer typed before the script ran, with the focus, and pays with it', async () => {
    const { context, page, shop, checkout, errors, release, live } = await openWithScriptHeld();
    const number = checkout.field('cardnumber');
    await number.fill('4242424242424242');
    await number.focus();
    await screenshot(page, { path: 'e2e/artifacts/prerendered-before-script.png' });

    // The same element after the take-over: marked now, found again later.
    await number.evaluate((el) => el.setAttribute('data-typed-before-script', ''));
    release();
    await live();
    expect(await number.evaluate((el) => el.hasAttribute('data-typed-before-script') && document.activeElement === el)).toBe(true);
    // The app has it: formatted as the card form formats what the payer types.
    await expect.poll(() => number.inputValue()).toBe('4242 4242 4242 4242');

    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    await checkout.field('expirationDate').fill(`12/${nextYear}`);
    await checkout.field('cvc').fill('123');
    await checkout.field('name').fill('María José Núñez');
    await checkout.field('email').fill('maria.nunez@example.com');
    await checkout.field('phone').fill('+507 6123-4567');
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends the amount the payer sent with Enter before the script ran, once, with no second press', async () => {
    await adminPost(sandbox, 'stations', { stationId: 'CAJA-ENTER', description: 'Caja rápida' });
    const { context, page, errors, release } = await pageWithScriptHeld({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const documents: string[] = [];
    page.on('request', (request) => void (request.isNavigationRequest() && request.frame() === page.mainFrame() && documents.push(request.url())));
    await page.goto(`${sandbox.url}/pf/widget?type=ps&code=CAJA-ENTER&lang=es`, { waitUntil: 'commit' });
    const amount = page.getByLabel('Monto a pagar');
    await amount.fill('12.5');
    await amount.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    release();
    const checkout = new CheckoutFrame(page);
    await checkout.waitForForm();
    expect(await page.locator('.summary__line--total').textContent()).toContain('12.50');
    // Sent by the app, not by the browser: the page never left.
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/prerendered-enter-before-script.png' });
    await context.close();
  });

  it('opens the method the payer picked before the script ran', async () => {
    const { context, checkout, errors, release, live } = await openWithScriptHeld();
    await checkout.frame.getByRole('radio', { name: /nequi/i }).check();
    release();
    await live();
    await checkout.frame.getByRole('textbox', { name: /celular nequi/i }).waitFor({ timeout: 10_000 });
    expect(await checkout.frame.getByRole('radio', { name: /nequi/i }).isChecked()).toBe(true);
    expect(await checkout.field('cardnumber').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  // A tab that keeps a payment waiting renders its first screen afresh instead of taking the server's
  // markup over (rendersAsServer); the method picked in that markup meanwhile is not lost either.
  it('opens the method the payer picked before the script ran, also when the script renders the screen afresh', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const nequi = page.getByRole('radio', { name: /nequi/i });
    const phone = page.getByRole('textbox', { name: /celular nequi/i });

    // In this tab, a Nequi payment of another link of the shop, left waiting (a phone that never answers).
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${await newLink(sandbox)}&lang=es`);
    await nequi.check();
    await phone.fill('6333 3333');
    await page.getByRole('button', { name: /enviar notificación/i }).click();
    await page.getByText(/te enviamos una notificación/i).first().waitFor({ timeout: 15_000 });

    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/widget\/assets\/main-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${await newLink(sandbox)}&lang=es`, { waitUntil: 'commit' });
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ state: 'visible', timeout: 20_000 });
    await nequi.check();
    release();
    await phone.waitFor({ timeout: 10_000 });
    expect(await nequi.isChecked()).toBe(true);
    expect(await vaultFrameOf(page).locator('[name="cardnumber"]').isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
