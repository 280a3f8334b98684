import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { createLink, transactionsFor } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;

interface Mail {
  kind: string;
  subject: string;
  body: string;
}

const TEXTS = {
  es: {
    methods: /método de pago/i, method: /Efectivo/, network: /PayCash/, submit: /generar código de pago/i, copy: 'Copiar código', print: 'Imprimir código',
    barcode: 'Código de barras del código de pago', emailed: 'También te lo enviamos a', instructions: 'Instrucciones de pago',
    proof: 'Comprobante de pago', paid: 'Pagado', voucherSubject: 'Tu código de pago en efectivo', deadline: /Vence: \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d \(hora de Panamá\)/,
    where: 'Dónde pagar', statement: 'Aparecerá en tu estado de cuenta', auth: 'Autorización', code: 'Código de pago',
  },
  en: {
    methods: /payment method/i, method: /Cash/, network: /Cash point/, submit: /generate payment code/i, copy: 'Copy code', print: 'Print code',
    barcode: 'Barcode of payment code', emailed: 'We also sent it to', instructions: 'Payment instructions',
    proof: 'Payment receipt', paid: 'Paid', voucherSubject: 'Your cash payment code', deadline: /Expires: \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d:\d\d \(Panama time\)/,
    where: 'Where to pay', statement: 'Will appear on your statement', auth: 'Authorization', code: 'Payment code',
  },
} as const;

// Issue 21 "Cash vouchers", on a 360 px phone: the code grouped for reading with its barcode, copy
// and print; the voucher e-mailed with absolute links, its page showing what a voucher shows, and
// the paid receipt e-mailed too; never "Autorización: PAID".
describe.runIf(browserAvailable())('a cash voucher on a phone: grouped code, barcode, copy, print, e-mailed', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200' }, (started) => ({ sandbox, browser } = started));

  const mailbox = async (to: string): Promise<Mail[]> =>
    ((await (await fetch(`${sandbox.url}/sandbox/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: Mail[] }).messages;

  /** No line of the page wraps inside `text`: it sits on one line box wherever it is. */
  const onOneLine = (page: Page, selector: string) => page.locator(selector).first().evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el.firstChild ?? el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
  });

  it.each(['es', 'en'] as const)('%s: the voucher, its e-mail, its page from the e-mail, and the paid receipt and its e-mail', async (lang) => {
    const T = TEXTS[lang];
    const email = `pagador-${lang}@example.com`;
    const code = await createLink(sandbox, { amount: 20, taxAmount: 1.4, description: `Pedido 88 ${lang}` });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${sandbox.url}/pf/widget?type=lk&code=${code}&lang=${lang}`);
    await vaultFrameOf(page).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    await page.getByRole('radiogroup', { name: T.methods }).getByRole('radio', { name: T.method }).check();
    await page.getByRole('radio', { name: T.network }).check();
    await page.locator('[name="cash-email"]').fill(email);
    await page.locator('[name="cash-phone"]').fill('+507 6123-4567');
    await page.getByRole('button', { name: T.submit }).click();

    // The voucher: the code in three groups of four, its barcode named, copy gives the bare digits.
    const shown = page.locator('.voucher__code');
    await shown.waitFor({ timeout: 20_000 });
    const grouped = ((await shown.textContent()) ?? '').trim();
    expect(grouped).toMatch(/^\d{4} \d{4} \d{4}$/);
    const digits = grouped.replace(/ /g, '');
    const barcode = page.getByRole('img', { name: `${T.barcode} ${grouped}` });
    expect(await barcode.isVisible()).toBe(true);
    expect((await barcode.boundingBox())?.width).toBeGreaterThan(200);
    expect(await onOneLine(page, '.voucher__code')).toBe(true);
    await page.getByRole('button', { name: T.copy }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(digits);
    expect(await page.getByRole('button', { name: T.print }).isVisible()).toBe(true);
    const voucherText = (await page.locator('main').textContent()) ?? '';
    expect(voucherText).toContain(`${T.emailed} ${email}.`);
    expect(voucherText).not.toMatch(new RegExp(`${T.auth}|PAID|PENDING|${T.statement}`));
    // What the phone shows: the voucher from its heading (a full-page shot would draw the sticky header mid-page).
    await page.locator('.voucher h2').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
    await screenshot(page, { path: `${SHOTS}after-cash-voucher-${lang}-360.png` });
    expect(await axeViolations(page)).toEqual([]);

    // The e-mail: the grouped code, the amount, where and until when, an absolute link to its page.
    const [transaction] = await transactionsFor(sandbox, code);
    const codOper = transaction?.codOper ?? '';
    const voucherMail = (await mailbox(email)).find((m) => m.subject.startsWith(T.voucherSubject));
    expect(voucherMail?.body).toContain(grouped);
    expect(voucherMail?.body).toContain('$21.40');
    expect(voucherMail?.body).toMatch(T.deadline);
    const link = /https?:\/\/\S+/.exec(voucherMail?.body ?? '')?.[0];
    expect(link).toBe(`${sandbox.url}/pf/default-receipt/${codOper}`);

    // The e-mailed link on the phone: a voucher still to pay, with its barcode, where and when.
    const mailed = await context.newPage();
    await mailed.goto(`${link ?? ''}?lang=${lang}`);
    await mailed.getByRole('heading', { name: T.instructions }).waitFor({ timeout: 20_000 });
    await mailed.getByRole('img', { name: `${T.barcode} ${grouped}` }).waitFor({ timeout: 10_000 });
    const pageText = (await mailed.locator('main').textContent()) ?? '';
    expect(pageText).toContain(T.where);
    expect(pageText).not.toMatch(new RegExp(`${T.auth}|PENDING|${T.statement}|not description`));
    expect(await onOneLine(mailed, '.receipt__line--token dd')).toBe(true);
    await screenshot(mailed, { path: `${SHOTS}after-receipt-cash-pending-${lang}-360.png`, fullPage: true });
    expect(await axeViolations(mailed)).toEqual([]);

    // Paid at the kiosk: the open voucher becomes the receipt, with the code it was paid with and no authorization.
    const paid = await fetch(`${sandbox.url}/sandbox/cash/${digits}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    await page.getByRole('heading', { name: T.proof }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.receipt__badge').textContent()).toBe(T.paid);
    const receiptText = (await page.locator('main').textContent()) ?? '';
    expect(receiptText).toContain(`${T.code}${grouped}`);
    expect(receiptText).not.toMatch(new RegExp(`${T.auth}|PAID|${T.statement}|not description`));
    expect(await onOneLine(page, '.receipt__line--token dd')).toBe(true);
    await screenshot(page, { path: `${SHOTS}after-receipt-cash-paid-${lang}-360.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // The paid receipt is e-mailed too, its link absolute.
    await expect.poll(async () => (await mailbox(email)).map((m) => m.kind).sort()).toEqual(['receipt', 'voucher']);
    const receiptMail = (await mailbox(email)).find((m) => m.body.includes(grouped) && !m.subject.startsWith(T.voucherSubject));
    expect(/https?:\/\/\S+/.exec(receiptMail?.body ?? '')?.[0]).toBe(`${sandbox.url}/pf/default-receipt/${codOper}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
