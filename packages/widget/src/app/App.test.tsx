import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { PasarelaError, catalogs } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { startI18n } from '../i18n/i18n';
import { preparePhoneRules } from '../payments/phoneCheck';
import { render, settle, type } from '../testing/render';
import { App } from './App';
import { readConfig } from '../kernel/config';
import { navigate, subscribe } from '../kernel/history';
import { fakeServices } from '../testing/fakeServices';

const PAYMENT_INFO = {
  idMerchant: 7, code: 'LINK1', description: 'Café con leche', amount: 10, discount: 0, type: 'LK', email: '',
  othersValues: {}, taxAmount: 0.7, serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es',
  returnUrlString: '', additionalParamsUrlString: '', customFieldValues: [], additionalData: {}, txChannel: 'PWW', idSubscription: null,
};
const ANSWERS: Record<string, unknown> = {
  'payment-info': PAYMENT_INFO,
  'merchants/7': { idMerchant: 7, merchantName: 'Tienda Ñandú', webCode: 'CCLW7', logo: '', customFields: '', hasPaymentGuest: true, txLimit: 0, domainValidation: false },
  'merchants/7/payment-methods': { paymentMethods: [{ method: 'card', linkType: 'LK', gatewayCode: 'LK', idMerchantService: 1, txLimit: 0 }] },
  'cards/auth-capture': { status: 1, codOper: 'OP1', messageSys: 'Aprobada', authStatus: 'APPROVED', cardType: 'VISA', displayNum: '**** 4242' },
  'receipts/OP1': {
    date: '2026-11-21T17:30:00Z', name: 'Ana Perez', codOper: 'OP1', status: 1, totalPay: 10.7, cardType: 'VISA', displayNum: '**** 4242',
    type: 'AUTH_CAPTURE', merchant: { merchantName: 'Tienda Ñandú', logo: '' },
  },
};

function fakeApi(failures: Record<string, PasarelaError> = {}): ApiClient {
  const answer = async <S extends v.GenericSchema>(path: string, schema: S) => {
    const failure = failures[path];
    if (failure) throw failure;
    if (!(path in ANSWERS)) throw new PasarelaError({ code: 'error_to_load', category: 'api', status: 404 });
    return v.parse(schema, ANSWERS[path]);
  };
  return { get: (path, schema) => answer(path, schema), post: (path, schema) => answer(path, schema), put: (path, schema) => answer(path, schema) };
}

async function boot(path: string, failures: Record<string, PasarelaError> = {}) {
  history.replaceState(null, '', path);
  const { services, messages } = fakeServices(fakeApi(failures), { navigate });
  const view = await render(<App services={services} i18nReady={startI18n('es', catalogs.es)} subscribe={subscribe} />);
  await settle();
  return { ...view, messages };
}

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
    expect(view.messages[0]).toEqual({ type: 'ready', version: readConfig(document).version });
    expect(view.container.textContent).toContain('Tienda Ñandú');
    expect(view.container.textContent).toContain('Café con leche');
    await type(view.input('cardnumber'), '4242 4242 4242 4242');
    await type(view.input('expirationDate'), '12/34');
    await type(view.input('cvc'), '123');
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
      { timeout: 10_000 },
    );
    expect(location.pathname).toBe('/pf/default-receipt/OP1');
    expect(new URLSearchParams(location.search).get('parentOrigin')).toBe('https://shop.test');
    expect(view.container.textContent).toContain('**** 4242');
    expect(view.messages.find((m) => m.type === 'result')).toMatchObject({
      result: { status: 'success', method: 'card', notification: { Oper: 'OP1', TotalPagado: '10.70', Estado: 'APPROVED' } },
    });
  });

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
    expect(location.pathname + location.search).toBe('/pf/responseMessage?code=3000');
    expect(expired.container.querySelector('h1')?.textContent).toBe(catalogs.es.expired_link);
  });

  it('shows the catalogue message with a retry when loading fails, never a blank screen', async () => {
    const view = await boot('/tienda', { 'payment-info': new PasarelaError({ code: 'connection_error', category: 'network' }) });
    unmount = view.unmount;
    expect(view.container.textContent).toContain(catalogs.es.connection_error);
    // Beside the page's way out (kernel/WayOut), the retry.
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toContain(catalogs.es.retry_button);
    expect(view.messages.some((m) => m.type === 'error')).toBe(true);
  });
});
