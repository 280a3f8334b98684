import { describe, expect, it } from 'vitest';
import { buildPaymentResult, type WidgetMessage } from '@pasarela/core';
import { explainFailure, failureReason, type Catalogue } from './failureReason';

// Issue 21 "Merchants get both the key and the text": every failed attempt's result carries the
// catalogue key and the payer's text, whatever the method.
const es: Record<string, string> = {
  payment_declined: 'Pago rechazado',
  error_pay_push_nequi: 'Rechazaste el pago en Nequi.',
  crypto_cancelled: 'El pago en cripto se canceló',
  expired_link: 'El enlace de pago ha expirado',
  happen_error_try_again: 'Ocurrió un error, inténtalo de nuevo',
  card_error: 'Error de tarjeta',
};
const catalogue: Catalogue = { t: (key) => es[key] ?? key, hasText: (key) => key in es };

describe('failureReason', () => {
  it.each([
    ['a catalogue key (Nequi, Yappy, Clave, crypto)', 'error_pay_push_nequi', { key: 'error_pay_push_nequi', text: 'Rechazaste el pago en Nequi.' }],
    ['a crypto cancellation key', 'crypto_cancelled', { key: 'crypto_cancelled', text: 'El pago en cripto se canceló' }],
    ['a bank\'s words for a card decline', 'Fondos insuficientes', { key: 'payment_declined', text: 'Fondos insuficientes' }],
    ['one bank word', 'Declinada', { key: 'payment_declined', text: 'Declinada' }],
    ['a SPEC 8 server code', '3000', { key: 'expired_link', text: 'El enlace de pago ha expirado' }],
    ['an unknown server code', 'SOMETHING_ODD', { key: 'happen_error_try_again', text: 'Ocurrió un error, inténtalo de nuevo' }],
    ['"Card {messageSys}"', 'Card expired', { key: 'card_error', text: 'Card expired' }],
    ['nothing said', '  ', { key: 'payment_declined', text: 'Pago rechazado' }],
  ])('%s', (_, razon, want) => {
    expect(failureReason(razon, catalogue)).toEqual(want);
  });
});

describe('explainFailure', () => {
  const result = (outcome: 'DECLINED' | 'APPROVED', reason: string) =>
    buildPaymentResult('nequi', { result: outcome, totalPaid: 10, at: 0, type: 'NEQUI', codOper: 'PP1', user: 'a@b.c', reason });

  it('adds the reason to an error result, keeping every field', () => {
    const message: WidgetMessage = { type: 'result', result: result('DECLINED', 'error_pay_push_nequi') };
    const explained = explainFailure(message, catalogue);
    expect(explained).toEqual({ type: 'result', result: { ...message.result, reason: { key: 'error_pay_push_nequi', text: 'Rechazaste el pago en Nequi.' } } });
    expect(explained.type === 'result' && explained.result.notification.Razon).toBe('error_pay_push_nequi');
  });

  it('leaves success results and other messages as they are', () => {
    const ok: WidgetMessage = { type: 'result', result: result('APPROVED', '') };
    expect(explainFailure(ok, catalogue)).toBe(ok);
    const close: WidgetMessage = { type: 'close' };
    expect(explainFailure(close, catalogue)).toBe(close);
  });
});
