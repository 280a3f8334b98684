import { chromium } from 'playwright-core';
import { startSandbox } from './sandbox-process.mjs';
const sandbox = await startSandbox({ SPLASH_MS: '3000' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const lang of ['es', 'en']) {
  const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${sandbox.demoUrl}/`);
  await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
  await page.locator('#pay-button').click();
  const frame = page.frameLocator('iframe[src*="/pf/widget"]');
  await frame.locator('[name="cardnumber"]').fill('4000 0000 0000 3220');
  await frame.locator('[name="expirationDate"]').fill('12/30');
  await frame.locator('[name="cvc"]').fill('123');
  await frame.locator('[name="name"]').fill('María José Núñez');
  await frame.locator('[name="email"]').fill('maria.nunez@example.com');
  await frame.locator('[name="phone"]').fill('+507 6123-4567');
  await frame.getByRole('checkbox', { name: lang === 'es' ? 'No soy un robot' : "I'm not a robot" }).check();
  await frame.getByText(lang === 'es' ? 'Verificado' : 'Verified', { exact: true }).waitFor({ timeout: 10_000 });
  await frame.locator('#method-panel-card button[type="submit"]').click();
  await frame.locator('button.fail').waitFor({ timeout: 20_000 });
  // The widget's script held back: what the page alone shows.
  await context.route(/\/widget\/assets\/(main|boot)-[\w-]+\.js/, (route) => route.abort());
  await frame.locator('button.fail').click();
  await frame.locator('#card-decline').waitFor({ timeout: 20_000 });
  await page.waitForTimeout(1500);
  console.log(lang, await frame.locator('[name="cardnumber"]').inputValue(), await frame.locator('[name="name"]').inputValue(), JSON.stringify(await frame.locator('#root').getAttribute('data-prerendered')));
  await page.screenshot({ path: `/tmp/shots/refused-before-script-${lang}.png` });
  await context.close();
}
await browser.close();
await sandbox.stop();
