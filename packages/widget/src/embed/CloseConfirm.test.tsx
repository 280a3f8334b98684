import { afterEach, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { createCloseGuard } from './closeGuard';
import { CloseConfirm } from './CloseConfirm';

let unmount: (() => unknown) | undefined;
afterEach(async () => {
  await unmount?.();
  unmount = undefined;
});

// Issue 62: the loader keeps a waiting payment in the shop page's own storage, per merchant, so any
// new open at the same shop (any link, not only this one) finds it; issue 70: an order's link finds
// it from any browser, by the server's record. The dialog says so, in each language.
describe('closing while a Yappy or Nequi payment waits says where it will be found again', () => {
  it.each([
    ['es', /cuando vuelvas a pagar en esta tienda, lo verás primero.*desde cualquier navegador/i, /desde este navegador/i],
    ['en', /when you pay at this shop again, you will see it first.*from any browser/i, /from this browser/i],
  ] as const)('%s', async (lang, says, not) => {
    await startI18n(lang, catalogs[lang]);
    const guard = createCloseGuard(() => {});
    guard.hold('yappy', { codOper: 'PP1', pending: null });
    const view = await render(<CloseConfirm guard={guard} />);
    unmount = view.unmount;
    const text = view.container.querySelector('#close-confirm-text')?.textContent ?? '';
    expect(text).toMatch(says);
    expect(text).not.toMatch(not);
    expect(text).toMatch(lang === 'es' ? /se cobrará igual/ : /you will still be charged/);
  });
});

// Issue 92: coins on their way cannot be called off from a later open's question (only followed),
// so the crypto payment's close dialog does not promise it.
describe('closing while a crypto payment waits for its coins', () => {
  it.each([
    ['es', /las monedas que envíes a esa dirección se cobrarán igual/, /anular/i],
    ['en', /coins you send to that address will still be taken/, /call it off/i],
  ] as const)('%s', async (lang, says, not) => {
    await startI18n(lang, catalogs[lang]);
    const guard = createCloseGuard(() => {});
    guard.hold('crypto', { codOper: 'PP1', pending: null });
    const view = await render(<CloseConfirm guard={guard} />);
    unmount = view.unmount;
    const text = view.container.querySelector('#close-confirm-text')?.textContent ?? '';
    expect(text).toMatch(says);
    expect(text).not.toMatch(not);
  });
});

// Issue 70: closing with only a cash voucher open charges nothing, so closing is the primary button
// (first, with the focus); with a push waiting, staying is.
describe('which choice leads', () => {
  it.each([
    ['a voucher alone: closing', 'cash', 'Cerrar de todas formas'],
    ['a Yappy request: staying', 'yappy', 'Seguir aquí'],
  ] as const)('%s', async (_why, method, primary) => {
    await startI18n('es', catalogs.es);
    const guard = createCloseGuard(() => {});
    guard.hold(method, { codOper: 'PP1', pending: null });
    const view = await render(<CloseConfirm guard={guard} />);
    unmount = view.unmount;
    const [first] = [...view.container.querySelectorAll('button')];
    expect(first?.textContent).toBe(primary);
    expect(first?.className).toContain('button--primary');
    expect(document.activeElement).toBe(first);
  });
});

// Issue 95: a close while a payment's first answer is on its way asks too, and says the shop will hear it.
describe('closing while a payment answer is on its way', () => {
  it.each([
    ['es', 'Tu pago se está procesando', /la tienda sabrá cómo terminó/, 'Seguir aquí'],
    ['en', 'Your payment is being processed', /the shop will learn how it ended/, 'Stay here'],
  ] as const)('%s', async (lang, title, says, primary) => {
    await startI18n(lang, catalogs[lang]);
    const guard = createCloseGuard(() => {});
    guard.takeOff({ method: 'card', link: 'LK1', trackId: 'T1' });
    const view = await render(<CloseConfirm guard={guard} />);
    unmount = view.unmount;
    expect(view.container.querySelector('#close-confirm-title')?.textContent).toBe(title);
    expect(view.container.querySelector('#close-confirm-text')?.textContent).toMatch(says);
    expect(document.activeElement?.textContent).toBe(primary);
  });
});

// Nothing held (the wait it was asked over just ended): never a voucher's words without a voucher,
// and the focus the outcome took stays there when the question goes.
describe('the question over a payment that has just ended', () => {
  it('does not read as a cash voucher', async () => {
    await startI18n('es', catalogs.es);
    const guard = createCloseGuard(() => {});
    const view = await render(<CloseConfirm guard={guard} />);
    unmount = view.unmount;
    expect(view.container.querySelector('#close-confirm-title')?.textContent).not.toMatch(/código de pago/i);
    expect(view.container.querySelector('#close-confirm-text')?.textContent).not.toMatch(/código de pago/i);
  });

  it('leaves the focus on the outcome when it goes', async () => {
    await startI18n('es', catalogs.es);
    const opener = document.body.appendChild(document.createElement('button'));
    const retry = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const guard = createCloseGuard(() => {});
    guard.hold('nequi', { codOper: 'PP1', pending: null });
    const view = await render(<CloseConfirm guard={guard} />);
    expect(document.activeElement?.textContent).toBe('Seguir aquí');
    retry.focus();
    await view.unmount();
    expect(document.activeElement).toBe(retry);
    opener.remove();
    retry.remove();
  });
});
