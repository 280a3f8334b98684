import type { Browser, BrowserContext, BrowserContextOptions, FrameLocator, Locator, Page } from 'playwright-core';

/** The demo shop (examples/index.html) on the merchant's origin. */
export class DemoShop {
  constructor(readonly page: Page, readonly demoUrl: string) {}

  async open(path = '/'): Promise<void> {
    await this.page.goto(`${this.demoUrl}${path}`);
  }

  async pay(): Promise<CheckoutFrame> {
    await this.page.locator('#pay-button').click();
    return new CheckoutFrame(this.page.frameLocator('iframe[src*="/pf/widget"]'));
  }

  get result(): Locator {
    return this.page.locator('#result');
  }
}

export interface CardDetails {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
  email?: string;
  phone?: string;
}

/** Where the checkout is: the iframe on a merchant page, or the page itself when opened full page. */
export type CheckoutScope = Pick<FrameLocator, 'locator' | 'getByRole' | 'getByText' | 'getByLabel' | 'frameLocator'>;

/** The card's number, expiry and CVC: the card vault's fields, in their frame inside the checkout (issue 90). */
export const VAULT_FIELDS = ['cardnumber', 'expirationDate', 'cvc'] as const;

/** The card vault's frame in a checkout. */
export const vaultFrameOf = (scope: Pick<FrameLocator, 'frameLocator'>): FrameLocator => scope.frameLocator('iframe.vault-fields');

/** The checkout, driven by its fields' names (SPEC 3 "Form values"). */
export class CheckoutFrame {
  constructor(readonly frame: CheckoutScope) {}

  /** A form value's field by its SPEC name: the card's own in the card vault's frame, the others in the checkout. */
  field(name: string): Locator {
    const scope = (VAULT_FIELDS as readonly string[]).includes(name) ? this.vault : this.frame;
    return scope.locator(`[name="${name}"]`);
  }

  get vault(): FrameLocator {
    return vaultFrameOf(this.frame);
  }

  /**
   * Up to playwright-core's 30 s for an action: on a busy two-core machine the form once showed
   * after more than 20 s (the shipped 3 s splash, a Stripe merchant's wallet).
   */
  async waitForForm(): Promise<void> {
    await this.field('cardnumber').waitFor({ state: 'visible', timeout: 30_000 });
  }

  async fillCard(card: CardDetails): Promise<void> {
    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    await this.field('cardnumber').fill(card.number);
    await this.field('expirationDate').fill(card.expiry ?? `12/${nextYear}`);
    await this.field('cvc').fill(card.cvc ?? '123');
    await this.field('name').fill(card.name ?? 'María José Núñez');
    await this.field('email').fill(card.email ?? 'maria.nunez@example.com');
    await this.field('phone').fill(card.phone ?? '+507 6123-4567');
  }

  /** PRODUCT.md "Method choice": the radio group "Método de pago", each radio named after its method. */
  async chooseMethod(name: RegExp): Promise<void> {
    await this.frame.getByRole('radiogroup', { name: /método de pago|payment method/i }).getByRole('radio', { name }).check();
  }

  async submit(): Promise<void> {
    await this.frame.locator('form button[type="submit"]').click();
  }

  /** Sends the card method's form, ticking the human check first where it shows (`check`: its labels in the checkout's language). */
  async submitCardPastCheck(check: { verification: string; robot: string; verified: string }): Promise<void> {
    const box = this.frame.getByRole('group', { name: check.verification });
    if (await box.isVisible()) {
      const robot = box.getByRole('checkbox', { name: check.robot });
      if (!(await robot.isChecked())) await robot.check();
      await box.getByText(check.verified, { exact: true }).waitFor({ timeout: 10_000 });
    }
    await this.frame.locator('#method-panel-card button[type="submit"]').click();
  }

  get receiptTitle(): Locator {
    return this.frame.getByRole('heading', { name: /comprobante de pago|payment receipt/i });
  }

  get alert(): Locator {
    return this.frame.getByRole('alert');
  }

  /** What the payer reads in the checkout's frame (its first 600 characters), for a failure to say what showed instead. */
  async shown(): Promise<string> {
    const text = await this.frame.locator('body').innerText({ timeout: 5_000 }).catch((error: unknown) => `(unreadable: ${String(error)})`);
    return text.replace(/\s+/g, ' ').trim().slice(0, 600);
  }
}

export interface OpenedCheckout {
  context: BrowserContext;
  page: Page;
  shop: DemoShop;
  checkout: CheckoutFrame;
  /** Payment-link codes the shop created through the admin API. */
  codes: string[];
  /** Uncaught errors on the shop page. */
  errors: string[];
  /**
   * What the browser's console shows as errors for the shop page and the checkout's frame (a failed
   * request included), as a merchant's developer would see them in the devtools.
   */
  consoleErrors: string[];
}

/** A payer on the demo shop (Spanish, Panama) who pressed Pay and sees the card form. */
export async function openShopCheckout(
  browser: Browser,
  demoUrl: string,
  options: { beforeOpen?: (context: BrowserContext) => Promise<void> } = {},
): Promise<OpenedCheckout> {
  const context = await browser.newContext({ locale: 'es-PA' });
  await options.beforeOpen?.(context);
  const page = await context.newPage();
  const { errors, codes } = watchShopPage(page);
  const consoleErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(`${m.text()} (${m.location().url})`);
  });
  const shop = new DemoShop(page, demoUrl);
  await shop.open();
  const checkout = await shop.pay();
  await checkout.waitForForm();
  return { context, page, shop, checkout, codes, errors, consoleErrors };
}

/** What a shop page shows as it goes: its uncaught errors, and the payment-link codes its shop created through the admin API, in order. */
export function watchShopPage(page: Page): { errors: string[]; codes: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const codes: string[] = [];
  page.on('response', async (res) => {
    if (res.url().endsWith('/shop/links') && res.status() === 201) codes.push(((await res.json()) as { code: string }).code);
  });
  return { errors, codes };
}

/** A phone (360 x 740) in `lang` on the demo shop, its loader ready to open a checkout. */
export async function openPhoneShop(
  browser: Browser,
  demoUrl: string,
  lang: 'es' | 'en',
  options: { beforeOpen?: (context: BrowserContext) => Promise<void> } = {},
): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
  await options.beforeOpen?.(context);
  const page = await context.newPage();
  await page.goto(demoUrl);
  await page.waitForFunction(() => 'Checkout' in window);
  return page;
}

/** The checkout of the link `code` opened full page, as its address opens it, in a new browser (Spanish, Panama, unless `options` say otherwise). */
export async function openLinkPage(
  browser: Browser,
  checkoutUrl: string,
  code: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page; checkout: CheckoutFrame }> {
  const context = await browser.newContext({ locale: 'es-PA', ...options });
  const page = await context.newPage();
  await page.goto(`${checkoutUrl}/pf/widget?type=lk&code=${code}`);
  return { context, page, checkout: new CheckoutFrame(page) };
}

/** Pays the checkout open full page on `page` (Spanish) with the 3DS card, approving the bank's challenge, up to its receipt. */
export async function payCardThroughChallenge(page: Page): Promise<void> {
  const checkout = new CheckoutFrame(page);
  await checkout.waitForForm();
  await checkout.fillCard({ number: '4000000000003220' });
  await checkout.submit();
  await page.getByRole('button', { name: 'Aprobar' }).click({ timeout: 30_000 });
  await checkout.receiptTitle.waitFor({ timeout: 30_000 });
}
