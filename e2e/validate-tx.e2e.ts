import { describe, expect, it } from 'vitest';
import { readEnvelopeData, type Envelope } from '@pasarela/core';
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

  const enter = async (page: Page, amount: string, words = { label: 'Monto del cargo', button: 'Validar' }) => {
    await page.getByLabel(words.label).fill(amount);
    await page.getByRole('button', { name: words.button }).click();
  };

  /** The focused element's text: the end of a validation is read by taking the focus. */
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

  it('the charge off the statement confirms the card', async () => {
    // SPEC 8 possible_duplicated_tx: each test pays with its own card.
    const { url, charge } = await validationFor({ number: '4242424242424242', type: 'VISA' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Monto del cargo').waitFor({ timeout: 20_000 });
    // The page is heard from its heading, not from the body.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await axeViolations(page)).toEqual([]);
    // SPEC 5: outside $1.00-$3.00 is refused in the form.
    await enter(page, '4');
    expect(await page.locator('#field-amount-error').textContent()).toContain('$1.00');
    const wrong = charge >= 2 ? '1.00' : '3.00';
    await enter(page, wrong);
    await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toMatch(/intenta de nuevo.*2/s);
    await screenshot(page, { path: 'e2e/artifacts/validate-tx-try-again.png', fullPage: true });
    await enter(page, charge.toFixed(2));
    await expect.poll(() => focusedText(page), { timeout: 10_000 }).toContain('validada');
    expect(await page.getByLabel('Monto del cargo').count()).toBe(0);
    await screenshot(page, { path: 'e2e/artifacts/validate-tx-confirmed.png', fullPage: true });
    await context.close();
  });

  it('three wrong amounts cancel it and say so, once, with the focus on it; coming back says the same, not that time ran out', async () => {
    const { url, charge } = await validationFor({ number: '5555555555554444', type: 'MC' });
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(url);
    const words = { label: 'Charge amount', button: 'Validate' };
    await page.getByLabel(words.label).waitFor({ timeout: 20_000 });
    const wrong = charge >= 2 ? '1.01' : '2.99';
    for (let i = 0; i < 2; i += 1) {
      await enter(page, wrong, words);
      await expect.poll(() => page.getByRole('alert').textContent(), { timeout: 10_000 }).toContain(`Tries left: ${2 - i}`);
    }
    await enter(page, wrong, words);
    // docs/pages.md "the third wrong amount ends it": it says the validation was canceled, not to try again.
    const canceled = /canceled the validation after three wrong amounts/;
    await expect.poll(() => focusedText(page), { timeout: 10_000 }).toMatch(canceled);
    expect(await page.getByLabel(words.label).count()).toBe(0);
    expect(await page.getByText(/try again, /).count()).toBe(0);
    // Read once, by the focus: no live region says it a second time.
    expect(await page.getByRole('alert').count()).toBe(0);
    await screenshot(page, { path: 'e2e/artifacts/validate-tx-canceled.png', fullPage: true });

    await page.reload();
    await expect.poll(() => focusedText(page), { timeout: 20_000 }).toMatch(canceled);
    expect(await page.locator('main').textContent()).not.toMatch(/expired/i);
    expect(await axeViolations(page)).toEqual([]);
    // A later check says the same: canceled (410), never SPEC 8's 619 while its 24 hours run.
    const codOper = new URL(url).searchParams.get('code') ?? '';
    const late = await fetch(`${sandbox.url}/api/v1/transactions/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-api-key': 'pk_sandbox_pasarela_guest' },
      body: JSON.stringify({ option: 'TRANSACTION', action: 'VALID', code: `${codOper}|${charge.toFixed(2)}` }),
    });
    expect(late.status).toBe(410);
    const envelope = (await late.json()) as Envelope;
    expect(readEnvelopeData(envelope, envelope.data.startsWith('{') === false)).toMatchObject({ code: 'Validation Canceled', message: expect.stringMatching(canceled) });
    await context.close();
  });

  it('a code that names no validation says there is none with it, with the focus on the page\'s heading', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/validateTx?code=PP0000000000XX`);
    await expect.poll(() => page.getByRole('status').textContent(), { timeout: 20_000 }).toBe(
      'There is no card validation with the code PP0000000000XX: we made no validation charge with it. Check the link the merchant sent you, or ask them for a new one.',
    );
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Validate your card');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    await context.close();
  });
});
