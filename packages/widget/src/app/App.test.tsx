import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasarelaError, catalogs } from '@pasarela/core';
import { preparePhoneRules } from '../payments/phoneCheck';
import { readConfig } from '../services/config';
import { createSessionStore } from '../services/session';
import { CHECKOUT_ANSWERS, answeringApi, bootApp } from '../testing/bootApp';

const boot = (path: string, failures: Record<string, PasarelaError> = {}) => bootApp(path, { api: answeringApi(CHECKOUT_ANSWERS, failures) });

describe('App', () => {
  let unmount: (() => unknown) | undefined;
  beforeEach(async () => {
    document.body.innerHTML = '';
    await preparePhoneRules();
  }, 30_000);
  afterEach(async () => {
    await unmount?.();
  });

  it('boots to the card form, the card typed in the vault\'s frame, and tells the parent its name, then ready', async () => {
    const view = await boot('/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test');
    unmount = view.unmount;
    // The shop's page names the dialog with who is paid and how much (issue 96); then `ready`.
    expect(view.messages.filter((m) => m.type === 'name').at(-1)).toEqual({ type: 'name', name: 'Pago a Tienda Ñandú: $10.70' });
    expect(view.messages.filter((m) => m.type !== 'name')[0]).toEqual({ type: 'ready', version: readConfig(document).version });
    expect(view.container.textContent).toContain('Tienda Ñandú');
    expect(view.container.textContent).toContain('Café con leche');
    // The card's number, expiry and CVC are the vault's frame (issue 90); paying through it to the
    // receipt is the card form's tests and the browser suite's (card-payment.e2e.ts).
    expect(view.container.querySelector('iframe.vault-fields')).not.toBeNull();
    expect(view.container.querySelector('input[name="cardnumber"]')).toBeNull();
    for (const name of ['name', 'email', 'phone']) expect(view.input(name)).not.toBeNull();
  });

  // SPEC 2 "Login-required routes redirect to /pf/widget/login": also a login that lapsed while the
  // screen loaded (its answers 401 clear it), which used to leave "Cargando..." for good.
  it('a wallet home whose login is cleared while it loads goes on to the login screen', async () => {
    const session = createSessionStore(null);
    session.getState().set({ session: { sessionId: 's1', token: 'tok', user: { idUsr: 7 } }, expiresAt: null });
    const booting = bootApp('/pf/widget/home', { api: answeringApi(CHECKOUT_ANSWERS, {}), session });
    session.getState().clear('expired');
    const view = await booting;
    unmount = view.unmount;
    await vi.waitFor(() => expect(location.pathname).toBe('/pf/widget/login'));
    expect(new URLSearchParams(location.search).get('next')).toBe('/pf/widget/home');
  });

  it('sends an unknown path to /404, a real page', async () => {
    const view = await boot('/one/two/three');
    unmount = view.unmount;
    expect(location.pathname).toBe('/404');
    // The message pages are a chunk of their own: its first load (a cold transform) may take longer than a few ticks.
    await vi.waitFor(() => expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.es.page_not_found));
  });

  it('sends an unknown link to /404 and an expired one to the 3000 message (SPEC 8)', async () => {
    const unknown = await boot('/pf/widget?type=lk&code=NOPE', {
      'payment-info': new PasarelaError({ code: 'error_to_load', category: 'api', status: 404 }),
    });
    expect(location.pathname).toBe('/404');
    await unknown.unmount();
    const expired = await boot('/pf/widget?type=lk&code=LINK1', {
      'payment-info': new PasarelaError({ code: '3000', category: 'api', status: 410 }),
    });
    unmount = expired.unmount;
    // The link goes along, so its page can name the shop.
    expect(location.pathname + location.search).toBe('/pf/responseMessage?code=3000&link=LINK1&type=lk');
    expect(expired.container.querySelector('h1')?.textContent).toBe(catalogs.es.expired_link);
  });

  it('shows the catalogue message with a retry when loading fails, never a blank screen', async () => {
    const view = await boot('/tienda', { 'payment-info': new PasarelaError({ code: 'connection_error', category: 'network' }) });
    unmount = view.unmount;
    expect(view.container.textContent).toContain(catalogs.es.connection_error);
    // Beside the page's way out (ui/WayOut), the retry.
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toContain(catalogs.es.retry_button);
    expect(view.messages.some((m) => m.type === 'error')).toBe(true);
  });
});
