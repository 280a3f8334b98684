import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { checkoutFrameOf } from './support/frames';
import { withSandboxAndBrowser } from './support/suite';
import { DEMO_USER } from './support/wallet';
import { saveArtifact } from './support/artifacts';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { vaultFrameOf } from './support/pages';

// Issue 96: a payer with a keyboard alone (no pointer), with the live regions as a screen reader's
// stand-in. After every step the text of the live regions and the focused element are recorded:
// no "required" before an attempt, no error on a load that worked, the focus never on the body, and
// a status while a payment is on its way.

type Lang = 'es' | 'en';
interface Step {
  step: string;
  focus: string;
  live: string;
}

const TEXT = {
  es: { required: 'Campo requerido', processing: 'Procesando el pago', receipt: /comprobante de pago/i, error: /Error al cargar|Ocurrió un error/ },
  en: { required: 'Required field', processing: 'Processing the payment', receipt: /payment receipt/i, error: /Error loading|An error occurred/ },
} as const;
const INVALID_CARD = { es: 'Tarjeta inválida', en: 'Invalid card' } as const;

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/** The focused element and the live regions' words of one document. */
function seenIn(frame: Frame): Promise<{ focus: string; live: string }> {
  return frame.evaluate(() => {
    const el = document.activeElement;
    // Gone from the frame to the shop's page: the modal's loop let it out.
    const focus = !document.hasFocus()
      ? 'OUTSIDE'
      : !el || el === document.body
      ? 'BODY'
      : `${el.tagName.toLowerCase()}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    const live = [...document.querySelectorAll('[role="status"],[role="alert"],[aria-live]')]
      .filter((n) => !n.closest('[hidden]') && n.getAttribute('aria-live') !== 'off')
      .map((n) => (n.textContent ?? '').trim())
      .filter((s) => s !== '')
      .join(' | ');
    return { focus, live };
  });
}

/**
 * What a screen reader would have at hand: the focused element, and the live regions' words, in the
 * checkout and in the card vault's fields framed in it (focus on that frame is focus on its field).
 */
async function observe(frame: Frame, step: string): Promise<Step> {
  const checkout = await seenIn(frame);
  const fields = frame.childFrames().find((child) => new URL(child.url()).pathname === '/fields');
  const vault = fields ? await seenIn(fields).catch(() => null) : null;
  const focus = checkout.focus.startsWith('iframe') && vault ? `vault ${vault.focus}` : checkout.focus;
  return { step, focus, live: [checkout.live, vault?.live ?? ''].filter((s) => s !== '').join(' | ') };
}

/** The name of the focused field, in the checkout or in the vault's frame. */
const focusedName = async (frame: Frame) => (await observe(frame, '')).focus.match(/\[name=([^\]]+)\]/)?.[1] ?? null;

describe.runIf(browserAvailable())('a payer with a keyboard alone', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser({ SPLASH_MS: '0' }, (started) => ({ sandbox, browser } = started));

  async function open(lang: Lang, amount: number, code?: string): Promise<{ page: Page; frame: Frame; code: string; log: Step[]; record: (step: string) => Promise<Step> }> {
    const link = code ?? (await createLink(sandbox, { amount, taxAmount: 0, description: 'Tostadores del Casco' }));
    const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // A slow answer to Pay, so the status while paying can be heard.
    await page.route('**/cards/auth-capture', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate(({ code, lang }) => (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code, lang }), { code: link, lang });
    await vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]')).locator('[name="cardnumber"]').waitFor({ timeout: 30_000 });
    const frame = await checkoutFrameOf(page);
    await expect.poll(() => focusedName(frame)).toBe('cardnumber');
    const log: Step[] = [];
    // The frame's document of the moment (it navigates to the 3DS page and back).
    const record = async (step: string) => {
      const seen = await observe(await checkoutFrameOf(page), step);
      log.push(seen);
      return seen;
    };
    return { page, frame, code: link, log, record };
  }

  /** Types the card from the focused card-number field on, Tab to Tab, as a keyboard does. */
  async function typeCard(page: Page, number: string) {
    for (const value of [number, `12/${nextYear}`, '123', 'María Pérez Ñúñez', 'maria@example.com', '+507 6123-4567']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
  }

  /** The focus never on the body nor out of the dialog; the steps kept for the record (e2e/artifacts/keyboard-payer-*.json). */
  const noBody = (log: Step[], name: string) => {
    saveArtifact(`e2e/artifacts/keyboard-payer-${name}.json`, JSON.stringify(log, null, 1));
    expect(log.filter((s) => s.focus === 'BODY' || s.focus === 'OUTSIDE'), JSON.stringify(log, null, 1)).toEqual([]);
  };

  it.each(['es', 'en'] as const)('card in %s: Tab through the empty form says nothing; Pay is announced while on its way; the receipt', async (lang) => {
    const { page, frame, log, record } = await open(lang, lang === 'es' ? 31.25 : 31.5);
    await record('open');
    // The dialog and its frame named with the shop and the amount, not the product's name.
    const named = new RegExp(`^${lang === 'es' ? 'Pago a' : 'Payment to'} .+: \\$${lang === 'es' ? '31\\.25' : '31\\.50'}$`);
    await expect.poll(() => page.getByRole('dialog', { name: named }).count()).toBe(1);
    expect(await page.locator('iframe[src*="/pf/widget"]').getAttribute('title')).toMatch(named);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      await record(`Tab ${i + 1} through the empty form`);
    }
    expect(log.map((s) => s.live).join(' ')).not.toContain(TEXT[lang].required);
    expect(await frame.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await vaultFrameOf(frame).locator('[aria-invalid="true"]').count()).toBe(0);
    // Back to the card number, then type it all.
    await vaultFrameOf(frame).locator('[name="cardnumber"]').focus();
    await typeCard(page, '4242 4242 4242 4242');
    await record('card typed');
    await frame.locator('#method-panel-card button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await record('paying')).live, { timeout: 10_000 }).toContain(TEXT[lang].processing);
    expect(log.at(-1)?.focus).toMatch(/^button/);
    await frame.getByRole('heading', { name: TEXT[lang].receipt }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await record('receipt')).focus).not.toBe('BODY');
    // The receipt names the card in words for a screen reader, never a run of asterisks or dots.
    const receiptTree = await frame.locator('main').ariaSnapshot();
    expect(receiptTree).not.toMatch(/\*{2,}|•{2,}/);
    expect(receiptTree).toContain(lang === 'es' ? 'Visa terminada en 4242' : 'Visa ending in 4242');
    noBody(log, `card-${lang}`);
    await page.context().close();
  }, 120_000);

  // A phone's card form keeps Pay on screen (sticky): a Pay that finds the last field empty focuses it,
  // and the field's "required" must show above Pay and its 8px edge, not under them.
  it('on a phone, Pay with the phone left empty shows the phone\'s error clear of the sticky Pay', async () => {
    const code = await createLink(sandbox, { amount: 24.4, taxAmount: 1.71, description: 'Tostadores del Casco' });
    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(sandbox.demoUrl);
    await page.waitForFunction(() => 'Checkout' in window);
    await page.evaluate((link) => (window as unknown as { Checkout: { open(o: unknown): unknown } }).Checkout.open({ code: link, lang: 'es' }), code);
    const vault = vaultFrameOf(page.frameLocator('iframe[src*="/pf/widget"]'));
    await vault.locator('[name="cardnumber"]').fill('4242 4242 4242 4242');
    await vault.locator('[name="expirationDate"]').fill(`12/${nextYear}`);
    await vault.locator('[name="cvc"]').fill('123');
    const frame = await checkoutFrameOf(page);
    await frame.locator('[name="name"]').fill('María Pérez Ñúñez');
    await frame.locator('[name="email"]').fill('maria@example.com');
    await frame.locator('#method-panel-card button[type="submit"]').click();
    await expect.poll(() => focusedName(frame)).toBe('phone');
    await expect.poll(() => frame.evaluate(() => {
      const error = [...document.querySelectorAll('.field__error')].find((e) => e.textContent === 'Campo requerido');
      const pay = document.querySelector('#method-panel-card button[type="submit"]');
      return error && pay ? Math.round(pay.getBoundingClientRect().top - 8 - error.getBoundingClientRect().bottom) : null;
    })).toBeGreaterThanOrEqual(0);
    await context.close();
  }, 60_000);

  // A screen reader hears the first field to fix as the focus lands on it, with its error; not one
  // "Campo requerido" per empty field, three in the checkout and three in the card vault's frame.
  it('Pay with the form empty: the focus on the card number reads its error; no field\'s error is announced besides', async () => {
    const { page, frame, log, record } = await open('es', 30.5);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await record('Pay with everything empty')).focus, { timeout: 10_000 }).toMatch(/^vault input\[name=cardnumber\]/);
    const vault = frame.childFrames().find((child) => new URL(child.url()).pathname === '/fields');
    const described = await vault?.locator('[name="cardnumber"]').evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());
    expect(described).toBe(TEXT.es.required);
    // Every empty field shows it, in both documents; none says it as a live region.
    expect(await frame.locator('.field__error', { hasText: TEXT.es.required }).count()).toBe(3);
    expect(await vault?.locator('.field__error', { hasText: TEXT.es.required }).count()).toBe(3);
    expect(log.at(-1)?.live).not.toContain(TEXT.es.required);
    noBody(log, 'empty-pay');
    await page.context().close();
  }, 60_000);

  it('Tab and Shift+Tab go round the dialog\'s controls with no empty stop at either end', async () => {
    const { page, frame, log, record } = await open('es', 30.25);
    // The card number is the vault's field, in its frame: the checkout's own focus is on that frame.
    const at = () => focusedName(frame);
    let round = 0;
    for (let i = 1; i <= 40; i++) {
      await page.keyboard.press('Tab');
      await record(`Tab ${i}`);
      if ((await at()) === 'cardnumber') {
        round = i;
        break;
      }
    }
    // Back on the card number after a whole round, every stop a control.
    expect(round, JSON.stringify(log, null, 1)).toBeGreaterThan(3);
    for (let i = 1; i <= round; i++) {
      await page.keyboard.press('Shift+Tab');
      await record(`Shift+Tab ${i}`);
    }
    expect(await at(), JSON.stringify(log, null, 1)).toBe('cardnumber');
    const forward = log.slice(0, round).map((s) => s.focus);
    const backward = log.slice(round).map((s) => s.focus);
    // The same stops, the other way round.
    expect(backward.slice(0, -1).reverse()).toEqual(forward.slice(0, -1));
    expect(log.map((s) => s.live).join(' ')).not.toContain(TEXT.es.required);
    noBody(log, 'focus-loop');
    await page.context().close();
  }, 120_000);

  it.each(['es', 'en'] as const)('the card vault\'s fields in %s: Tab and Shift+Tab run through the frame in order; an empty field left says nothing; a wrong number after Pay is tied to its field and focused in the frame', async (lang) => {
    const { page, frame, log, record } = await open(lang, lang === 'es' ? 37.25 : 37.5);
    const vault = vaultFrameOf(frame);
    const name = (step: Step) => step.focus.match(/\[name=([^\]]+)\]/)?.[1] ?? step.focus;
    // The checkout's control before the frame (the chosen method's radio).
    await page.keyboard.press('Shift+Tab');
    const before = await record('Shift+Tab out of the frame, backwards');
    expect(before.focus).toMatch(/^input/);
    const forward: Step[] = [];
    for (let i = 1; i <= 4; i++) {
      await page.keyboard.press('Tab');
      forward.push(await record(`Tab ${i} through the empty card fields`));
    }
    // Into the frame's first field, through its fields in order, out to the name on the card.
    expect(forward.map((s) => s.focus.startsWith('vault '))).toEqual([true, true, true, false]);
    expect(forward.map(name)).toEqual(['cardnumber', 'expirationDate', 'cvc', 'name']);
    const backward: Step[] = [];
    for (let i = 1; i <= 4; i++) {
      await page.keyboard.press('Shift+Tab');
      backward.push(await record(`Shift+Tab ${i} back through the empty card fields`));
    }
    expect(backward.map(name)).toEqual(['cvc', 'expirationDate', 'cardnumber', name(before)]);
    expect(backward.at(-1)?.focus).toBe(before.focus);
    // Empty fields left, in the frame and out of it: no error shown, none announced.
    expect(log.map((s) => s.live).join(' ')).not.toContain(TEXT[lang].required);
    expect(await vault.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await frame.locator('[aria-invalid="true"]').count()).toBe(0);

    // A number failing its check digit, left for the expiry: typed into and left wrong, it says so.
    await page.keyboard.press('Tab');
    await page.keyboard.type('4242 4242 4242 4241');
    await page.keyboard.press('Tab');
    const left = await record('a wrong number left');
    expect(name(left)).toBe('expirationDate');
    expect(left.live).toContain(INVALID_CARD[lang]);
    for (const value of [`12/${nextYear}`, '123', 'María Pérez Ñúñez', 'maria@example.com', '+507 6123-4567']) {
      await page.keyboard.type(value);
      await page.keyboard.press('Tab');
    }
    await frame.locator('#method-panel-card button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    // The focus on the number in the frame, its error tied to it; no payment under way.
    await expect.poll(async () => (await record('Pay with a wrong number')).focus, { timeout: 10_000 }).toMatch(/^vault input\[name=cardnumber\]/);
    const number = vault.locator('[name="cardnumber"]');
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    const described = await number.evaluate((el) => (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim());
    expect(described).toBe(INVALID_CARD[lang]);
    // Read with the focused number (its description), not announced again beside it.
    expect(log.at(-1)?.live).not.toContain(INVALID_CARD[lang]);
    expect(log.at(-1)?.live).not.toContain(TEXT[lang].processing);
    expect(await vault.locator('[aria-invalid="true"]').count()).toBe(1);
    noBody(log, `vault-fields-${lang}`);
    await page.context().close();
  }, 120_000);

  it('Nequi chosen with the arrows: the card\'s fields say nothing; "Enviar" moves the focus to the wait, never the body', async () => {
    const { page, frame, log, record } = await open('es', 32.25);
    // From the card number back to the method radios, then the arrows.
    await page.keyboard.press('Shift+Tab');
    await record('back to the methods');
    await page.keyboard.press('ArrowDown');
    await record('arrow: next method');
    for (let i = 0; i < 6 && !(await frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value === 'nequi')); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await record('Nequi chosen');
    expect(log.map((s) => s.live).join(' ')).not.toContain(TEXT.es.required);
    // Its screen is a chunk of its own: on a busy machine it takes a moment to come.
    await frame.locator('[name="nequi-phone"]').waitFor({ timeout: 20_000 });
    // Push is the default mode: Tab past its radios to the phone.
    for (let i = 0; i < 8 && (await frame.evaluate(() => document.activeElement?.getAttribute('type'))) !== 'tel'; i++) {
      await page.keyboard.press('Tab');
      await record(`Tab ${i + 1} towards the phone`);
    }
    await record('phone field');
    // Each loading note takes the focus and is read out: between the wait and the receipt, one at most.
    await frame.evaluate(() => {
      const counted = window as unknown as { loadingNotes: number };
      counted.loadingNotes = 0;
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element && node.querySelector('.page--loading [role="status"], [role="status"][aria-busy="true"]')) counted.loadingNotes += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.keyboard.type('3991111111');
    await page.keyboard.press('Enter');
    // The wait (named "•••• 1111", never the whole number) or, approved at once, the receipt.
    const receipt = frame.getByRole('heading', { name: TEXT.es.receipt });
    await expect.poll(async () => /terminado en 1111/.test((await record('after Enviar')).live) || (await receipt.isVisible()), { timeout: 30_000 }).toBe(true);
    expect(log.map((s) => s.live).join(' ')).not.toContain('3991111111');
    await receipt.waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await record('receipt')).focus).not.toBe('BODY');
    expect(await frame.evaluate(() => (window as unknown as { loadingNotes: number }).loadingNotes)).toBeLessThanOrEqual(1);
    noBody(log, 'nequi');
    await page.context().close();
  }, 120_000);

  // PRODUCT.md: focus never lost to the page's body after a step change. "Cancelar y usar otro método"
  // takes its wait (and the button) away: the focus goes to the method chosen, where the arrows pick another.
  it('a Nequi wait left with "Cancelar y usar otro método": the focus on the chosen method, the arrows pick another', async () => {
    const { page, frame, log, record } = await open('es', 32.75);
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 7 && !(await frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value === 'nequi')); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await frame.locator('[name="nequi-phone"]').waitFor({ timeout: 20_000 });
    await frame.locator('[name="nequi-phone"]').focus();
    // A phone that never answers (docs/sandbox.md): the wait stays.
    await page.keyboard.type('63333333');
    await page.keyboard.press('Enter');
    const leave = frame.getByRole('button', { name: 'Cancelar y usar otro método' });
    await leave.waitFor({ timeout: 30_000 });
    await leave.focus();
    await record('on "Cancelar y usar otro método"');
    await page.keyboard.press('Enter');
    await frame.locator('[name="nequi-phone"]').waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await record('the wait left')).focus).toMatch(/^input\[name=payment-method\]/);
    expect(await frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('nequi');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).not.toBe('nequi');
    await record('another method');
    noBody(log, 'nequi-left');
    await page.context().close();
  }, 120_000);

  it('the wallet login in the checkout: a wrong password empties and focuses the field; the right one moves on to Pay', async () => {
    const { page, frame, log, record } = await open('es', 33.25);
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 8 && !(await frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value === 'balance')); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await record('Saldo chosen');
    await frame.locator('input[autocomplete="username"]').waitFor({ timeout: 20_000 });
    for (let i = 0; i < 6 && (await frame.evaluate(() => document.activeElement?.getAttribute('autocomplete'))) !== 'username'; i++) await page.keyboard.press('Tab');
    await record('username field');
    await page.keyboard.type(DEMO_USER.login);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await frame.getByRole('alert').waitFor({ timeout: 15_000 });
    const wrong = await record('wrong password');
    expect(wrong.focus).toContain('password');
    const password = frame.locator('input[autocomplete="current-password"]');
    expect(await password.inputValue()).toBe('');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.type(DEMO_USER.password);
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await record('logged in')).focus, { timeout: 15_000 }).toMatch(/^button/);
    expect(log.map((s) => s.live).join(' ')).not.toMatch(TEXT.es.error);
    noBody(log, 'wallet-login');
    await page.context().close();
  }, 120_000);

  it('the duplicate question takes the focus on its answer that charges nothing: Enter again goes back to the earlier receipt', async () => {
    const first = await open('en', 34.25);
    await typeCard(first.page, '5555 5555 5555 4444');
    await first.frame.locator('#method-panel-card button[type="submit"]').focus();
    await first.page.keyboard.press('Enter');
    await first.frame.getByRole('heading', { name: TEXT.en.receipt }).waitFor({ timeout: 20_000 });
    await first.page.context().close();

    const { page, frame, log, record } = await open('en', 34.25, first.code);
    await typeCard(page, '5555 5555 5555 4444');
    await frame.locator('#method-panel-card button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    await frame.getByRole('alert').filter({ hasText: /new purchase/i }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await record('question')).focus).toMatch(/^button "No, go back to that payment"/);
    // A payer pressing Enter again, thinking the first did nothing, is taken to the payment already made.
    await page.keyboard.press('Enter');
    await frame.getByRole('heading', { name: TEXT.en.receipt }).waitFor({ timeout: 20_000 });
    await record('receipt');
    noBody(log, 'duplicate');
    await page.context().close();
  }, 120_000);

  it('the close question on a Nequi wait: Escape asks, Escape again answers it, the focus back where it was', async () => {
    const { page, frame, log, record } = await open('es', 35.25);
    await page.keyboard.press('Shift+Tab');
    for (let i = 0; i < 6 && !(await frame.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value === 'nequi')); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await frame.locator('[name="nequi-phone"]').waitFor({ timeout: 20_000 });
    for (let i = 0; i < 8 && (await frame.evaluate(() => document.activeElement?.getAttribute('type'))) !== 'tel'; i++) await page.keyboard.press('Tab');
    // Never answered: the wait stays.
    await page.keyboard.type('3993333333');
    await page.keyboard.press('Enter');
    await frame.locator('[role="timer"]').waitFor({ timeout: 15_000 });
    const waiting = await record('waiting');
    // The wait names the phone in words for a screen reader, never a run of asterisks or dots.
    const waitTree = await frame.locator('main').ariaSnapshot();
    expect(waitTree).not.toMatch(/\*{2,}|•{2,}/);
    expect(waitTree).toContain('terminado en 3333');
    expect(waitTree).not.toContain('3993333333');
    await page.keyboard.press('Escape');
    await frame.getByRole('alertdialog').waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await record('close question')).focus).toMatch(/^button/);
    await page.keyboard.press('Escape');
    await frame.getByRole('alertdialog').waitFor({ state: 'detached', timeout: 10_000 });
    const after = await record('question dismissed');
    expect(after.focus).toBe(waiting.focus);
    noBody(log, 'close-question');
    await page.context().close();
  }, 120_000);

  it('the 3DS page by keyboard: its title takes the focus on arrival; Escape asks, Escape again dismisses it, the focus back; Aprobar pays', async () => {
    const { page, frame, log, record } = await open('es', 36.25);
    await typeCard(page, '4000 0000 0000 3220');
    await frame.locator('#method-panel-card button[type="submit"]').focus();
    await page.keyboard.press('Enter');
    // The issuer's page, in the frame, on the simulator's origin.
    await page.frameLocator('iframe[src*="/pf/widget"]').getByRole('button', { name: 'Aprobar' }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await record('3DS page')).focus, { timeout: 10_000 }).toMatch(/^h1/);
    const arrived = log.at(-1)?.focus;
    await page.keyboard.press('Escape');
    const bank = await checkoutFrameOf(page);
    await bank.getByRole('alertdialog').waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await record('Escape: the close question')).focus).toMatch(/^button "Seguir aquí"/);
    await page.keyboard.press('Escape');
    await bank.getByRole('alertdialog').waitFor({ state: 'hidden', timeout: 10_000 });
    expect((await record('Escape: question dismissed')).focus).toBe(arrived);
    // Still on the bank's page: Escape asked, it did not close.
    expect(await page.locator('iframe[src*="/pf/widget"]').count()).toBe(1);
    // Tab goes round the bank page's controls inside the dialog: past the last, its X, never out of the frame.
    let round = false;
    for (let i = 1; i <= 8 && !round; i++) {
      await page.keyboard.press('Tab');
      round = (await record(`3DS page: Tab ${i}`)).focus === 'button[name=close] "Cerrar"';
    }
    expect(round, JSON.stringify(log, null, 1)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect((await record('3DS page: Shift+Tab from the X')).focus).toBe('button "Cancelar y volver"');
    for (let i = 0; i < 6 && !(await record(`Tab ${i + 1} towards Aprobar`)).focus.includes('Aprobar'); i++) await page.keyboard.press('Tab');
    expect(log.at(-1)?.focus).toContain('Aprobar');
    await page.keyboard.press('Enter');
    await page.frameLocator('iframe[src*="/pf/widget"]').getByRole('heading', { name: TEXT.es.receipt }).waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await record('receipt after 3DS')).focus).not.toBe('BODY');
    // Still the shop's modal dialog after the bank's page: Tab goes round the receipt's controls,
    // never out to the shop's page nor onto the frame's body.
    for (let i = 1; i <= 6; i++) {
      await page.keyboard.press('Tab');
      expect((await record(`receipt after 3DS: Tab ${i}`)).focus, JSON.stringify(log, null, 1)).not.toMatch(/^(OUTSIDE|BODY)$/);
    }
    expect(log.map((s) => s.live).join(' ')).not.toMatch(TEXT.es.error);
    noBody(log, '3ds');
    await page.context().close();
  }, 120_000);
});
