import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogs, PasarelaError } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { fakePaymentContext, scriptedApi } from '../../testing/fakePaymentContext';
import { render, settle, type, viewPerTest } from '../../testing/render';
import { NequiScreen } from './NequiScreen';

const EXPIRES_AT = '2026-11-21T17:35:00.000Z';
const PUSHED = { codOper: 'OP1', status: -1, phone: '63333333', expiresAt: EXPIRES_AT };
const QR = { codOper: 'OP1', status: -1, qrValue: 'bancadigital-QR1', expiresAt: EXPIRES_AT };
const DECLINED = { codOper: 'OP1', status: 0 };
const EXPIRED = new PasarelaError({ code: '619', category: 'api', status: 410 });

// PRODUCT: the focus is never lost to the page's body; after a failure it is on the field to fix or the alert.
describe('NequiScreen after a failure', () => {
  const keep = viewPerTest();
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
    await preparePhoneRules();
  }, 30_000);
  beforeEach(() => sessionStorage.clear());

  async function show(answers: Record<string, unknown>) {
    const { api } = scriptedApi(answers as Parameters<typeof scriptedApi>[0]);
    const fake = fakePaymentContext('nequi', api);
    const view = await render(<NequiScreen payment={fake.payment} />);
    keep(view);
    const submit = async () => {
      view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
      await settle();
    };
    return { ...view, ...fake, submit };
  }
  const alertText = (view: { container: HTMLElement }) => view.container.querySelector('[role="alert"]')?.textContent;

  it('a QR refused in the app: the alert has the focus', async () => {
    const view = await show({ 'nequi/qr': QR, 'nequi/payments/OP1': [QR, DECLINED] });
    view.container.querySelector<HTMLInputElement>('input[name="nequi-mode"][value="qr"]')?.click();
    await settle();
    await view.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(alertText(view)).toBe(catalogs.es.error_pay_qr_nequi);
    }, { timeout: 5_000 });
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
    // Choosing the push afterwards leaves the focus on the radio the payer is on.
    const push = view.container.querySelector<HTMLInputElement>('input[name="nequi-mode"][value="push"]');
    push?.focus();
    push?.click();
    await settle();
    expect(document.activeElement).toBe(push);
  });

  it('a push whose wait a reload picked up, then expired: the phone typed is in the field, with the focus', async () => {
    const first = await show({ 'nequi/push': PUSHED, 'nequi/payments/OP1': PUSHED });
    await type(first.input('nequi-phone'), '6333 3333');
    await first.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(first.container.querySelector('[role="timer"]')).not.toBeNull();
    });
    await first.unmount();

    // The reload: a new screen on the same tab's storage, following the same payment.
    const reloaded = await show({ 'nequi/payments/OP1': [PUSHED, EXPIRED] });
    await vi.waitFor(async () => {
      await settle();
      expect(alertText(reloaded)).toBe(catalogs.es.payment_expired);
    }, { timeout: 5_000 });
    const phone = reloaded.input('nequi-phone');
    expect(phone.value.replace(/\D/g, '')).toBe('63333333');
    expect(document.activeElement).toBe(phone);
  });

  it('the link expired before the push was sent (3000): the message alone, focused, with nothing offered to send again', async () => {
    const { api, calls } = scriptedApi({ 'nequi/push': new PasarelaError({ code: '3000', category: 'api', status: 410 }) });
    const fake = fakePaymentContext('nequi', api);
    const view = keep(await render(<NequiScreen payment={fake.payment} />));
    await type(view.input('nequi-phone'), '61111111');
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.expired_link);
    });
    expect(calls.filter((c) => c.path === 'nequi/push')).toHaveLength(1);
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
    const buttons = [...view.container.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).not.toContain(catalogs.es.nequi_send_again);
    expect(buttons).not.toContain(catalogs.es.retry_button);
    expect(view.container.querySelector('form')).toBeNull();
  });

  const buttonTexts = (view: { container: HTMLElement }) => [...view.container.querySelectorAll('button')].map((b) => b.textContent);

  it('the processor down (503 method_payments_unavailable): the push was never sent, so the button sends, not "send again"', async () => {
    const unavailable = new PasarelaError({ code: 'method_payments_unavailable', category: 'api', status: 503 });
    const view = await show({ 'nequi/push': unavailable });
    await type(view.input('nequi-phone'), '61111111');
    await view.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(alertText(view)).toBe(catalogs.es.method_payments_unavailable);
    });
    expect(buttonTexts(view)).toContain(catalogs.es.nequi_send_push);
    expect(buttonTexts(view)).not.toContain(catalogs.es.nequi_send_again);
  });

  it('a push sent and refused in the app: the same phone is sent again ("send again")', async () => {
    const view = await show({ 'nequi/push': PUSHED, 'nequi/payments/OP1': [PUSHED, DECLINED] });
    await type(view.input('nequi-phone'), '63333333');
    await view.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(alertText(view)).toBe(catalogs.es.error_pay_push_nequi);
    }, { timeout: 5_000 });
    expect(buttonTexts(view)).toContain(catalogs.es.nequi_send_again);
  });
});
