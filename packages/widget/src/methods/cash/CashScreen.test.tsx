import { act } from 'preact/test-utils';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { catalogs, PasarelaError, parseMerchant, parsePaymentInfo, paymentMethodAvailability } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import type { LoadedCheckout } from '../../checkout/checkoutStore';
import { CheckoutScreen } from '../../checkout/CheckoutScreen';
import { ServicesContext, type Services } from '../../services/services';
import { startI18n } from '../../i18n/i18n';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { render, settle, type, viewPerTest } from '../../testing/render';
import { fakeServices } from '../../testing/fakeServices';
import { recordAnnouncements } from '../../testing/announcements';

const VOUCHER = {
  totalAmount: 10.7, stringDate: '21/11/2026', stringHour: '12:30:00', type: 'PAYCASH', Oper: 'PPCASH1', user: 'ana@example.com',
  status: 0, message: 'pending', reference: '482913004571', expiresAt: '2026-11-22T17:30:00.000Z',
};

const DATA: LoadedCheckout = {
  info: parsePaymentInfo({ idMerchant: 7, code: 'LINK1', description: 'Café con leche', amount: 10, taxAmount: 0.7, serviceCode: 'LK', email: '' }),
  merchant: parseMerchant({ idMerchant: 7, merchantName: 'Tienda Ñandú', webCode: 'CCLW7', hasPaymentGuest: true }, ''),
  methods: paymentMethodAvailability(
    [
      { method: 'card', linkType: 'LK', gatewayCode: 'LK', idMerchantService: 1, txLimit: 0 },
      { method: 'cash', linkType: 'PCASH', gatewayCode: 'PAYCASH', idMerchantService: 2, txLimit: 0 },
      { method: 'cash', linkType: 'LK', gatewayCode: 'PC', idMerchantService: 3, txLimit: 0 },
    ],
    'LK',
  ),
};

/** `paidBy`: the voucher was called off because that card payment paid the order; `refused`: the server's answer to the voucher asked. */
function setup(paidBy?: string, refused?: PasarelaError) {
  const calls: Array<{ path: string; body: unknown }> = [];
  const answer = async <S extends v.GenericSchema>(path: string, schema: S, body?: unknown) => {
    calls.push({ path, body });
    if (path === 'cash/pay-cash' && refused) throw refused;
    if (path === 'cash/pay-cash') return v.parse(schema, { ...VOUCHER, resultCode: '100' });
    if (path === 'cash/payments/PPCASH1' && paidBy) throw new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy, paidWith: 'card' } });
    if (path === 'cash/payments/PPCASH1') return v.parse(schema, VOUCHER);
    throw new Error(`unexpected call ${path}`);
  };
  const api: ApiClient = { get: (path, schema) => answer(path, schema), post: answer, put: answer };
  const { services, messages } = fakeServices(api, { navigate: vi.fn() });
  return { services, calls, messages };
}

async function show(services: Services) {
  const view = await render(
    <ServicesContext.Provider value={services}>
      <CheckoutScreen data={DATA} arrivalMessage={null} />
    </ServicesContext.Provider>,
  );
  // The cash screen is a lazy chunk.
  await settle();
  return view;
}

const radio = (container: HTMLElement, name: RegExp) =>
  [...container.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find((r) => name.test(r.closest('label')?.textContent ?? ''));

/** Chooses cash and waits for its form. */
async function chooseCash(container: HTMLElement): Promise<void> {
  await act(() => radio(container, /Efectivo/)?.click());
  await vi.waitFor(async () => {
    await settle();
    expect(container.querySelector('[name="cash-phone"]')).not.toBeNull();
  });
}

describe('CashScreen in the checkout (PRODUCT.md "Cash")', () => {
  const keep = viewPerTest();
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
    await preparePhoneRules();
  }, 30_000);

  it('asks for e-mail and phone with their autocomplete, offers both networks by name, and shows the voucher', async () => {
    const { services, calls, messages } = setup();
    const view = await show(services);
    keep(view);
    await chooseCash(view.container);
    expect(view.input('cash-email').autocomplete).toBe('email');
    expect(view.input('cash-phone').autocomplete).toBe('tel');
    expect(radio(view.container, /PayCash/)?.checked).toBe(true);
    expect(radio(view.container, /Punto de pago/)).toBeDefined();

    await type(view.input('cash-email'), 'ana@example.com');
    await type(view.input('cash-phone'), '6123 4567');
    const submit = view.container.querySelector<HTMLButtonElement>('#method-panel-cash button[type="submit"]');
    await act(() => submit?.click());
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('.voucher__code')?.textContent).toBe('4829 1300 4571');
    });
    // The code grouped for reading, its Code 128 barcode named for screen readers, the copy of its bare digits.
    const barcode = view.container.querySelector('svg[role="img"]');
    expect(barcode?.getAttribute('aria-label')).toBe('Código de barras del código de pago 4829 1300 4571');
    expect(barcode?.querySelector('path')?.getAttribute('d')).toMatch(/^M10 0h2v60h-2z/);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const copy = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.cash_copy_code);
    await act(() => copy?.click());
    expect(writeText).toHaveBeenCalledWith('482913004571');
    expect(view.container.textContent).toContain('22/11/2026 12:30:00');
    expect(view.container.textContent).toContain('También te lo enviamos a ana@example.com.');
    expect(view.container.textContent).not.toMatch(/Autorización|PENDING/);
    expect(calls.find((c) => c.path === 'cash/pay-cash')?.body).toMatchObject({
      code: 'LINK1', amount: 10, taxAmount: 0.7, email: 'ana@example.com', phone: '6123 4567', cclw: 'CCLW7', trackId: 'track-1', txChannel: 'PWW',
    });
    expect(messages.filter((m) => m.type === 'result')).toEqual([
      expect.objectContaining({ result: expect.objectContaining({ status: 'success', method: 'cash', notification: expect.objectContaining({ Estado: 'PENDING', Oper: 'PPCASH1', Tipo: 'PAYCASH' }) }) }),
    ]);
  });

  // Announced once: by the focus on the first invalid field reading its message, not by a polite region per field.
  it('submitted empty: the focus on the e-mail, described by its message; no live region speaks', async () => {
    const { services } = setup();
    const view = await show(services);
    keep(view);
    await chooseCash(view.container);
    const submit = view.container.querySelector<HTMLButtonElement>('#method-panel-cash button[type="submit"]');
    submit?.focus();
    const heard = recordAnnouncements(view.container);
    await act(() => submit?.click());
    await vi.waitFor(async () => {
      await settle();
      expect(document.activeElement).toBe(view.input('cash-email'));
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    heard.stop();
    const email = view.input('cash-email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(catalogs.es.field_required);
    expect(heard.said).toEqual([]);
  });

  it('after a reload opens on the voucher left waiting, without asking for another', async () => {
    sessionStorage.setItem('pasarela.attempt.cash.LINK1', JSON.stringify({ codOper: 'PPCASH1', deadline: Date.parse(VOUCHER.expiresAt) }));
    const { services, calls, messages } = setup();
    const view = await show(services);
    keep(view);
    expect(radio(view.container, /Efectivo/)?.checked).toBe(true);
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.textContent).toContain('4829 1300 4571');
    });
    expect(calls.map((c) => c.path).filter((p) => p === 'cash/pay-cash')).toEqual([]);
    expect(messages.filter((m) => m.type === 'result')).toEqual([]);
  });

  it('a voucher left here while a card paid the order elsewhere: "ya se pagó", how, its receipt and the way back; no methods, no captcha, no lapse (issue 92)', async () => {
    sessionStorage.setItem('pasarela.attempt.cash.LINK1', JSON.stringify({ codOper: 'PPCASH1', deadline: Date.parse(VOUCHER.expiresAt) }));
    const { services, messages } = setup('CARD9');
    const view = await show(services);
    keep(view);
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 5_000 });
    expect(view.container.textContent).toContain((catalogs.es.paid_elsewhere_how ?? '').replace('{{method}}', 'tarjeta'));
    expect(view.container.textContent).not.toContain(catalogs.es.request_expired);
    expect(view.container.querySelector('[role="alert"], .alert')).toBeNull();
    // Nothing left to pay: neither the method choice nor the captcha around the notice.
    expect(view.container.querySelector('[role="radiogroup"]')).toBeNull();
    expect([...view.container.querySelectorAll('.security')].every((box) => (box as HTMLElement).hidden)).toBe(true);
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      expect.any(String), catalogs.es.waiting_elsewhere_see_receipt, (catalogs.es.back_to_named_shop ?? '').replace('{{shop}}', 'Tienda Ñandú'),
    ]);
    expect(messages.filter((m) => m.type === 'result')).toEqual([]);
  });

  it('a link no longer there when the voucher is asked (3001): the message alone, focused, with no form to ask again', async () => {
    const { services, calls } = setup(undefined, new PasarelaError({ code: '3001', category: 'api', status: 404 }));
    const view = keep(await show(services));
    await chooseCash(view.container);
    await type(view.input('cash-email'), 'ana@example.com');
    await type(view.input('cash-phone'), '6123 4567');
    await act(() => view.container.querySelector<HTMLButtonElement>('#method-panel-cash button[type="submit"]')?.click());
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('#method-panel-cash [role="alert"]')?.textContent).toBe(catalogs.es.link_not_found);
    });
    expect(calls.filter((c) => c.path === 'cash/pay-cash')).toHaveLength(1);
    expect(document.activeElement).toBe(view.container.querySelector('#method-panel-cash [role="alert"]'));
    expect(view.container.querySelector('#method-panel-cash form, #method-panel-cash button, #method-panel-cash input')).toBeNull();
    // Nothing left to pay: no method choice around it.
    expect(view.container.querySelector('[role="radiogroup"]')).toBeNull();
  });
});
