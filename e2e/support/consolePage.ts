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

  /**
   * The focused element as a screen reader meets it: its role and accessible name (the first line of
   * its aria snapshot, such as `button "Nequi: aprobar"`), or `body` when the focus was lost.
   */
  async focused(): Promise<string> {
    const lost = await this.page.evaluate(() => !document.activeElement || document.activeElement === document.body);
    if (lost) return 'body';
    const first = ((await this.page.locator(':focus').ariaSnapshot({ timeout: 5_000 })).split('\n')[0] ?? '').replace(/^- /, '').replace(/:$/, '');
    // YAML quotes a line whose name holds ": " (button "Nequi: aprobar").
    return /^'.*'$/.test(first) ? first.slice(1, -1).replaceAll("''", "'") : first;
  }

  /** What the console's polite live region says now (the outcome of the last call). */
  notice(): Promise<string | null> {
    return this.page.locator('.notice[aria-live="polite"]').textContent();
  }

  webhooks(codOper: string): Locator {
    return this.page.locator(`li.webhook[data-codoper="${codOper}"]`);
  }
}
