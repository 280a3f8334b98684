import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { openShopCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';

// PRODUCT.md "Deterministic sandbox test inputs": every card outcome, as a payer meets it.
describe.runIf(browserAvailable())('card outcomes in the embedded checkout', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '300' }, (started) => ({ sandbox, browser } = started));

  // First: a failed challenge charged nothing, so the approved one below is no duplicate of it
  // (SPEC 8: the same card and amount within 5 minutes, on any link, is possible_duplicated_tx).
  it('3DS failed: back on the form with a decline message, and the shop gets an error result', async () => {
    const { context, shop, checkout } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.fillCard({ number: '4000 0000 0000 3220', cvc: '456' });
    await checkout.submit();
    const fail = checkout.frame.getByRole('button', { name: /fallar|fail/i });
    await fail.waitFor({ timeout: 15_000 });
    await fail.click();
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    await checkout.waitForForm();
    await context.close();
  });

  it('3DS 4000 0000 0000 3220: the challenge page approves, the receipt shows and the shop gets success', async () => {
    const { context, shop, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.fillCard({ number: '4000 0000 0000 3220' });
    await checkout.submit();
    const approve = checkout.frame.getByRole('button', { name: /aprobar|approve/i });
    await approve.waitFor({ timeout: 15_000 });
    await approve.click();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    // The checkout came back as a new page and says `ready` again (docs/events.md): the shop's status
    // line, a live region, keeps "paid" and never goes back to "open".
    const state = shop.page.locator('#checkout-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('paid');
    await shop.page.waitForTimeout(2_000);
    expect([await state.getAttribute('data-state'), await state.textContent()]).toEqual(['paid', expect.stringMatching(/^Pago aprobado/)]);
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions).toHaveLength(1);
    await context.close();
  });

  it.each([
    ['4000 0000 0000 9995', /fondos insuficientes/i],
    ['4000 0000 0000 0069', /vencida|expirada/i],
    ['4000 0000 0000 0127', /cvc|código de seguridad/i],
  ])('declines %s and says why (%s)', async (number, reason) => {
    const { context, shop, checkout } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.fillCard({ number });
    await checkout.submit();
    await expect.poll(() => checkout.alert.textContent(), { timeout: 15_000 }).toMatch(reason);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');
    expect(await checkout.field('cvc').inputValue()).toBe('');
    await context.close();
  });

  it('processing error 4000 0000 0000 0119: the payer is told to retry and the retry with another card succeeds', async () => {
    const { context, shop, checkout, codes } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.fillCard({ number: '4000 0000 0000 0119' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 15_000 }).toBe(true);
    await checkout.field('cardnumber').fill('5555 5555 5555 4444');
    await checkout.field('cvc').fill('123');
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions.filter((t) => t.status === 1 || t.status === '1')).toHaveLength(1);
    await context.close();
  });

  it('pending 4000 0000 0000 0259: a pending receipt, reported to the shop as success (SPEC 4: PENDING notifies success)', async () => {
    const { context, shop, checkout } = await openShopCheckout(browser, sandbox.demoUrl);
    await checkout.fillCard({ number: '4000 0000 0000 0259' });
    await checkout.submit();
    await expect.poll(() => checkout.frame.getByText(/pendiente/i).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    expect(await shop.result.textContent()).toMatch(/pendiente|PENDING/i);
    // the demo shop follows the README: a pending payment is not called paid
    const state = shop.page.locator('#checkout-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 10_000 }).toBe('pending');
    expect(await state.textContent()).toMatch(/^Pago pendiente/);
    expect(await state.textContent()).not.toMatch(/aprobado/i);
    await context.close();
  });
});
