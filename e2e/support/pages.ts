import type { FrameLocator, Locator, Page } from 'playwright-core';

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

/** The checkout inside the iframe, driven by its fields' names (SPEC 3 "Form values"). */
export class CheckoutFrame {
  constructor(readonly frame: FrameLocator) {}

  field(name: string): Locator {
    return this.frame.locator(`[name="${name}"]`);
  }

  async waitForForm(): Promise<void> {
    await this.field('cardnumber').waitFor({ state: 'visible', timeout: 20_000 });
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

  async submit(): Promise<void> {
    await this.frame.locator('form button[type="submit"]').click();
  }

  get receiptTitle(): Locator {
    return this.frame.getByRole('heading', { name: /comprobante de pago|payment receipt/i });
  }

  get alert(): Locator {
    return this.frame.getByRole('alert');
  }
}
