import { describe, expect, it } from 'vitest';
import { formatPanamaDate } from '@pasarela/core';
import type { Browser } from 'playwright-core';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { transactionsFor } from './support/admin';
import { openShopCheckout } from './support/pages';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

// The same flows on each database the sandbox supports: PGlite always, PostgreSQL when the CI
// (or a developer) provides one in TEST_DATABASE_URL.
const databases: Array<[string, Record<string, string>]> = [['PGlite', {}]];
if (process.env.TEST_DATABASE_URL) databases.push(['PostgreSQL', { DATABASE_URL: process.env.TEST_DATABASE_URL }]);

describe.runIf(browserAvailable()).each(databases)('card payment from a merchant page, end to end, on %s', (_name, env) => {
  let sandbox: Sandbox;
  let browser: Browser;
  // The payer's whole browser (browser.ts), as checks from outside the project use.
  withSandboxAndBrowser(env, (started) => ({ sandbox, browser } = started), 'full');

  const openCheckout = () => openShopCheckout(browser, sandbox.demoUrl);

  it('pays with 4242 4242 4242 4242: receipt in the checkout, success on the shop, transaction recorded, nothing red in the console', async () => {
    const { context, page, shop, checkout, codes, errors, consoleErrors } = await openCheckout();
    await checkout.fillCard({ number: '4242 4242 4242 4242' });
    const paidFrom = formatPanamaDate(Date.now());
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    // Dated today in Panama, day first (SPEC "Receipt: date"), whatever the day of the month.
    const dated = await checkout.frame.locator('.receipt__line', { has: checkout.frame.locator('dt', { hasText: /^Fecha$/ }) }).locator('dd').textContent();
    expect([paidFrom, formatPanamaDate(Date.now())]).toContain(dated?.split(' ')[0]);
    expect(dated).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} \(UTC-5\)$/);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');
    await screenshot(page, { path: 'e2e/artifacts/card-approved.png' });

    expect(codes).toHaveLength(1);
    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ method: 'card' });
    expect(await shop.result.textContent()).toContain(transactions[0]?.codOper ?? 'missing');
    // The shop's panel says it in words, each field labelled: the amount as money, the card's brand.
    const attempt = shop.result.locator('.attempt').first();
    expect(await attempt.locator('strong').textContent()).toBe('Pago aprobado');
    const fields = Object.fromEntries(await attempt.locator('dt').evaluateAll((names) => names.map((name) => [name.textContent, name.nextElementSibling?.textContent])));
    expect(fields).toMatchObject({ Importe: await page.locator('#total').textContent(), Tarjeta: 'Visa', Operación: transactions[0]?.codOper });
    expect(fields['Fecha']).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} hora de Panamá$/);
    expect(await attempt.textContent()).not.toMatch(/TotalPagado|Oper:|VISA/);
    // The event itself, as the page received it, is there to read (a <details>): as text, never as HTML.
    const raw = page.locator('#raw-event');
    expect(await raw.locator('summary').textContent()).toBe('El evento result tal como llega (JSON)');
    expect(JSON.parse((await raw.locator('pre').textContent()) ?? '')).toMatchObject({ status: 'success', method: 'card', notification: { Oper: transactions[0]?.codOper, Tipo: 'VISA', Estado: 'APPROVED' } });
    expect(await raw.locator('pre *').count()).toBe(0);
    expect(errors).toEqual([]);
    // A merchant's developer opening the devtools sees no error: "nothing pending" on the link is an
    // answer, not a 404 (docs/spec-decisions.md).
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('declines 4000 0000 0000 0002 with a message, then the payer retries with a good card and succeeds', async () => {
    const { context, shop, checkout, codes } = await openCheckout();
    await checkout.fillCard({ number: '4000 0000 0000 0002' });
    await checkout.submit();
    await expect.poll(() => checkout.alert.isVisible(), { timeout: 15_000 }).toBe(true);
    expect((await checkout.alert.textContent())?.trim().length).toBeGreaterThan(0);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('error');

    await checkout.field('cardnumber').fill('4111 1111 1111 1111');
    await checkout.field('cvc').fill('321');
    await checkout.submit();
    await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => shop.result.getAttribute('data-status'), { timeout: 10_000 }).toBe('success');

    const transactions = await transactionsFor(sandbox, codes[0] ?? '');
    expect(transactions.map((t) => t.method)).toEqual(['card', 'card']);
    await context.close();
  });
});
