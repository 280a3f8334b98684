import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { catalogs, type Language } from '@pasarela/core';
import { ServicesContext, type Services } from '../services/services';
import { startI18n } from '../i18n/i18n';
import { standaloneServices } from '../testing/fakeServices';
import { render, settle, viewPerTest } from '../testing/render';
import { ReceiptScreen } from './ReceiptScreen';
import { createReceiptStore } from './receiptStore';

/** A cash voucher's receipt as the sandbox answers it (no card, typeMethod CASH, the voucher number as reference). */
const cashReceipt = (status: number) => ({
  date: '2026-11-21T17:30:00Z', name: '', authStatus: status === 2 ? 'PAID' : 'PENDING', cardType: '', type: 'AUTH_CAPTURE',
  displayNum: '', codOper: 'PPCASH1', status, totalPay: 26.75, email: 'ana@example.com', typeMethod: 'CASH',
  reference: '482913004571', merchant: { merchantName: 'Tienda Ñandú', logo: '' }, network: 'PAYCASH',
  expirationDate: '2026-11-22T17:30:00.000Z', descriptor: 'Tienda Ñandú', concept: 'not description', txCtrl: { completeName: '', description: 'Pedido 88' },
});

function servicesFor(receipt: unknown): Services {
  const answer = async <S extends v.GenericSchema>(_path: string, schema: S) => v.parse(schema, receipt);
  return standaloneServices({ get: answer, post: answer, put: answer });
}

async function showReceipt(status: number, receipt: unknown = cashReceipt(status), lang: Language = 'es') {
  const services = { ...servicesFor(receipt), lang };
  const store = createReceiptStore(services.api, 'PPCASH1');
  await store.getState().load();
  const view = await render(
    <ServicesContext.Provider value={services}>
      <ReceiptScreen store={store} />
    </ServicesContext.Provider>,
  );
  await settle();
  return Object.assign(view, { services });
}

describe('ReceiptScreen for a cash voucher (SPEC 4 "Cash and cash-point: 3 declined, 0 and -1 pending, 1 completed, 2 paid")', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it.each([
    [2, catalogs.es.receipt_payment_proof, catalogs.es.status_paid],
    [0, catalogs.es.receipt_payment_instructions, catalogs.es.status_pending],
    [3, catalogs.es.receipt_declined, catalogs.es.status_declined],
  ])('status %s: title %j, badge %j, the voucher number grouped; no authorization, no card statement', async (status, title, badge) => {
    const view = await showReceipt(status);
    keep(view);
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(badge);
    // The heading takes the focus on arrival: the outcome and the amount are its description.
    const described = (view.container.querySelector('h1')?.getAttribute('aria-describedby') ?? '').split(' ').map((id) => view.container.querySelector(`#${id}`)?.textContent);
    expect(described).toEqual([badge, expect.stringMatching(/^\$\d/)]);
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.textContent).toContain('4829 1300 4571');
    });
    expect(view.container.textContent).toContain('Pedido 88');
    // No card line, no "Autorización: PAID", no statement line, no wire default on a cash receipt.
    for (const text of [catalogs.es.receipt_card, catalogs.es.receipt_auth, catalogs.es.receipt_descriptor, 'PAID', 'PENDING', 'not description']) {
      expect(view.container.textContent).not.toContain(text);
    }
  });

  it('a voucher still to pay (the e-mailed link) shows what to do: code with barcode, where, until when', async () => {
    const view = await showReceipt(0);
    keep(view);
    await vi.waitFor(async () => {
      await settle();
      expect(view.container.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toBe('Código de barras del código de pago 4829 1300 4571');
    });
    expect(view.container.textContent).toContain(catalogs.es.cash_network_paycash_where);
    expect(view.container.textContent).toContain('22/11/2026 12:30:00');
    expect(view.container.textContent).toContain(catalogs.es.cash_print);
    expect(view.container.textContent).not.toContain(catalogs.es.receipt_pending_note);
  });

  it('names the cash network beside the method, one pair of parentheses at most: "Efectivo · Punto de pago (PC)"', async () => {
    const view = await showReceipt(1, { ...cashReceipt(1), network: 'PC' });
    keep(view);
    const line = [...view.container.querySelectorAll('dt')].find((dt) => dt.textContent === catalogs.es.payment_method_label)?.nextElementSibling;
    expect(line?.textContent).toBe(`${catalogs.es.method_cash} · ${catalogs.es.cash_network_cash_point}`);
  });
});

describe('ReceiptScreen for a card (issue 21 "Receipts read like receipts")', () => {
  const keep = viewPerTest();
  const cardReceipt = (status: number, authStatus: string) => ({
    date: '2026-11-21T17:30:00Z', name: 'Rosa Díaz', authStatus, cardType: 'VISA', type: 'AUTH_CAPTURE', displayNum: '**** **** **** 4242',
    codOper: 'PP753D89F4AFDB', status, totalPay: 12.84, email: 'rosa@example.com', typeMethod: 'CARD', reference: 'PP753D89F4AFDB',
    concept: 'not description', descriptor: 'Tienda Demo', merchant: { merchantName: 'Tienda Demo', logo: '' }, txCtrl: { completeName: 'Rosa Díaz', description: 'Entradas' },
  });

  it.each([
    ['es', 1, 'APPROVED', 'Comprobante de pago', true],
    ['es', 0, 'DECLINED', 'Pago rechazado', false],
    ['es', -1, 'PENDING', 'Pago pendiente', true],
    ['en', -1, 'PENDING', 'Payment pending', true],
    ['en', 0, 'DECLINED', 'Payment declined', false],
  ] as const)('%s status %s (%s): %j, no status word as authorization, the operation once', async (lang, status, auth, title, statement) => {
    await startI18n(lang, catalogs[lang]);
    const view = await showReceipt(status, cardReceipt(status, auth));
    keep(view);
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    const text = view.container.textContent ?? '';
    expect(text).not.toContain(auth);
    expect(text).not.toContain(catalogs[lang].receipt_auth);
    expect(text).not.toContain('not description');
    expect(text.split('PP753D89F4AFDB')).toHaveLength(2);
    expect(text.includes(catalogs[lang].receipt_descriptor ?? 'receipt_descriptor')).toBe(statement);
    expect(view.container.querySelector('.receipt__line--token dd')?.textContent).toBe('PP753D89F4AFDB');
  });

  // Issue 89: a manual-capture payment (type AUTH) approved is a hold: nothing is taken until the shop
  // captures it (maybe less) or voids it. Its receipt says the amount is held, not that it was paid.
  it.each([
    ['es', 'Reservado', 'Este monto queda reservado en tu tarjeta y se cobrará cuando la tienda confirme tu pedido.'],
    ['en', 'Held', 'This amount is held on your card and will be charged when the shop confirms your order.'],
  ] as const)('%s: a hold not yet captured says %j and when it is charged, never "approved"', async (lang, badge, note) => {
    await startI18n(lang, catalogs[lang]);
    const view = await showReceipt(1, { ...cardReceipt(1, 'APPROVED'), type: 'AUTH' });
    keep(view);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(badge);
    expect(view.container.querySelector('.receipt__note')?.textContent).toBe(note);
    expect(view.container.textContent).not.toContain(catalogs[lang].status_approved);
    // Captured, it is what was taken: no hold note.
    const captured = await showReceipt(2, { ...cardReceipt(2, 'APPROVED'), type: 'AUTH' });
    keep(captured);
    expect(captured.container.querySelector('.receipt__badge')?.textContent).toBe(catalogs[lang].status_captured);
    expect(captured.container.querySelector('.receipt__note')).toBeNull();
  });

  // An English payer read 01/12/2026 as January 12th; nothing said whose time it was.
  it.each([
    ['es', '01/12/2026 01:34:02 (UTC-5)'],
    ['en', '1 Dec 2026, 01:34:02 (UTC-5)'],
  ] as const)('dates the payment as the server\'s receipt says it (Panama\'s DD/MM/YYYY), as a payer in %s reads it: %s', async (lang, shown) => {
    await startI18n(lang, catalogs[lang]);
    const view = await showReceipt(1, { ...cardReceipt(1, 'APPROVED'), date: '01/12/2026 01:34:02' }, lang);
    keep(view);
    const line = [...view.container.querySelectorAll('dt')].find((dt) => dt.textContent === catalogs[lang].receipt_date)?.nextElementSibling;
    expect(line?.textContent).toBe(shown);
  });

  // Issue 48: receipts use the merchant's stored brand.
  it('a payment called off because another one paid its order says the order is paid, how, with that receipt and the way back; no decline (issue 92)', async () => {
    const view = await showReceipt(0, { ...cashReceipt(3), typeMethod: 'CLAVE', authStatus: 'CANCELLED', returnUrlString: 'https://tienda.example/pedido', paidBy: { codOper: 'PPCARD9', method: 'card' } });
    keep(view);
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs.en.paid_elsewhere_title);
    expect(view.container.textContent).toContain((catalogs.en.paid_elsewhere_how ?? '').replace('{{method}}', 'card'));
    for (const text of [catalogs.en.receipt_declined, catalogs.en.status_declined]) expect(view.container.textContent).not.toContain(text);
    const see = [...view.container.querySelectorAll('button')].find((b) => b.textContent === catalogs.en.waiting_elsewhere_see_receipt);
    see?.click();
    expect(view.services.navigate).toHaveBeenCalledWith('/pf/default-receipt/PPCARD9');
    expect([...view.container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toContain('https://tienda.example/pedido');
  });

  it('names one shop: the brand\'s display name heads the receipt and is its merchant line; the statement name is a line of its own', async () => {
    await startI18n('es', catalogs.es);
    const logo = `/images/logos/${'b'.repeat(64)}`;
    const view = await showReceipt(1, { ...cardReceipt(1, 'APPROVED'), merchant: { merchantName: 'Comercial Ñandú S.A.', logo: '/images/merchants/demo.svg', brand: { displayName: 'Café Ñandú', logoUrl: logo, colorPrimary: '#0e6e5c' } } });
    keep(view);
    expect(view.container.querySelector('.header__name')?.textContent).toBe('Café Ñandú');
    expect(view.container.querySelector('img.header__logo')?.getAttribute('src')).toBe(logo);
    const lines = [...view.container.querySelectorAll('.receipt__line')].map((line) => [line.querySelector('dt')?.textContent, line.querySelector('dd')?.textContent]);
    expect(lines).toContainEqual([catalogs.es.receipt_merchant, 'Café Ñandú']);
    // The legal name is no second merchant line.
    expect(view.container.textContent).not.toContain('Comercial Ñandú S.A.');
  });

  // A subscription's receipt told the charge and nothing of the plan: how often, the next charge, how to end it.
  const subscriptionReceipt = (subscription: Record<string, unknown>) => ({ ...cardReceipt(1, 'APPROVED'), type: 'RECURRENT', totalPay: 19.99, subscription });
  it.each([
    ['es', [['Frecuencia', '$19.99 cada mes'], ['Próximo cobro', '$19.99 el 28/02/2027']], 'Para cancelar tu suscripción, pídeselo a Tienda Demo: la tienda la cancela y no se te cobrará más.'],
    ['en', [['How often', '$19.99 every month'], ['Next charge', '$19.99 on 28 Feb 2027']], 'To cancel your subscription, ask Tienda Demo: the shop cancels it, and nothing more is charged.'],
  ] as const)('%s: a subscription\'s receipt says how much and how often, the next charge (Panama\'s date), and that its shop cancels it', async (lang, expected, note) => {
    await startI18n(lang, catalogs[lang]);
    // 28 Feb 2027 at 00:30 UTC is still the 27th in Panama: the date is Panama's.
    const view = await showReceipt(1, subscriptionReceipt({ amount: 19.99, period: 'MO', nextChargeAt: '2027-02-28T14:00:00.000Z' }), lang);
    keep(view);
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs[lang].receipt_subscription_proof);
    const lines = [...view.container.querySelectorAll('.receipt__lines dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    for (const line of expected) expect(lines).toContainEqual([...line]);
    expect(view.container.querySelector('.receipt__note')?.textContent).toBe(note);
    const panama = await showReceipt(1, subscriptionReceipt({ amount: 19.99, period: 'MO', nextChargeAt: '2027-02-28T00:30:00.000Z' }), lang);
    keep(panama);
    expect(panama.container.textContent).toContain(lang === 'es' ? '27/02/2027' : '27 Feb 2027');
    await startI18n('es', catalogs.es);
  });

  it('a subscription its shop cancelled says so and no next charge; a declined first payment says nothing of the plan', async () => {
    const cancelled = await showReceipt(1, subscriptionReceipt({ amount: 19.99, period: 'MO', nextChargeAt: null, cancelled: true }));
    keep(cancelled);
    expect(cancelled.container.querySelector('.receipt__note')?.textContent).toBe(catalogs.es.subscription_cancelled_by_shop);
    expect(cancelled.container.textContent).not.toContain(catalogs.es.receipt_next_charge);
    expect(cancelled.container.textContent).toContain('$19.99 cada mes');
    const declined = await showReceipt(0, { ...subscriptionReceipt({ amount: 19.99, period: 'MO', nextChargeAt: null }), status: 0, authStatus: 'DECLINED' });
    keep(declined);
    expect(declined.container.textContent).not.toContain(catalogs.es.receipt_subscription_period);
    expect(declined.container.querySelector('.receipt__note')).toBeNull();
  });
});

describe('ReceiptScreen for a declined Yappy or Nequi and a cancelled crypto payment: declined, never pending or unknown', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));
  const walletReceipt = (typeMethod: string, status: number, authStatus: string, refund: unknown = null) => ({
    date: '2026-11-21T17:30:00Z', name: '', authStatus, cardType: '', type: 'AUTH_CAPTURE', displayNum: '', codOper: 'PPW1', status,
    totalPay: 26.75, email: 'ana@example.com', typeMethod, reference: 'PPW1', merchant: { merchantName: 'Tienda', logo: '' }, refund,
  });

  it.each([
    ['YAPPY', 0, 'DECLINED', catalogs.es.receipt_declined, catalogs.es.status_declined],
    ['NEQUI', 0, 'DECLINED', catalogs.es.receipt_declined, catalogs.es.status_declined],
    ['YAPPY', -1, 'PENDING', catalogs.es.receipt_pending, catalogs.es.status_pending],
    ['NEQUI', 1, 'APPROVED', catalogs.es.receipt_payment_proof, catalogs.es.status_approved],
  ])('%s status %s (%s): title %j, badge %j', async (method, status, auth, title, badge) => {
    const view = await showReceipt(status, walletReceipt(method, status, auth));
    keep(view);
    expect(view.container.querySelector('h1')?.textContent).toBe(title);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(badge);
    expect(view.container.textContent).not.toContain(catalogs.es.status_unknown);
    // Nothing of a Yappy or Nequi payment reaches a card statement; its auth status is no authorization.
    expect(view.container.textContent).not.toContain(catalogs.es.receipt_descriptor);
    expect(view.container.textContent).not.toContain(auth);
  });

  it.each([
    ['es', 'COP', 'Reembolso parcial', ['Reembolsado', '$ 50.000'], ['Total tras los reembolsos', '$ 109.400']],
    ['en', 'USD', 'Partly refunded', ['Refunded', '$20.00'], ['Total after refunds', '$6.75']],
  ] as const)('%s: a card payment refunded in part says so, with what was given back and what stays paid (not "captured")', async (lang, currency, badge, refundedLine, afterLine) => {
    await startI18n(lang, catalogs[lang]);
    const total = currency === 'COP' ? 159_400 : 26.75;
    const receipt = { ...cashReceipt(2), typeMethod: 'CARD', cardType: 'VISA', displayNum: '424242******4242', authStatus: 'A1B2C3', reference: '', currency, totalPay: total, taxAmount: 0, refundedAmount: currency === 'COP' ? 50_000 : 20 };
    const view = await showReceipt(2, receipt);
    keep(view);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(badge);
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs[lang].receipt_partial_refund_proof);
    const lines = [...view.container.querySelectorAll('.receipt__lines dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent?.replace(/\u00a0/g, ' ')]);
    expect(lines).toContainEqual([...refundedLine]);
    expect(lines).toContainEqual([...afterLine]);
    await startI18n('es', catalogs.es);
  });

  it('a cancelled crypto payment shows the refund owed and where it goes', async () => {
    const refund = { coin: 'BTC', network: 'BTC', amount: 0.0001, to: 'sbxbtc_payer_1', status: 'pending' };
    const view = await showReceipt(0, walletReceipt('CRYPTO', 0, 'CANCELLED', refund));
    keep(view);
    expect(view.container.querySelector('.receipt__badge')?.textContent).toBe(catalogs.es.status_declined);
    expect(view.container.textContent).toContain('0.0001 BTC por devolver a sbxbtc_payer_1');
  });

  it.each([
    ['es', 'refunded', ['Enviado de más', '0.0012344 BTC por encima del monto: te los devolvimos a sbxbtc_payer_1']],
    ['es', 'pending', ['Enviado de más', '0.0012344 BTC por encima del monto: te los estamos devolviendo a sbxbtc_payer_1']],
    ['en', 'refunded', ['Sent beyond the amount', '0.0012344 BTC beyond the amount due: sent back to you at sbxbtc_payer_1']],
    ['en', 'pending', ['Sent beyond the amount', '0.0012344 BTC beyond the amount due: being sent back to you at sbxbtc_payer_1']],
  ] as const)('%s: an approved crypto payment with coins beyond its quote (%s) tells the payer those coins are theirs and going back', async (lang, status, line) => {
    await startI18n(lang, catalogs[lang]);
    const overpayment = { coin: 'BTC', network: 'BTC', amount: 0.0012344, to: 'sbxbtc_payer_1', status, refundedAt: status === 'refunded' ? '2026-11-21T17:31:00Z' : null };
    const view = await showReceipt(1, { ...walletReceipt('CRYPTO', 1, 'APPROVED'), overpayment });
    keep(view);
    expect(view.container.querySelector('h1')?.textContent).toBe(catalogs[lang].receipt_payment_proof);
    const lines = [...view.container.querySelectorAll('.receipt__lines dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(lines).toContainEqual([...line]);
    await startI18n('es', catalogs.es);
  });
});
