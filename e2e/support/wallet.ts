import type { Page } from 'playwright-core';
import type { FrameLocator } from 'playwright-core';

/** A page or the checkout's frame. */
export type Scope = Pick<FrameLocator, 'getByLabel' | 'getByRole' | 'getByText' | 'locator'>;

/** The seeded wallet user (packages/sandbox/src/db/seed.ts): $100.00 and a saved Visa 4242. */
export const DEMO_USER = { login: 'demo', password: 'Demo#2026pass' } as const;

/** The wallet's forms, by their labels (PRODUCT.md "Wallet screens"). */
export class WalletScreens {
  constructor(readonly scope: Scope) {}

  async logIn(login: string, password: string): Promise<void> {
    await this.scope.getByLabel(/usuario o correo|username or e-mail/i).fill(login);
    await this.scope.getByLabel(/^contraseña$|^password$/i).fill(password);
    await this.scope.getByRole('button', { name: /iniciar sesión|log in/i }).click();
  }
}

/** Where a page's current address is, path and query. */
export function addressOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** The newest 6-digit code the sandbox mailed to `to` (docs/sandbox.md "mailbox"). */
export async function mailedCode(baseUrl: string, to: string): Promise<string> {
  const res = await fetch(`${baseUrl}/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: Array<{ body: string }> };
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
