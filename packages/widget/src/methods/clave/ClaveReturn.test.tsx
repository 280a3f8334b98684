import { describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { saveReturn } from '../../payments/leaveAndReturn';
import { CHECKOUT_ANSWERS, bootApp } from '../../testing/bootApp';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { settle, viewPerTest } from '../../testing/render';

const FORM = '/pf/widget/clave?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test';
const RECEIPT = {
  date: '2026-11-21T17:30:00Z', codOper: 'OP1', totalPay: 10.7, typeMethod: 'CLAVE', cardType: '', type: 'AUTH_CAPTURE', email: 'ana@example.com',
  messageSys: '', merchant: { merchantName: 'Tienda Ñandú', logo: '' },
};
const ANSWERS = {
  ...CHECKOUT_ANSWERS,
  'merchants/7/payment-methods': {
    paymentMethods: ['card', 'clave'].map((method, i) => ({ method, linkType: 'LK', gatewayCode: method === 'clave' ? 'CLAVE' : 'LK', idMerchantService: i + 1, txLimit: 0 })),
  },
};

function boot(path: string, status: number) {
  const { api } = scriptedApi({ ...ANSWERS, 'receipts/OP1': { ...RECEIPT, status }, 'clave/payments/OP1': { codOper: 'OP1', status } });
  return bootApp(path, { api });
}

describe('back from the bank: /pf/widget/returnclave and /pf/widget/returnclavesdk', () => {
  const keep = viewPerTest();

  it('approved: the receipt shows at its own address with the sticky params, and the merchant page hears once; then neither it nor the tab keeps the payment as waiting', async () => {
    saveReturn(sessionStorage, 'clave', { formPath: FORM, email: 'ana@example.com', returnUrl: '' });
    sessionStorage.setItem('pasarela.attempt.clave.LINK1', JSON.stringify({ codOper: 'OP1', deadline: null }));
    const view = await boot(`/pf/widget/returnclavesdk?Oper=OP1&parentOrigin=https%3A%2F%2Fshop.test&lang=es&from=${encodeURIComponent(FORM)}`, 1);
    keep(view);
    await vi.waitFor(
      async () => {
        await settle();
        expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.es.receipt_payment_proof);
      },
      { timeout: 10_000 },
    );
    expect(location.pathname).toBe('/pf/default-receipt/OP1');
    expect(new URLSearchParams(location.search).get('parentOrigin')).toBe('https://shop.test');
    expect(view.container.textContent).toContain(catalogs.es.status_approved);
    expect(view.results()).toEqual([expect.objectContaining({ status: 'success', method: 'clave', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'APPROVED' }) })]);
    // The loader forgets it (a reopen opens a fresh form) by its operation, the return knowing no
    // link code, and so does the tab.
    const told = view.messages.filter((m) => m.type === 'result' || m.type === 'pending').map((m) => m.type);
    expect(told).toEqual(['result', 'pending']);
    expect(view.messages.find((m) => m.type === 'pending')).toEqual({ type: 'pending', attempt: null, codOper: 'OP1' });
    expect(sessionStorage.getItem('pasarela.attempt.clave.LINK1')).toBeNull();
  });

  it('refused: back on the form with Clave chosen and the reason shown; told to the merchant page once', async () => {
    const view = await boot(`/pf/widget/returnclave?Oper=OP1&parentOrigin=https%3A%2F%2Fshop.test&from=${encodeURIComponent(FORM)}`, 0);
    keep(view);
    await vi.waitFor(
      async () => {
        await settle();
        expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(catalogs.es.declined_title);
      },
      { timeout: 10_000 },
    );
    // The reason: nothing was charged, and what the payer can do.
    expect(view.container.querySelector('[role="alert"]')?.textContent).toContain(catalogs.es.clave_declined_reason);
    expect(location.pathname).toBe('/pf/widget/clave');
    expect(new URLSearchParams(location.search).get('method')).toBe('clave');
    expect(view.container.querySelector<HTMLInputElement>('input[name="payment-method"][value="clave"]')?.checked).toBe(true);
    expect(view.container.querySelector('button[type="submit"]:not([hidden] *)')?.textContent).toBe(catalogs.es.clave_continue);
    expect(view.results()).toEqual([expect.objectContaining({ status: 'error', method: 'clave' })]);
    // The alert was there when the page loaded (no live region announces that): it takes the focus,
    // so it is read, where the focus stayed on the page's body.
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
  });
});

describe('Back from the bank page without an answer', () => {
  const keep = viewPerTest();

  it('the checkout opens on Clave, following the payment left at the bank instead of offering to pay again', async () => {
    // What the Clave screen keeps when it sends the payer to the bank.
    sessionStorage.setItem('pasarela.attempt.clave.LINK1', JSON.stringify({ codOper: 'OP1', deadline: null }));
    saveReturn(sessionStorage, 'clave', { formPath: '/pf/widget?type=lk&code=LINK1', email: '', returnUrl: '' });
    const view = await boot('/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test', -1);
    keep(view);
    await vi.waitFor(
      async () => {
        await settle();
        expect(view.container.querySelector('[role="status"]')?.textContent).toBe(catalogs.es.clave_bank_pending);
      },
      { timeout: 10_000 },
    );
    expect(view.container.querySelector<HTMLInputElement>('input[name="payment-method"][value="clave"]')?.checked).toBe(true);
    // The other methods wait until this payment ends or the payer gives it up.
    expect(view.container.querySelector<HTMLInputElement>('input[name="payment-method"][value="card"]')?.disabled).toBe(true);
  });
});
