import { describe, expect, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { browserAvailable } from './support/browser';
import { guestPost } from './support/entries';
import { checkoutFrameOf } from './support/frames';
import { withSandboxAndBrowser } from './support/suite';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';
import { vaultFrameOf } from './support/pages';
import { tokenizeTestCard } from '../packages/sandbox/test/testCardVault';
import { cardPayloadOf } from '../packages/sandbox/test/testApp';

const SHOTS = new URL('./artifacts/', import.meta.url).pathname;
const PHONE = { width: 360, height: 740 };
/** Issue 47: on a link without a donation, Pay within the first 1,000 px of a 360x740 phone. */
const PAY_WITHIN_PX = 1000;

type Lang = 'es' | 'en';
const TEXT = {
  es: {
    verification: 'Verificación', robot: 'No soy un robot', verified: 'Verificado', nequiSend: /enviar notificación/i,
    // The checkout's countdown or the server's 619 (SPEC 4 payment_expired), whichever ends the wait first.
    nequiTimeOver: ['El tiempo para aceptar el pago en Nequi terminó.', 'El tiempo para pagar ha expirado'],
    voucherTitle: /código de pago/i, otherMethod: 'Pagar con otro método',
    voucherNote: 'Elegir otro método no anula este código todavía. Si pagas este pedido de otra forma, no lo pagues en la caja.',
    nothing: (code: string) => `No hay ninguna validación de tarjeta con el código ${code}: no hicimos ningún cargo de validación con él. Revisa el enlace que te envió el comercio o pídele uno nuevo.`,
    chargeClaim: /Hicimos un cargo/, invalidCode: /no es válido/,
  },
  en: {
    verification: 'Verification', robot: "I'm not a robot", verified: 'Verified', nequiSend: /send notification/i,
    nequiTimeOver: ['The time to accept the payment in Nequi is over.', 'The time to pay has expired'],
    voucherTitle: /payment code/i, otherMethod: 'Pay with another method',
    voucherNote: "Choosing another method does not cancel this code yet. If you pay this order another way, don't pay it at the till.",
    nothing: (code: string) => `There is no card validation with the code ${code}: we made no validation charge with it. Check the link the merchant sent you, or ask them for a new one.`,
    chargeClaim: /We made a random charge/, invalidCode: /not valid/,
  },
} as const;

/** Top and bottom of each element in the checkout document (page pixels from its top); null when absent or hidden. */
function placesOf(selectors: Record<string, string>): Record<string, { top: number; bottom: number } | null> {
  const out: Record<string, { top: number; bottom: number } | null> = {};
  for (const [name, selector] of Object.entries(selectors)) {
    const el = document.querySelector(selector);
    const rect = el?.getBoundingClientRect();
    out[name] = el && rect && rect.height > 0 ? { top: Math.round(rect.top + scrollY), bottom: Math.round(rect.bottom + scrollY) } : null;
  }
  return out;
}

// Issue 47's payer details, on a 360 px phone in Spanish and English: where the captcha sits and when
// it leaves, the focus on open, Pay in reach, Nequi's time-out, the voucher's "another method" and
// the random-charge page for a payment that has none.
describe.runIf(browserAvailable())('the checkout on a phone: captcha, focus, Pay, and what the texts say', () => {
  let sandbox: Sandbox & { vault?: { url: string } };
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '200', NEQUI_WAIT_MS: '5000' }, (started) => ({ sandbox, browser } = started));

  /** A merchant of its own (no campaign, so no donation) and one of its links. */
  async function linkWithoutDonation(amount: number): Promise<string> {
    const merchant = (await (await fetch(`${sandbox.url}/sandbox/merchants`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `Tienda ${amount}` }),
    })).json()) as { idMerchant: number };
    const res = await fetch(`${sandbox.url}/sandbox/links`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount, taxAmount: 1.5, description: 'Entradas de cine', merchantId: merchant.idMerchant }),
    });
    return ((await res.json()) as { code: string }).code;
  }

  async function openOnShop(lang: Lang, code: string): Promise<{ page: Page; frame: FrameLocator }> {
    const context = await browser.newContext({ viewport: PHONE, locale: lang === 'es' ? 'es-PA' : 'en-US' });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(({ code, lang }) => (window as unknown as { Checkout: { open(o: object): void } }).Checkout.open({ code, lang }), { code, lang });
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    await vaultFrameOf(frame).locator('[name="cardnumber"]').waitFor({ timeout: 20_000 });
    return { page, frame };
  }

  async function verify(frame: FrameLocator, lang: Lang) {
    const box = frame.getByRole('group', { name: TEXT[lang].verification });
    await box.getByRole('checkbox', { name: TEXT[lang].robot }).check();
    await box.getByText(TEXT[lang].verified, { exact: true }).waitFor({ timeout: 10_000 });
  }

  const where = async (page: Page, selectors: Record<string, string>) => (await checkoutFrameOf(page)).evaluate(placesOf, selectors);

  it.each(['es', 'en'] as const)('%s: focus on the card number, Pay within 1,000 px and still in view down the form, the captcha below the form', async (lang) => {
    const { page, frame } = await openOnShop(lang, await linkWithoutDonation(lang === 'es' ? 31.5 : 32.5));
    const inFrame = await checkoutFrameOf(page);
    // The card number is the vault's field: the checkout's focus is on the vault's frame, the frame's on the number.
    await expect.poll(() => inFrame.evaluate(() => document.activeElement?.className), { timeout: 10_000 }).toBe('vault-fields');
    const vaultDoc = inFrame.childFrames().find((child) => new URL(child.url()).pathname === '/fields');
    await expect.poll(() => vaultDoc?.evaluate(() => document.hasFocus() && document.activeElement?.getAttribute('name')), { timeout: 10_000 }).toBe('cardnumber');
    // Typing goes straight into the focused field.
    await page.keyboard.type('4242');
    expect(await vaultFrameOf(frame).locator('[name="cardnumber"]').inputValue()).toBe('4242');
    await frame.getByRole('group', { name: TEXT[lang].verification }).waitFor({ timeout: 15_000 });
    const at = await where(page, {
      methods: '[role="radiogroup"]', form: '#method-panel-card form', pay: '#method-panel-card button[type="submit"]', captcha: 'fieldset.security',
    });
    console.log(`card form ${lang} at 360x740: ${JSON.stringify(at)}`);
    expect(at.pay?.top).toBeLessThanOrEqual(PAY_WITHIN_PX);
    // Seen: Pay is on the first screen, and stays there while the payer goes down the fields.
    const payBox = await frame.locator('#method-panel-card button[type="submit"]').boundingBox();
    expect((payBox?.y ?? 999) + (payBox?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    // Below the method's form, not between the tiles and the form.
    expect(at.captcha?.top).toBeGreaterThanOrEqual(at.form?.bottom ?? Infinity);
    await screenshot(page, { path: `${SHOTS}details-open-${lang}-360.png` });
    await frame.locator('[name="name"]').focus();
    const nameBox = await frame.locator('[name="name"]').boundingBox();
    const payAtName = await frame.locator('#method-panel-card button[type="submit"]').boundingBox();
    expect((payAtName?.y ?? 999) + (payAtName?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    // The focused field is not under the Pay bar.
    expect((nameBox?.y ?? 999) + (nameBox?.height ?? 0)).toBeLessThanOrEqual(payAtName?.y ?? 0);
    await screenshot(page, { path: `${SHOTS}details-pay-bar-${lang}-360.png` });
    expect(await axeViolations(inFrame)).toEqual([]);
    await page.context().close();
  });

  it.each(['es', 'en'] as const)('%s: Nequi: the captcha below its form, gone during the wait; the time-out in the payer\'s language', async (lang) => {
    const { page, frame } = await openOnShop(lang, await linkWithoutDonation(lang === 'es' ? 33.5 : 34.5));
    await frame.getByRole('radiogroup').getByRole('radio', { name: /Nequi/ }).check();
    await frame.locator('[name="nequi-phone"]').waitFor({ timeout: 15_000 });
    await frame.getByRole('group', { name: TEXT[lang].verification }).waitFor({ timeout: 15_000 });
    const at = await where(page, { methods: '[role="radiogroup"]', form: '#method-panel-nequi', captcha: 'fieldset.security' });
    expect(at.captcha?.top).toBeGreaterThanOrEqual(at.form?.bottom ?? Infinity);
    await verify(frame, lang);
    await frame.locator('[name="nequi-phone"]').fill('63333333');
    await frame.getByRole('button', { name: TEXT[lang].nequiSend }).click();
    await frame.getByRole('timer').waitFor({ timeout: 15_000 });
    expect(await frame.getByRole('group', { name: TEXT[lang].verification }).isVisible()).toBe(false);
    await screenshot(page, { path: `${SHOTS}details-nequi-wait-${lang}-360.png` });
    const alert = frame.getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 30_000 }).toBeOneOf([...TEXT[lang].nequiTimeOver]);
    // The payment is over: the captcha is back below the form for the next try.
    await expect.poll(() => frame.getByRole('group', { name: TEXT[lang].verification }).isVisible()).toBe(true);
    await screenshot(page, { path: `${SHOTS}details-nequi-time-over-${lang}-360.png` });
    await page.context().close();
  });

  it.each(['es', 'en'] as const)('%s: a cash voucher: no captcha over it; "another method" says the voucher still works, and it does', async (lang) => {
    const { page, frame } = await openOnShop(lang, await linkWithoutDonation(lang === 'es' ? 35.5 : 36.5));
    await frame.getByRole('radiogroup').getByRole('radio', { name: /Efectivo|Cash/ }).check();
    await frame.locator('[name="cash-email"]').waitFor({ timeout: 15_000 });
    await verify(frame, lang);
    await frame.locator('[name="cash-email"]').fill('maria@example.com');
    await frame.locator('[name="cash-phone"]').fill('+507 6123-4567');
    await frame.locator('#method-panel-cash form button[type="submit"]').click();
    const number = frame.getByText(/^\d{4} \d{4} \d{4}$/);
    await number.waitFor({ timeout: 15_000 });
    expect(await frame.getByRole('group', { name: TEXT[lang].verification }).isVisible()).toBe(false);
    const other = frame.getByRole('button', { name: TEXT[lang].otherMethod });
    // The note is the button's description, and it is on screen with it.
    expect(await other.getAttribute('aria-describedby')).toBe('cash-other-method-note');
    expect(await frame.locator('#cash-other-method-note').textContent()).toBe(TEXT[lang].voucherNote);
    await frame.locator('#cash-other-method-note').scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}details-voucher-${lang}-360.png` });
    expect(await axeViolations(await checkoutFrameOf(page))).toEqual([]);
    // What the note says: leaving the voucher does not cancel it; the kiosk still takes it.
    const reference = ((await number.textContent()) ?? '').replace(/\s/g, '');
    await other.click();
    await frame.locator('[name="cash-email"]').waitFor({ timeout: 10_000 });
    const paid = await fetch(`${sandbox.url}/sandbox/cash/${reference}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    await page.context().close();
  });

  it.each(['es', 'en'] as const)('%s: validateTx for a payment without a random charge says there is no card validation with its code', async (lang) => {
    // The server takes the card vault's token only (SPEC 3): the card typed at the sandbox's vault first.
    // SPEC 8 possible_duplicated_tx: each payment with its own card.
    const card = await tokenizeTestCard({ number: lang === 'es' ? '4242424242424242' : '5555555555554444', vaultUrl: sandbox.vault?.url });
    const paid = await guestPost<{ codOper: string }>(sandbox, 'cards/auth-capture', {
      ...cardPayloadOf('EST-001', card, { amount: 15, taxAmount: 0, trackId: `nothing-${Math.random()}` }),
      email: 'ana@example.com',
    });
    const context = await browser.newContext({ viewport: PHONE, locale: lang === 'es' ? 'es-PA' : 'en-US' });
    const page = await context.newPage();
    await page.goto(`${sandbox.url}/pf/validateTx?code=${paid.codOper}&lang=${lang}`);
    const status = page.getByRole('status');
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe(TEXT[lang].nothing(paid.codOper));
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(TEXT[lang].chargeClaim);
    expect(text).not.toMatch(TEXT[lang].invalidCode);
    expect(await page.locator('[name="amount"]').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, { path: `${SHOTS}details-validate-nothing-${lang}-360.png` });
    await context.close();
  });
});
