import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { denyStorage } from './support/storage';
import { addressOf, DEMO_USER, WalletScreens } from './support/wallet';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// docs/wallet.md "What is remembered per merchant site": where the browser denies the checkout's
// frame its storage (third-party storage blocked), the login lives in memory for the life of the
// page instead of failing; the payer logs in again on the next visit.

/** A browser where every page's localStorage and sessionStorage throw, as a blocked third-party frame's do. */
async function storageDenied(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: 'es-PA' });
  await denyStorage(context);
  return context;
}

describe.runIf(browserAvailable())('the wallet in a frame denied storage', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  it('logs in and shows the wallet from memory, then asks again after a reload (nothing was stored)', async () => {
    const context = await storageDenied(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sandbox.url}/pf/widget/home?lang=es`);
    expect(await page.evaluate(() => { try { return typeof localStorage; } catch { return 'denied'; } })).toBe('denied');
    await new WalletScreens(page).logIn(DEMO_USER.login, DEMO_USER.password);
    await page.getByRole('heading', { name: /mi billetera/i }).waitFor();
    await expect.poll(() => page.getByText('$100.00').isVisible()).toBe(true);
    await page.reload();
    await page.getByLabel(/usuario o correo/i).waitFor();
    expect(addressOf(page)).toContain('/pf/widget/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('with storage allowed, the same login survives the reload (what the denied frame loses)', async () => {
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/widget/home?lang=es`);
    await new WalletScreens(page).logIn(DEMO_USER.login, DEMO_USER.password);
    await page.getByRole('heading', { name: /mi billetera/i }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: /mi billetera/i }).waitFor();
    await context.close();
  });
});
