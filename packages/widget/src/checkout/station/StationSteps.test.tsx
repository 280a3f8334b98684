import { act } from 'preact/test-utils';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { ServicesContext } from '../../services/services';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { fakeServices } from '../../testing/fakeServices';
import { render, settle, type, viewPerTest } from '../../testing/render';
import { createCheckoutStore } from '../checkoutStore';
import { CheckoutRoute } from '../CheckoutRoute';

const merchant = { idMerchant: 7, merchantName: 'Tienda', webCode: 'CCLW7', logo: '', customFields: '', hasPaymentGuest: true, txLimit: 0 };
const paymentMethods = ['card', 'nequi'].map((method, i) => ({ method, linkType: 'LK', gatewayCode: 'LK', idMerchantService: i + 1, txLimit: 0 }));
const PUSHED = { codOper: 'OP1', status: -1, phone: '63333333', expiresAt: '2026-11-21T17:35:00.000Z' };

/** A station without a price (the payer types the amount), in the checkout as the widget shows it. */
async function showStation(answers: Record<string, unknown> = {}) {
  const { api, calls } = scriptedApi({
    'merchants/7': merchant,
    'merchants/7/payment-methods': { paymentMethods },
    'stations/CAJA-W1': { idMerchant: 7, stationId: 'CAJA-W1', description: 'Caja W1', amount: 0, discount: 0 },
    ...(answers as Parameters<typeof scriptedApi>[0]),
  });
  const store = createCheckoutStore({ api, type: 'ps', code: 'CAJA-W1', imageBase: '' });
  await store.getState().load();
  const { services } = fakeServices(api);
  const view = await render(
    <ServicesContext.Provider value={services}>
      <CheckoutRoute store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return { ...view, calls };
}

const buttonNamed = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

async function enterAmount(view: Awaited<ReturnType<typeof showStation>>, amount: string) {
  await type(view.input('amount'), amount);
  await act(() => view.container.querySelector<HTMLFormElement>('form')?.requestSubmit());
  await settle();
}

describe('a station without a price: the amount step and the payment step', () => {
  const keep = viewPerTest();
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
    await preparePhoneRules();
  }, 30_000);

  it('"Cambiar monto" on the payment step goes back to the amount, kept in its field with the focus; nothing is sent', async () => {
    const view = keep(await showStation());
    await enterAmount(view, '50.00');
    expect(view.container.textContent).toContain('Pagar $50.00');
    // What the payment step asks by itself (its methods' look-ups) may still come; nothing is sent.
    const sent = () => view.calls.filter((c) => c.method.toUpperCase() !== 'GET');
    expect(sent()).toEqual([]);

    const change = buttonNamed(view.container, 'Cambiar monto');
    expect(change?.type).toBe('button');
    change?.focus();
    await act(() => change?.click());
    await settle();

    expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.station_amount_title);
    const field = view.input('amount');
    expect(field.value).toBe('50.00');
    expect(document.activeElement).toBe(field);
    expect(sent()).toEqual([]);

    await enterAmount(view, '45.50');
    expect(view.container.textContent).toContain('Pagar $45.50');
  });

  it('a Nequi push waiting for the payer: no way to change the amount of that payment', async () => {
    const view = keep(await showStation({ 'nequi/push': PUSHED, 'nequi/payments/OP1': PUSHED }));
    await enterAmount(view, '50.00');
    expect(buttonNamed(view.container, 'Cambiar monto')).toBeDefined();
    const nequi = [...view.container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => /Nequi/.test(r.closest('label')?.textContent ?? ''));
    await act(() => nequi?.click());
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[name="nequi-phone"]')).not.toBeNull();
    });
    await type(view.input('nequi-phone'), '6333 3333');
    await act(() => view.input('nequi-phone').closest('form')?.requestSubmit());
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="timer"]')).not.toBeNull();
    });
    expect(buttonNamed(view.container, 'Cambiar monto')).toBeUndefined();
  });
});
