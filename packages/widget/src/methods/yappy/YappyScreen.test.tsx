import { act } from 'preact/test-utils';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs, PasarelaError } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { preparePhoneRules } from '../../payments/phoneCheck';
import { fakePaymentContext, scriptedApi } from '../../testing/fakePaymentContext';
import { render, settle, type, viewPerTest } from '../../testing/render';
import { YappyScreen } from './YappyScreen';
import { recordAnnouncements, saidAfter } from '../../testing/announcements';

const PENDING = { codOper: 'OP1', status: -1, phone: '61111111', expiresAt: '2026-11-21T17:35:00.000Z' };

describe('YappyScreen', () => {
  const keep = viewPerTest();
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
    await preparePhoneRules();
  }, 30_000);

  async function show(status: unknown, more: Record<string, unknown> = {}) {
    const { api, calls } = scriptedApi({ 'yappy/payments': PENDING, 'yappy/payments/OP1': status, ...more } as Parameters<typeof scriptedApi>[0]);
    const fake = fakePaymentContext('yappy', api);
    const view = await render(<YappyScreen payment={fake.payment} />);
    keep(view);
    const submit = async () => {
      view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
      await settle();
    };
    return { ...view, ...fake, calls, submit };
  }

  it('asks for an 8-digit Yappy mobile in a labelled tel-national field and sends nothing for a landline', async () => {
    const view = await show(PENDING);
    const phone = view.input('yappy-phone');
    expect(phone.getAttribute('autocomplete')).toBe('tel-national');
    expect(view.container.querySelector(`label[for="${phone.id}"]`)?.textContent).toBe(catalogs.es.yappy_phone_label);
    // An example of the number asked, as Nequi's field shows one.
    expect(phone.placeholder).toBe('6123 4567');
    await type(phone, '211-1111');
    await view.submit();
    // What the number must be, not a bare "invalid".
    expect(view.container.textContent).toContain(catalogs.es.panama_mobile_invalid);
    expect(view.calls).toHaveLength(0);
    // Another country's number is refused in place too, its last eight digits never sent for it.
    for (const foreign of ['+1 415 555 2671', '8111111111']) {
      await type(phone, foreign);
      await view.submit();
      expect(view.container.textContent).toContain(catalogs.es.panama_mobile_invalid);
      expect(phone.value).toBe(foreign);
    }
    expect(view.calls).toHaveLength(0);
  });

  // Announced once: pressed with the button, by the focus moving to the field (its description); pressed
  // with Enter in the field, whose focus does not move, by its own line.
  it('a wrong phone is said once: by the focus from the button, by the field\'s own line from Enter in it', async () => {
    const view = await show(PENDING);
    const phone = view.input('yappy-phone');
    await type(phone, '211-1111');
    view.container.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    let heard = recordAnnouncements(view.container);
    await view.submit();
    await vi.waitFor(() => expect(document.activeElement).toBe(phone));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')?.split(' ').pop() ?? '')?.textContent).toBe(catalogs.es.panama_mobile_invalid);
    heard.stop();
    expect(heard.said).toEqual([]);

    await type(phone, '');
    await new Promise((resolve) => setTimeout(resolve, 20));
    heard = recordAnnouncements(view.container);
    await view.submit();
    heard.stop();
    expect(heard.said).toEqual([catalogs.es.field_required]);
  });

  // Focus on the method's radio said nothing of the request: a polite status says it was called off, once.
  it('"Cancelar y usar otro método": the request called off is said once', async () => {
    const view = await show(PENDING, { 'yappy/payments/OP1/cancel': { codOper: 'OP1', status: 0 } });
    await type(view.input('yappy-phone'), '6333 3333');
    await view.submit();
    const leave = () => [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.use_other_method);
    await vi.waitFor(async () => {
      await settle();
      expect(leave()).toBeDefined();
    });
    const said = await saidAfter(view.container, () => act(() => leave()?.click()), catalogs.es.wait_called_off ?? '');
    expect(view.calls.map((c) => c.path)).toContain('yappy/payments/OP1/cancel');
    expect(said.filter((s) => s === catalogs.es.wait_called_off)).toHaveLength(1);
    expect(view.input('yappy-phone')).toBeDefined();
  });

  it('waits with a countdown and a live status, then after a decline offers the same phone again with the catalogue message', async () => {
    const rejected = new PasarelaError({ code: 'payment_rejected', category: 'api', status: 422, serverMessage: 'El pago fue rechazado (The payer declined in Yappy)' });
    const view = await show([PENDING, rejected]);
    await type(view.input('yappy-phone'), '6222 2222');
    await view.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="timer"]')?.textContent).toBe('Tienes 05:00 para pagar');
    });
    // One way to name a phone on every wait: "•••• 1111" shown, in words for a screen reader (issue 96).
    expect(view.container.querySelector('[role="status"] [aria-hidden="true"]')?.textContent).toContain('•••• 1111');
    expect(view.container.querySelector('[role="status"] .visually-hidden')?.textContent).toContain('número terminado en 1111');
    expect(view.container.querySelector('[role="status"]')?.textContent).not.toContain('6111');
    // "Enviar" left with its form: the wait's title holds the focus, not the page's body (issue 96).
    expect(document.activeElement?.textContent).toBe(catalogs.es.yappy_title);

    // The first status check said pending; the next (polled after a second) says declined.
    await vi.waitFor(
      async () => {
        await settle();
        // Who declined and where, as Nequi's decline says (issue 92).
        expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.yappy_declined);
      },
      { timeout: 5_000 },
    );
    const phone = view.input('yappy-phone');
    expect(phone.value).toBe('62222222');
    expect(document.activeElement).toBe(phone);
  });

  it('a 502 on sending: the checkout asks about the attempt and waits on the first request, with no message and no second send', async () => {
    const { api, calls } = scriptedApi({
      'yappy/payments': [new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 502 }), PENDING],
      'payments/attempts/track-1': { trackId: 'track-1', codOper: 'OP1', method: 'yappy', status: -1, result: 'PENDING', authStatus: '', messageSys: '', redirectUrl: null, expiresAt: PENDING.expiresAt },
      'yappy/payments/OP1': PENDING,
    });
    const fake = fakePaymentContext('yappy', api);
    const view = await render(<YappyScreen payment={fake.payment} />);
    keep(view);
    await type(view.input('yappy-phone'), '6111 1111');
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="timer"]')).not.toBeNull();
    });
    expect(view.container.textContent).not.toContain(catalogs.es.payment_outcome_unknown);
    expect(calls.filter((c) => c.path === 'yappy/payments')).toHaveLength(1);
  });

  it('a wait called off because another payment paid the order: "ya se pagó" with how, its receipt and the way back, no alert and no decline to the shop (issue 92)', async () => {
    const paid = new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'OP9', paidWith: 'nequi' } });
    const view = await show([PENDING, paid]);
    await type(view.input('yappy-phone'), '6333 3333');
    await view.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 5_000 });
    expect(document.activeElement?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    expect(view.container.textContent).toContain((catalogs.es.paid_elsewhere_how ?? '').replace('{{method}}', 'Nequi'));
    expect(view.container.querySelector('[role="alert"], .alert')).toBeNull();
    expect(view.container.querySelector('form')).toBeNull();
    expect(view.container.textContent).not.toContain(catalogs.es.payment_rejected);
    expect(view.messages.filter((m) => m.type === 'result')).toEqual([]);
    const buttons = [...view.container.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual([catalogs.es.waiting_elsewhere_see_receipt, (catalogs.es.back_to_named_shop ?? '').replace('{{shop}}', 'Tienda Ñandú')]);
    buttons[0]?.click();
    expect(view.navigations).toContain('/pf/default-receipt/OP9');
    buttons[1]?.click();
    expect(view.messages).toContainEqual({ type: 'close' });
  });

  it('a wait called off from the order in another browser: said so neutrally, then "ya se pagó" once that browser pays (issue 92)', async () => {
    const calledOff = new PasarelaError({ code: 'payment_cancelled', category: 'api', status: 409 });
    const paid = new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'OP9', paidWith: 'card' } });
    const view = await show([PENDING, calledOff, calledOff, paid]);
    await type(view.input('yappy-phone'), '6333 3333');
    await view.submit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.called_off_elsewhere_title);
    }, { timeout: 5_000 });
    expect(view.container.querySelector('[role="alert"], .alert, form')).toBeNull();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 10_000 });
    expect(document.activeElement?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    expect(view.container.textContent).toContain('Se pagó con tarjeta');
    expect(view.messages.filter((m) => m.type === 'result')).toEqual([]);
  }, 15_000);

  it('"Enviar" pressed after the order was paid in another browser: "ya se pagó" with how and its receipt, no alert, no decline to the shop (issue 92)', async () => {
    const paid = new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'OP9', paidWith: 'card' } });
    const { api, calls } = scriptedApi({ 'yappy/payments': paid });
    const fake = fakePaymentContext('yappy', api);
    const view = await render(<YappyScreen payment={fake.payment} />);
    keep(view);
    await type(view.input('yappy-phone'), '6333 3333');
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    }, { timeout: 5_000 });
    expect(document.activeElement?.textContent).toBe(catalogs.es.paid_elsewhere_title);
    expect(view.container.textContent).toContain('Se pagó con tarjeta');
    expect(view.container.querySelector('[role="alert"], .alert, form')).toBeNull();
    expect(fake.messages.filter((m) => m.type === 'result')).toEqual([]);
    expect(calls.filter((c) => c.path === 'yappy/payments')).toHaveLength(1);
    [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.es.waiting_elsewhere_see_receipt)?.click();
    expect(fake.navigations).toContain('/pf/default-receipt/OP9');
  });

  describe('a wait the merchant voided: never sent again', () => {
    const voided = new PasarelaError({ code: 'payment_voided_by_merchant', category: 'api', status: 409 });
    async function voidedView(withOtherMethods: boolean) {
      // The checkout's method choice around the screen (CheckoutScreen), when it offers other methods.
      const choice = document.createElement('div');
      choice.innerHTML = withOtherMethods ? '<input type="radio" name="payment-method" value="yappy" checked><input type="radio" name="payment-method" value="card">' : '';
      document.body.append(choice);
      const view = await show([PENDING, voided]);
      await type(view.input('yappy-phone'), '6333 3333');
      await view.submit();
      await vi.waitFor(async () => {
        await settle();
        expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.payment_voided_by_merchant);
      }, { timeout: 5_000 });
      return { ...view, choice };
    }
    const buttons = (container: HTMLElement) => [...container.querySelectorAll('button')].map((b) => b.textContent);

    it('offers another method (focused) and back to the shop, and no phone form', async () => {
      const view = await voidedView(true);
      expect(view.container.querySelector('form')).toBeNull();
      expect(buttons(view.container)).toEqual([catalogs.es.voided_choose_other_method, catalogs.es.back_to_shop]);
      await vi.waitFor(() => expect(document.activeElement?.textContent).toBe(catalogs.es.voided_choose_other_method));
      view.container.querySelector('button')?.click();
      expect(document.activeElement).toBe(view.choice.querySelector('input[value="card"]'));
      // Back to the shop: the loader closes the checkout.
      [...view.container.querySelectorAll('button')].at(-1)?.click();
      expect(view.messages).toContainEqual({ type: 'close' });
      view.choice.remove();
    });

    it('with no other method offered, back to the shop alone', async () => {
      const view = await voidedView(false);
      expect(buttons(view.container)).toEqual([catalogs.es.back_to_shop]);
      view.choice.remove();
    });
  });
});

describe('YappyScreen on a link that ended', () => {
  const keep = viewPerTest();
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
    await preparePhoneRules();
  }, 30_000);

  it('the link expired before the request was sent (3000): the message alone, focused, with nothing offered to send again', async () => {
    const { api, calls } = scriptedApi({ 'yappy/payments': new PasarelaError({ code: '3000', category: 'api', status: 410 }) });
    const fake = fakePaymentContext('yappy', api);
    const view = keep(await render(<YappyScreen payment={fake.payment} />));
    await type(view.input('yappy-phone'), '61111111');
    view.container.querySelector<HTMLFormElement>('form')?.requestSubmit();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(catalogs.es.expired_link);
    });
    expect(calls.filter((c) => c.path === 'yappy/payments')).toHaveLength(1);
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
    expect(view.container.querySelector('h2')?.textContent).toBe(catalogs.es.yappy_title);
    expect(view.container.querySelector('form, button')).toBeNull();
  });
});
