import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { adminPost, guestPost } from './support/entries';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

const CARDS = { approved: '4242424242424242', declined: '4000000000000002', pending: '4000000000000259' } as const;

const EXPECTED = {
  approved: {
    es: { title: 'Comprobante de pago', badge: 'Aprobado', statement: true },
    en: { title: 'Payment receipt', badge: 'Approved', statement: true },
  },
  declined: {
    es: { title: 'Pago rechazado', badge: 'Rechazado', statement: false },
    en: { title: 'Payment declined', badge: 'Declined', statement: false },
  },
  pending: {
    es: { title: 'Pago pendiente', badge: 'Pendiente', statement: true },
    en: { title: 'Payment pending', badge: 'Pending', statement: true },
  },
} as const;
const STATEMENT = { es: 'Aparecerá en tu estado de cuenta como', en: 'Will appear on your statement as' } as const;
const AUTHORIZATION = { es: 'Autorización', en: 'Authorization' } as const;
const REFERENCE = { es: 'Referencia', en: 'Reference' } as const;
const INSTRUCTIONS = { es: 'Instrucciones de pago', en: 'Payment instructions' } as const;

// Issue 21 "Receipts read like receipts", on a 360 px phone in Spanish and English: no English
// status word as an authorization, no debug-looking field (the wire default "not description", a
// reference repeating the operation), the operation number on one line, "Aparecerá en tu estado de
// cuenta" only for a card that was charged, a pending card titled "Pago pendiente".
describe.runIf(browserAvailable())('card receipts on a phone read like receipts', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  let amount = 11;
  /** A card payment through the API, as the widget makes it (no concept: the wire default). */
  async function cardPayment(cardNumber: string): Promise<string> {
    amount += 1;
    const link = await adminPost<{ code: string }>(sandbox, 'links', { amount, taxAmount: 0.84, description: 'Entradas de cine' });
    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      cclw: 'TIENDADEMO', code: link.code, amount, taxAmount: 0.84, email: 'rosa@example.com',
      cardInformation: { cardNumber, expMonth: '12', expYear: nextYear, cvv: '123', firstName: 'Rosa', lastName: 'Díaz', cardType: 'VISA' },
      additionalData: { trackId: `receipts-${Math.random()}` },
    });
    return paid.codOper;
  }

  /** The operation number sits on one line box, inside the 360 px screen. */
  const operationOnOneLine = (page: Page) => page.locator('.receipt__line--token dd').first().evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return { lines: tops.size, right: el.getBoundingClientRect().right, text: el.textContent };
  });

  const cases = (['approved', 'declined', 'pending'] as const).flatMap((outcome) => (['es', 'en'] as const).map((lang) => [outcome, lang] as const));
  it.each(cases)('%s card, %s', async (outcome, lang) => {
    const codOper = await cardPayment(CARDS[outcome]);
    const expected = EXPECTED[outcome][lang];
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/default-receipt/${codOper}?lang=${lang}`);
    await page.getByRole('heading', { name: expected.title, exact: true }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.receipt__badge').textContent()).toBe(expected.badge);
    const text = (await page.locator('main').textContent()) ?? '';
    // No status word in capitals (APPROVED, DECLINED, PENDING), no authorization line without a code.
    expect(text).not.toMatch(/APPROVED|DECLINED|PENDING/);
    expect(text).not.toContain(AUTHORIZATION[lang]);
    expect(text).not.toContain(INSTRUCTIONS[lang]);
    // No debug-looking fields: SPEC 5's wire default concept, a reference that repeats the operation.
    expect(text).not.toContain('not description');
    expect(text).toContain('Entradas de cine');
    expect(text).not.toContain(REFERENCE[lang]);
    expect(text.split(codOper)).toHaveLength(2);
    expect(text.includes(STATEMENT[lang])).toBe(expected.statement);
    expect(await operationOnOneLine(page)).toEqual({ lines: 1, right: expect.any(Number), text: codOper });
    expect((await operationOnOneLine(page)).right).toBeLessThanOrEqual(360);
    await screenshot(page, { path: `${SHOTS}after-receipt-card-${outcome}-${lang}-360.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
