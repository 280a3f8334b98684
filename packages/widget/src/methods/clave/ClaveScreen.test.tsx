import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs, PasarelaError, type PayerMessage } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { fakePaymentContext, scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { render, settle } from '../../testing/render';
import { saidAfter } from '../../testing/announcements';
import { ClaveScreen } from './ClaveScreen';

describe('ClaveScreen', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });
  afterEach(async () => {
    sessionStorage.clear();
    await unmount?.();
  });

  /** The Clave screen on a scripted server, its form sent at once. */
  async function sent(answers: Record<string, Answer>) {
    const { api, calls } = scriptedApi(answers);
    const fake = fakePaymentContext('clave', api);
    const view = await render(<ClaveScreen payment={fake.payment} />);
    unmount = view.unmount;
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    return { ...view, calls, results: fake.results };
  }

  it.each<[PayerMessage['key'], string, string]>([
    ['payment_cancelled', 'alert alert--info', catalogs.es.payment_cancelled ?? ''],
    ['payment_declined', 'alert', `${catalogs.es.declined_title ?? ''}${catalogs.es.clave_declined_reason ?? ''}`],
  ])("back from the bank's page with %s: said in its own words, focused to be read, never a cancel told as the bank's refusal", async (key, className, said) => {
    const { api } = scriptedApi({});
    const fake = fakePaymentContext('clave', api, { arrivalMessage: { key } });
    const view = await render(<ClaveScreen payment={fake.payment} />);
    unmount = view.unmount;
    await settle();
    const alert = view.container.querySelector<HTMLElement>('[role="alert"]');
    expect(alert?.textContent).toBe(said);
    expect(alert?.className).toBe(className);
    expect(document.activeElement).toBe(alert);
    if (key === 'payment_cancelled') expect(alert?.textContent).not.toMatch(/rechaz|banco/i);
  });

  // Focus on the method's radio said nothing of the payment left at the bank: a polite status says it was called off, once.
  it('"Cancelar y usar otro método" after coming Back from the bank\'s page: the payment called off is said once', async () => {
    const answers = {
      'clave/payments': { codOper: 'OP1', status: -1, redirectUrl: `${location.origin}/sandbox/clave/OP1` },
      'clave/payments/OP1': { codOper: 'OP1', status: -1 },
      'clave/payments/OP1/cancel': { codOper: 'OP1', status: 0, authStatus: 'CANCELLED' },
    };
    const left = await sent(answers);
    await vi.waitFor(() => expect(left.calls.some((c) => c.path === 'clave/payments')).toBe(true));
    await settle();
    await left.unmount();
    // Back from the bank's page without an answer: the same payment's wait, with the way out.
    const { api, calls } = scriptedApi(answers);
    const view = await render(<ClaveScreen payment={fakePaymentContext('clave', api).payment} />);
    unmount = view.unmount;
    const leave = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.use_other_method);
    await vi.waitFor(async () => {
      await settle();
      expect(leave()).toBeDefined();
    });
    const said = await saidAfter(view.container, () => leave()?.click(), catalogs.es.wait_called_off ?? '');
    expect(calls.map((c) => c.path)).toContain('clave/payments/OP1/cancel');
    expect(said.filter((s) => s === catalogs.es.wait_called_off)).toHaveLength(1);
    expect(view.container.querySelector('form')).not.toBeNull();
  });

  it('a request whose answer was lost (504), which the server, asked, does not have: "nothing was charged", not left silent', async () => {
    const view = await sent({
      'clave/payments': new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 504 }),
      'payments/attempts/track-1': new PasarelaError({ code: 'PAYMENT_NOT_FOUND', category: 'api', status: 404 }),
    });
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.payment_not_received);
    }, { timeout: 5_000 });
    expect(view.calls.filter((c) => c.path === 'payments/attempts/track-1')).toHaveLength(2);
    expect(view.calls.filter((c) => c.path === 'clave/payments')).toHaveLength(1);
    // Nothing is told to the merchant page about an outcome nobody knows yet.
    expect(view.results()).toEqual([]);
  });

  it('followed after the bank page, called off because a card paid the order elsewhere: "ya se pagó", how, its receipt; no refusal, nothing reported (issue 92)', async () => {
    const view = await sent({
      'clave/payments': { codOper: 'OP1', status: -1, redirectUrl: `${location.origin}/sandbox/clave/OP1` },
      'clave/payments/OP1': new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'CARD9', paidWith: 'card' } }),
    });
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 5_000 });
    expect(view.container.textContent).toContain((catalogs.es.paid_elsewhere_how ?? '').replace('{{method}}', 'tarjeta'));
    expect(view.container.textContent).not.toContain(catalogs.es.clave_declined_reason);
    expect(view.container.querySelector('[role="alert"], .alert, form')).toBeNull();
    expect([...view.container.querySelectorAll('button')].map((b) => b.textContent)).toContain(catalogs.es.waiting_elsewhere_see_receipt);
    // The shop hears of the payment that paid, never of a decline here.
    expect(view.results()).toEqual([]);
  });

  it('the link expired before the bank was asked (3000): the message alone, focused, with no form to send again', async () => {
    const view = await sent({ 'clave/payments': new PasarelaError({ code: '3000', category: 'api', status: 410 }) });
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.expired_link);
    }, { timeout: 5_000 });
    expect(view.calls.filter((c) => c.path === 'clave/payments')).toHaveLength(1);
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
    expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.clave_title);
    expect(view.container.querySelector('form, button')).toBeNull();
  });
});
