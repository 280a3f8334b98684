import type { Locator, Page } from 'playwright-core';

/** The sandbox console (/sandbox/console), driven by its labels and roles. */
export class ConsolePage {
  constructor(readonly page: Page, readonly sandboxUrl: string) {}

  async open(lang: 'es' | 'en' = 'es'): Promise<void> {
    await this.page.goto(`${this.sandboxUrl}/sandbox/console?lang=${lang}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  tab(name: RegExp): Locator {
    return this.page.getByRole('navigation').getByRole('button', { name });
  }

  /** A create card (Enlace de pago, Comercio, ...) by its heading. */
  card(heading: RegExp): Locator {
    return this.page.locator('section.card').filter({ has: this.page.getByRole('heading', { name: heading }) });
  }

  /** The transaction item of codOper, or of the first one matching text. */
  transaction(match: RegExp | string): Locator {
    return this.page.locator('li.tx').filter({ hasText: match });
  }

  webhooks(codOper: string): Locator {
    return this.page.locator(`li.webhook[data-codoper="${codOper}"]`);
  }
}
