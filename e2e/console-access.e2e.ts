import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { ConsolePage } from './support/consolePage';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// "Only the right party can act": with SANDBOX_ADMIN_TOKEN set, the console shows nothing until it
// has the token (from its address's fragment or its form), and keeps it for the tab only.
const ADMIN_TOKEN = 'console-e2e-token-0123456789abcdef';

describe.runIf(browserAvailable())('sandbox console behind the admin token', () => {
  let sandbox: Sandbox;
  let browser: Browser;

  withSandboxAndBrowser({ SPLASH_MS: '0', SANDBOX_ADMIN_TOKEN: ADMIN_TOKEN }, (started) => ({ sandbox, browser } = started));

  it('asks for the token, refuses a wrong one, and opens with the right one (live socket included)', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const ui = new ConsolePage(page, sandbox.url);
    await ui.open('es');
    await page.getByRole('heading', { name: /token de administración/i }).waitFor();
    // Nothing of the sandbox's data is shown without it.
    expect(await ui.tab(/transacciones/i).count()).toBe(0);

    await page.getByLabel(/^token$/i).fill('not-the-token');
    await page.getByRole('button', { name: /entrar/i }).click();
    await page.getByRole('alert').filter({ hasText: /no aceptó ese token/i }).waitFor();

    await page.getByLabel(/^token$/i).fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: /entrar/i }).click();
    await ui.tab(/transacciones/i).waitFor();
    await page.getByText(/en vivo: los cambios llegan solos/i).waitFor({ timeout: 10_000 });
    // Kept for this tab: a reload opens the console at once.
    await page.reload();
    await ui.tab(/transacciones/i).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pasarela-console-token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes the token from the address fragment the banner prints, and wipes it from the address bar', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/sandbox/console?lang=es#token=${ADMIN_TOKEN}`);
    const ui = new ConsolePage(page, sandbox.url);
    await ui.tab(/transacciones/i).waitFor();
    await page.getByText(/en vivo: los cambios llegan solos/i).waitFor({ timeout: 10_000 });
    expect(page.url()).not.toContain(ADMIN_TOKEN);
    await context.close();
  });

  it('the admin API refuses the console\'s calls made without the token', async () => {
    const res = await fetch(`${sandbox.url}/sandbox/transactions/recent`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'admin_token_required' });
    const ok = await fetch(`${sandbox.url}/sandbox/transactions/recent`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(ok.status).toBe(200);
  });
});
