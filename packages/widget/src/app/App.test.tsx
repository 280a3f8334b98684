import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasarelaError, catalogs } from '@pasarela/core';
import { preparePhoneRules } from '../payments/phoneCheck';
import { settle, type } from '../testing/render';
import { readConfig } from '../services/config';
import { CHECKOUT_ANSWERS, answeringApi, bootApp } from '../testing/bootApp';
import { testFrame } from '../testing/testFrame';

// The card's number, expiry and CVC are the vault's frame (issue 90): here it answers Pay with a token.
vi.mock('../payments/vaultFrame', async (original) => ({
  ...(await original<typeof import('../payments/vaultFrame')>()),
  createVaultFrame: () => testFrame().frame,
}));

const ANSWERS: Record<string, unknown> = {
  ...CHECKOUT_ANSWERS,
  'cards/auth-capture': { status: 1, codOper: 'OP1', messageSys: 'Aprobada', authStatus: 'APPROVED', cardType: 'VISA', displayNum: '**** 4242' },
  'receipts/OP1': {
    date: '2026-11-21T17:30:00Z', name: 'Ana Perez', codOper: 'OP1', status: 1, totalPay: 10.7, cardType: 'VISA', displayNum: '**** 4242',
    type: 'AUTH_CAPTURE', merchant: { merchantName: 'Tienda Ñandú', logo: '' },
  },
};

const boot = (path: string, failures: Record<string, PasarelaError> = {}) => bootApp(path, { api: answeringApi(ANSWERS, failures) });

describe('App', () => {
  let unmount: (() => unknown) | undefined;
  beforeEach(async () => {
    document.body.innerHTML = '';
    await preparePhoneRules();
  }, 30_000);
  afterEach(async () => {
    await unmount?.();
  });

  it('boots to the card form, pays, shows the receipt and tells the parent', async () => {
    const view = await boot('/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test');
    unmount = view.unmount;
    // The shop's page names the dialog with who is paid and how much (issue 96); then `ready`.
    expect(view.messages.filter((m) => m.type === 'name').at(-1)).toEqual({ type: 'name', name: 'Pago a Tienda Ñandú: $10.70' });
    expect(view.messages.filter((m) => m.type !== 'name')[0]).toEqual({ type: 'ready', version: readConfig(document).version });
    expect(view.container.textContent).toContain('Tienda Ñandú');
    expect(view.container.textContent).toContain('Café con leche');
    await type(view.input('name'), 'Ana Perez');
    await type(view.input('email'), 'ana@example.com');
    await type(view.input('phone'), '6123 4567');
    view.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
    // The receipt screens are a lazy chunk.
    await vi.waitFor(
      async () => {
        await settle();
        expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.es.receipt_payment_proof);
      },
      // A loaded machine once took more than 10 s to load the chunk and draw it.
      { timeout: 25_000 },
    );
    expect(location.pathname).toBe('/pf/default-receipt/OP1');
    expect(new URLSearchParams(location.search).get('parentOrigin')).toBe('https://shop.test');
    expect(view.container.textContent).toContain('Visa •••• 4242');
    expect(view.container.querySelector('.receipt .visually-hidden')?.textContent).toBe('Visa terminada en 4242');
    expect(view.messages.find((m) => m.type === 'result')).toMatchObject({
      result: { status: 'success', method: 'card', notification: { Oper: 'OP1', TotalPagado: '10.70', Estado: 'APPROVED' } },
    });
  }, 40_000);

  it('sends an unknown path to /404, a real page', async () => {
    const view = await boot('/one/two/three');
    unmount = view.unmount;
    expect(location.pathname).toBe('/404');
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.es.page_not_found);
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
