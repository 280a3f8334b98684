import { describe, expect, it } from 'vitest';
import { pageGoneWords } from './pageGone';

describe('Issue 92 "The browser left behind learns the truth": what a bank page left open says, in both languages', () => {
  it.each([
    ['paid_elsewhere', 'es', 'card', 'Este pedido ya se pagó', 'Se pagó con tarjeta en otra ventana o dispositivo. Aquí no se te cobra nada.'],
    ['paid_elsewhere', 'en', 'nequi', 'This order is already paid', 'It was paid with Nequi in another window or device. Nothing is charged here.'],
    ['paid_elsewhere', 'en', null, 'This order is already paid', 'It was paid in another window or device. Nothing is charged here.'],
    ['paid_elsewhere', 'es', 'unknown', 'Este pedido ya se pagó', 'Se pagó en otra ventana o dispositivo. Aquí no se te cobra nada.'],
    ['another_method', 'es', null, 'Esta verificación ya no es válida', 'Elegiste pagar de otra forma, así que este pago se canceló y no se hizo ningún cargo.'],
    ['another_method', 'en', null, 'This verification is no longer valid', 'You chose to pay another way, so this payment was cancelled and nothing was charged.'],
    ['cancelled_on_page', 'en', null, 'This verification is no longer valid', 'You cancelled this verification, so the payment was cancelled and nothing was charged.'],
    ['merchant', 'es', null, 'Esta verificación ya no es válida', 'El comercio canceló este pago. No se hizo ningún cargo.'],
    ['other', 'es', null, 'Esta verificación ya no es válida', 'Este pago se canceló antes de que respondieras y no se hizo ningún cargo.'],
    ['other', 'en', null, 'This verification is no longer valid', 'This payment was cancelled before you answered and nothing was charged.'],
  ] as const)('%s (%s, paid with %s)', (reason, lang, paidWith, title, text) => {
    expect(pageGoneWords(reason, lang, paidWith)).toEqual({ title, text });
  });

  it.each([
    ['paid_elsewhere', 'es', 'yappy', 'Este pedido ya se pagó', 'Se pagó con Yappy en otra ventana o dispositivo. Aquí no se te cobra nada.'],
    ['another_method', 'en', null, 'This payment is no longer available', 'You chose to pay another way, so this payment was cancelled and nothing was charged.'],
    ['cancelled_on_page', 'es', null, 'Este pago ya no está disponible', 'Este pago se canceló antes de que respondieras y no se hizo ningún cargo.'],
    ['merchant', 'en', null, 'This payment is no longer available', 'The shop cancelled this payment. Nothing was charged.'],
    ['other', 'en', null, 'This payment is no longer available', 'This payment was cancelled before you answered and nothing was charged.'],
  ] as const)("the bank's Clave page: %s (%s, paid with %s)", (reason, lang, paidWith, title, text) => {
    expect(pageGoneWords(reason, lang, paidWith, 'bank')).toEqual({ title, text });
  });
});
