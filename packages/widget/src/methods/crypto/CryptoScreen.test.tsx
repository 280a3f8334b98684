import { describe, expect, it, vi } from 'vitest';
import { PasarelaError, catalogs } from '@pasarela/core';
import { act } from 'preact/test-utils';
import type { ApiClient } from '../../api/client';
import { CHECKOUT_ANSWERS, answeringApi, bootApp } from '../../testing/bootApp';
import { TEST_NOW } from '../../testing/fakeServices';
import { settle, viewPerTest } from '../../testing/render';
import { recordAnnouncements, saidAfter } from '../../testing/announcements';

/** The Spanish text of a catalogue key. */
const es = (key: string): string => catalogs.es[key] ?? key;
const PAYMENT = {
  id: 'OP9', codOper: 'OP9', status: 'SUCCESS', txStatus: 0, currency: 'USDT', network: 'TRX', address: 'sbxtrx_0123abcd',
  amountUSD: 10.7, amountCrypto: 10.7, rate: 1, rateExpiresAt: new Date(TEST_NOW + 600_000).toISOString(), paidCrypto: 0, underpaid: false,
  cryptoNetwork: [{ name: 'Tron (TRC20)', network: 'TRX' }, { name: 'Ethereum (ERC20)', network: 'ETH' }],
};
const ANSWERS: Record<string, unknown> = {
  ...CHECKOUT_ANSWERS,
  'merchants/7/payment-methods': {
    paymentMethods: [
      { method: 'card', linkType: 'LK', gatewayCode: 'LK', idMerchantService: 1, txLimit: 0 },
      { method: 'crypto', linkType: 'LK', gatewayCode: 'CRYPTO', idMerchantService: 4, txLimit: 0 },
    ],
  },
  'crypto/coins': { coins: [{ label: 'Tether (USDT)', value: 'USDT' }, { label: 'Bitcoin (BTC)', value: 'BTC' }] },
  'crypto/networks': { coin: 'USDT', networks: PAYMENT.cryptoNetwork },
  'crypto/payments': PAYMENT,
  'crypto/payments/OP9': PAYMENT,
};

async function boot(path: string, failures: Record<string, PasarelaError> = {}) {
  const posts: unknown[] = [];
  const answering = answeringApi(ANSWERS, failures);
  const api: ApiClient = {
    ...answering,
    post: (p, schema, body) => {
      posts.push(body);
      return answering.post(p, schema, body);
    },
  };
  const view = await bootApp(path, { api });
  const select = (label: string) => {
    const id = [...view.container.querySelectorAll('label')].find((l) => l.textContent === label)?.htmlFor ?? '';
    const element = view.container.querySelector<HTMLSelectElement>(`select#${id}`);
    if (!element) throw new Error(`no select labelled ${label}`);
    return element;
  };
  const pick = async (element: HTMLSelectElement, value: string) => {
    await act(() => {
      element.value = value;
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
  };
  const button = (name: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === es(name));
  /** USDT on TRX, then "Obtener dirección". */
  const askForAddress = async () => {
    await pick(select(es('crypto_coin_label')), 'USDT');
    await pick(select(es('crypto_network_label')), 'TRX');
    await act(() => button('crypto_get_address')?.click());
  };
  return { ...view, posts, select, pick, button, askForAddress };
}

describe('crypto screen (PRODUCT.md "Crypto")', () => {
  const keep = viewPerTest();

  /** The checkout at /pf/widget/crypto, once the crypto screen lists its coins. */
  async function openCrypto() {
    const view = keep(await boot('/pf/widget/crypto?type=lk&code=LINK1'));
    // The crypto screen's chunk is imported on the way: allow a loaded machine its time.
    await vi.waitFor(async () => {
      await settle();
      expect(view.select(es('crypto_coin_label')).options.length).toBe(3);
    }, { timeout: 10_000, interval: 50 });
    return view;
  }

  it('/pf/widget/crypto opens on crypto: selects Moneda and Red, then the QR, amount, address and the frozen-rate countdown', async () => {
    const view = await openCrypto();
    const radio = view.container.querySelector<HTMLInputElement>('input[name="payment-method"][value="crypto"]');
    expect(radio?.checked).toBe(true);
    const coin = view.select(es('crypto_coin_label'));
    expect([...coin.options].map((o) => o.textContent)).toEqual([es('crypto_choose_coin'), 'Tether (USDT)', 'Bitcoin (BTC)']);
    await view.pick(coin, 'USDT');
    const network = view.select(es('crypto_network_label'));
    expect([...network.options].map((o) => o.value)).toEqual(['', 'TRX', 'ETH']);
    await view.pick(network, 'TRX');

    await act(() => view.button('crypto_get_address')?.click());
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('img.qr')?.getAttribute('alt')).toContain('QR');
    });
    expect(view.posts).toEqual([expect.objectContaining({ codeProcess: 'LINK1', currency: 'USDT', network: 'TRX', idMerchantService: 4, trackId: 'track-1' })]);
    const text = view.container.textContent ?? '';
    expect(text).toContain('10.7 USDT');
    expect(text).toContain('sbxtrx_0123abcd');
    const buttons = [...view.container.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toEqual(expect.arrayContaining([es('crypto_copy_amount'), es('crypto_copy_address')]));
    expect(view.container.querySelector('[role="timer"]')?.textContent).toBe('La tasa de cambio se mantiene por 10:00');
    expect(view.container.querySelector('.crypto [role="status"]')?.textContent).toBe('Envía exactamente 10.7 USDT');
    expect(view.messages.filter((m) => m.type === 'result')).toEqual([]);
  });

  // The focus on the crypto radio said nothing of the quote called off: a polite status says so, once.
  it('"Cancelar y usar otro método" before any coin came: the focus on the method, and the request called off said once', async () => {
    ANSWERS['crypto/payments/OP9/cancel'] = { ...PAYMENT, txStatus: 0, authStatus: 'CANCELLED', cancelled: true };
    try {
      const view = await openCrypto();
      const { button } = view;
      await view.askForAddress();
      await vi.waitFor(async () => {
        await settle();
        expect(button('use_other_method')).toBeDefined();
      });
      button('use_other_method')?.focus();
      const said = await saidAfter(view.container, () => act(() => button('use_other_method')?.click()), es('wait_called_off'));
      expect(document.activeElement?.getAttribute('value')).toBe('crypto');
      expect(said.filter((s) => s === es('wait_called_off'))).toHaveLength(1);
    } finally {
      delete ANSWERS['crypto/payments/OP9/cancel'];
    }
  });

  // The address, QR and countdown gave way to "Actualiza el pago..." in silence (WCAG 4.1.3).
  it('another coin chosen while a quote is live: the change is said as a status', async () => {
    const view = await openCrypto();
    await view.askForAddress();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('img.qr')).not.toBeNull();
    });
    const heard = recordAnnouncements(view.container);
    await view.pick(view.select(es('crypto_coin_label')), 'BTC');
    const said = 'Actualiza el pago para ver la dirección y el monto en BTC.';
    await vi.waitFor(async () => {
      await settle();
      expect(heard.said).toContain(said);
    });
    heard.stop();
    expect(view.container.querySelector('img.qr')).toBeNull();
    expect(heard.said.filter((s) => s === said)).toHaveLength(1);
  });

  it('a submit with no coin says the field is required and sends nothing', async () => {
    const view = await openCrypto();
    const submit = view.button('crypto_get_address');
    submit?.focus();
    const heard = recordAnnouncements(view.container);
    await act(() => submit?.click());
    await settle();
    const coin = view.select(es('crypto_coin_label'));
    expect(coin.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(coin.getAttribute('aria-describedby') ?? '')?.textContent).toBe(es('field_required'));
    // Said by the focus on the field, which reads it, not by a live region besides.
    expect(document.activeElement).toBe(coin);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    heard.stop();
    expect(heard.said).toEqual([]);
    expect(view.posts).toEqual([]);
  });

  it('after an under-payment, cancelling asks first (focus on the question, Escape keeps paying); confirmed: the refund and DECLINED to the parent', async () => {
    const underpaid = { ...PAYMENT, paidCrypto: 5, underpaid: true, authStatus: 'UNDERPAID', senderAddress: 'sbxtrx_payer_9' };
    const refund = { coin: 'USDT', network: 'TRX', amount: 5, to: 'sbxtrx_payer_9', status: 'pending', refundedAt: null };
    Object.assign(ANSWERS, {
      'crypto/payments': underpaid, 'crypto/payments/OP9': underpaid,
      'crypto/payments/OP9/cancel': { ...underpaid, txStatus: 0, authStatus: 'CANCELLED', cancelled: true, refund },
    });
    try {
      const view = await boot('/pf/widget/crypto?type=lk&code=LINK1');
      keep(view);
      await vi.waitFor(async () => {
        await settle();
        expect(view.select(es('crypto_coin_label')).options.length).toBe(3);
      });
      const { button } = view;
      await view.askForAddress();
      await vi.waitFor(async () => {
        await settle();
        expect(view.container.querySelector('.crypto [role="status"]')?.textContent).toBe('Recibimos 5 USDT. Aún faltan 5.7 USDT');
      });

      await act(() => button('use_other_method')?.click());
      await settle();
      const dialog = view.container.querySelector('[role="alertdialog"]');
      expect(dialog?.textContent).toContain(
        'Enviaste 5 USDT de 10.7 USDT. Si cancelas, los 5 USDT recibidos se te devolverán por la red Tron (TRC20) a la dirección desde la que los enviaste:',
      );
      expect(dialog?.textContent).toContain('sbxtrx_payer_9');
      expect(document.activeElement?.textContent).toBe(es('crypto_cancel_confirm_title'));
      // The question takes the place of the QR.
      expect(view.container.querySelector('img.qr')).toBeNull();
      // Tab goes round its two answers, never out of the question.
      const answers = [...(dialog?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
      const tab = (shiftKey: boolean) => act(() => void document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })));
      answers.at(-1)?.focus();
      await tab(false);
      expect(document.activeElement).toBe(answers[0]);
      await tab(true);
      expect(document.activeElement).toBe(answers.at(-1));
      // Answered here alone: the checkout's Escape (asking to close the checkout) never hears it.
      const heardByCheckout: boolean[] = [];
      const checkoutEscape = (event: KeyboardEvent) => void heardByCheckout.push(!event.defaultPrevented);
      document.addEventListener('keydown', checkoutEscape);
      await act(() => void dialog?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true })));
      document.removeEventListener('keydown', checkoutEscape);
      expect(heardByCheckout.filter(Boolean)).toEqual([]);
      await settle();
      expect(view.container.querySelector('[role="alertdialog"]')).toBeNull();
      expect(view.container.querySelector('img.qr')).not.toBeNull();
      expect(view.posts).toHaveLength(1);

      await act(() => button('use_other_method')?.click());
      await settle();
      await act(() => button('crypto_cancel_confirm')?.click());
      await vi.waitFor(async () => {
        await settle();
        expect(view.container.querySelector('.crypto__refund')?.textContent).toContain('Te devolveremos 5 USDT por la red Tron (TRC20)');
      });
      expect(view.posts.at(-1)).toEqual({ confirmRefund: true });
      expect(document.activeElement?.textContent).toBe(es('crypto_refund_title'));
      expect(view.messages.filter((m) => m.type === 'result')).toEqual([
        expect.objectContaining({ result: expect.objectContaining({ status: 'error', method: 'crypto', notification: expect.objectContaining({ Estado: 'DECLINED', Oper: 'OP9', Razon: 'crypto_refund_pending' }) }) }),
      ]);
    } finally {
      Object.assign(ANSWERS, { 'crypto/payments': PAYMENT, 'crypto/payments/OP9': PAYMENT });
      delete ANSWERS['crypto/payments/OP9/cancel'];
    }
  });

  it('part-paid, then the order paid in another browser: "already paid" with that receipt, the coins received going back, focus on the heading, no decline to the parent', async () => {
    const underpaid = { ...PAYMENT, paidCrypto: 5, underpaid: true, authStatus: 'UNDERPAID', senderAddress: 'sbxtrx_payer_9' };
    const refund = { coin: 'USDT', network: 'TRX', amount: 5, to: 'sbxtrx_payer_9', status: 'pending', refundedAt: null };
    const calledOff = { ...underpaid, underpaid: false, authStatus: 'CANCELLED', cancelled: true, refund, paidBy: { codOper: 'PP7', method: 'nequi' } };
    Object.assign(ANSWERS, { 'crypto/payments': underpaid, 'crypto/payments/OP9': underpaid });
    try {
      const view = keep(await boot('/pf/widget/crypto?type=lk&code=LINK1'));
      await vi.waitFor(async () => {
        await settle();
        expect(view.select(es('crypto_coin_label')).options.length).toBe(3);
      });
      await view.askForAddress();
      await vi.waitFor(async () => {
        await settle();
        expect(view.container.querySelector('.crypto [role="status"]')?.textContent).toBe('Recibimos 5 USDT. Aún faltan 5.7 USDT');
      });
      ANSWERS['crypto/payments/OP9'] = calledOff;
      await vi.waitFor(async () => {
        await settle();
        expect(document.activeElement?.textContent).toBe(es('paid_elsewhere_title'));
      }, { timeout: 5_000, interval: 50 });
      const text = view.container.querySelector('.paid-elsewhere')?.textContent ?? '';
      // Coins came here: they go back, so not "nothing is charged here" beside them.
      expect(text).toContain('Se pagó con Nequi en otra ventana o dispositivo. Lo que enviaste aquí te lo devolvemos:');
      expect(text).not.toContain('Aquí no se te cobra nada');
      expect(text).toContain('Te devolveremos 5 USDT por la red Tron (TRC20) a la dirección desde la que los enviaste:');
      expect(text).toContain('sbxtrx_payer_9');
      expect(view.container.querySelector('.crypto__refund')).toBeNull();
      expect(view.button('crypto_pay_again')).toBeUndefined();
      expect(view.button('waiting_elsewhere_see_receipt')).toBeDefined();
      expect(view.messages.filter((m) => m.type === 'result')).toEqual([]);
    } finally {
      Object.assign(ANSWERS, { 'crypto/payments': PAYMENT, 'crypto/payments/OP9': PAYMENT });
    }
  });

  it('the link expired before the address was asked (3000): the message alone, focused, with no way to try again and no method choice', async () => {
    const view = keep(await boot('/pf/widget/crypto?type=lk&code=LINK1', {
      'crypto/payments': new PasarelaError({ code: '3000', category: 'api', status: 410 }),
    }));
    await vi.waitFor(async () => {
      await settle();
      expect(view.select(es('crypto_coin_label')).options.length).toBe(3);
    }, { timeout: 10_000, interval: 50 });
    await view.askForAddress();
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(es('expired_link'));
    });
    expect(document.activeElement).toBe(view.container.querySelector('[role="alert"]'));
    expect(view.button('retry_button')).toBeUndefined();
    expect(view.button('crypto_get_address')).toBeUndefined();
    expect(view.container.querySelector('input[type="radio"]')).toBeNull();
  });

  it('SERVICE_UNAVAILABLE on the coins shows the catalogue message and a way to try again', async () => {
    const view = await boot('/pf/widget/crypto?type=lk&code=LINK1', {
      'crypto/coins': new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 404 }),
    });
    keep(view);
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(es('service_unavailable'));
    });
    expect([...view.container.querySelectorAll('button')].some((b) => b.textContent === es('retry_button'))).toBe(true);
  });
});
