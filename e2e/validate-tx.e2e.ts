import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { axeViolations } from './support/axe';
import { adminPost, guestPost } from './support/entries';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { tokenizeTestCard } from '../packages/sandbox/test/testCardVault';

// SPEC 2 /pf/validateTx, SPEC 4 "Transaction validation", SPEC 5 "$1.00 to $3.00", SPEC 8 619.
describe.runIf(browserAvailable())('random-charge validation, end to end', () => {
  let sandbox: Sandbox & { vault?: { url: string } };
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  /** A card payment at the seeded station, with a random charge put on it (docs/sandbox.md). */
  async function validationFor(card: { number: string; type: string }): Promise<{ url: string; charge: number }> {
    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    // The card typed into the sandbox's vault, as the checkout's fields do: the payment carries its token (issue 90).
    const { token } = await tokenizeTestCard({ number: card.number, expYear: `20${nextYear}`, vaultUrl: sandbox.vault?.url });
    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code: 'EST-001', amount: 15, email: 'ana@example.com',
      cardInformation: { cardNumber: token, expMonth: '12', expYear: nextYear, firstName: 'Ana', lastName: 'Pérez', cardType: card.type },
      additionalData: { trackId: `validate-${Math.random()}` },
    });
    const created = await adminPost<{ validateUrl: string }>(sandbox, 'validations', { codOper: paid.codOper });
    const read = await (await fetch(`${sandbox.url}/sandbox/validations/${paid.codOper}`)).json() as { charge: number };
    return { url: new URL(created.validateUrl, sandbox.url).toString(), charge: read.charge };
  }

  const enter = async (page: Page, amount: string) => {
    await page.getByLabel('Monto del cargo').fill(amount);
    await page.getByRole('button', { name: 'Validar' }).click();
  };

  it('the charge off the statement confirms the card', async () => {
    // SPEC 8 possible_duplicated_tx: each test pays with its own card.
    const { url, charge } = await validationFor({ number: '4242424242424242', type: 'VISA' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Monto del cargo').waitFor({ timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    // SPEC 5: outside $1.00-$3.00 is refused in the form.
    await enter(page, '4');
    expect(await page.locator('#field-amount-error').textContent()).toContain('$1.00');
    const wrong = charge >= 2 ? '1.00' : '3.00';
    await enter(page, wrong);
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/intenta de nuevo.*2/s);
    await screenshot(page, { path: 'e2e/artifacts/validate-tx-try-again.png', fullPage: true });
    await enter(page, charge.toFixed(2));
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 10_000 }).toContain('validada');
    expect(await page.getByLabel('Monto del cargo').count()).toBe(0);
    await screenshot(page, { path: 'e2e/artifacts/validate-tx-confirmed.png', fullPage: true });
    await context.close();
  });

  it('three wrong amounts end it; coming back says the payment expired (619)', async () => {
    const { url, charge } = await validationFor({ number: '5555555555554444', type: 'MC' });
    const context = await browser.newContext({ locale: 'es-PA' });
    const page = await context.newPage();
    await page.goto(url);
    const wrong = charge >= 2 ? '1.00' : '3.00';
    for (let i = 0; i < 3; i += 1) {
      await enter(page, wrong);
      if (i < 2) await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain(`Intentos restantes: ${2 - i}`);
    }
    await expect.poll(() => page.getByLabel('Monto del cargo').count(), { timeout: 10_000 }).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 20_000 }).toMatch(/expir/i);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: 'e2e/artifacts/validate-tx-expired.png', fullPage: true });
    await context.close();
  });

  it('an operation with no validation says there is nothing to validate', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/validateTx?code=PP0000000000XX`);
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toMatch(/nothing to validate/);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Validate your card');
    await context.close();
  });
});
