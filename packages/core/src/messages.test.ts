import { describe, expect, it } from 'vitest';
import { isWaitingPayment, isWidgetMessage } from './messages';

const notification = { TotalPagado: '1.00', Fecha: '', Hora: '', Tipo: '', Oper: '', Usuario: '', Estado: '', Razon: '', isReturn: false, returnUrl: '' };

describe('loader <-> widget messages: one union with a literal type, one guard', () => {
  it.each([
    [{ type: 'ready', version: '2.219.0' }],
    [{ type: 'result', result: { status: 'success', method: 'card', notification } }],
    [{ type: 'close' }],
    [{ type: 'error', error: { code: 'x', message: 'y', category: 'api' } }],
    [{ type: 'resize', height: 480 }],
    [{ type: 'resize', height: 0 }],
    [{ type: 'result', result: { status: 'error', method: 'nequi', notification } }],
    [{ type: 'pending', attempt: { method: 'nequi', codOper: 'PPNQ123', deadline: 1_790_000_000_000 } }],
    [{ type: 'pending', attempt: { method: 'cash', codOper: 'PPCASH1', deadline: null } }],
    [{ type: 'pending', attempt: null }],
    [{ type: 'pending', attempt: { method: 'yappy', codOper: 'PPYP1', deadline: null }, merchant: 7, link: 'AbC-12' }],
    [{ type: 'pending', attempt: null, merchant: 7, link: 'AbC-12' }],
    [{ type: 'pending', attempt: null, codOper: 'PPCL1' }],
    [{ type: 'paying', payment: { method: 'card', link: 'LK4F7Q2ZP9', trackId: 'c1b2a3d4-0000-4000-8000-000000000001' } }],
    [{ type: 'answered', trackId: 'c1b2a3d4-0000-4000-8000-000000000001', lost: false }],
    [{ type: 'answered', trackId: 'T1', lost: true }],
  ])('%j passes the guard', (message) => {
    expect(isWidgetMessage(message)).toBe(true);
  });

  it.each([
    [{ type: 'contrast', warnings: [] }, true],
    [{ type: 'contrast', warnings: ['appearance.variables.colorPrimary #ffe600 has a contrast of 1.23:1'] }, true],
    [{ type: 'contrast', warnings: [{ variable: 'brand' }] }, false],
    [{ type: 'contrast', warnings: 'text' }, false],
    [{ type: 'contrast' }, false],
  ])('a contrast message %j carries texts only: %s', (message, valid) => {
    expect(isWidgetMessage(message)).toBe(valid);
  });

  it.each([
    [{ type: 'name', name: 'Pago a Tostadores del Casco: $7.25' }, true],
    [{ type: 'name', name: '' }, false],
    [{ type: 'name', name: 7.25 }, false],
    [{ type: 'name' }, false],
  ])('a name message %j names the dialog with a text: %s', (message, valid) => {
    expect(isWidgetMessage(message)).toBe(valid);
  });

  it.each([
    null,
    'ready',
    { type: 'ready' },
    { type: 'result', result: { status: 'maybe', method: 'card', notification } },
    { type: 'result', result: { status: 'success', method: 'paypal', notification } },
    { type: 'result', result: null },
    { type: 'result', result: { status: 'success', method: 'card' } },
    { type: 'error', error: { message: 'no code' } },
    { type: 'resize', height: -1 },
    { type: 'resize', height: Number.POSITIVE_INFINITY },
    { type: 'unknown' },
    { type: 'pending' },
    { type: 'pending', attempt: { method: 'paypal', codOper: 'OP1', deadline: null } },
    { type: 'pending', attempt: { method: 'nequi', codOper: '<script>', deadline: null } },
    { type: 'pending', attempt: { method: 'nequi', codOper: 'OP1', deadline: 'soon' } },
    { type: 'pending', attempt: null, merchant: '7' },
    { type: 'pending', attempt: null, codOper: '<script>' },
    { type: 'pending', attempt: null, codOper: 7 },
    { type: 'pending', attempt: null, merchant: 0 },
    { type: 'pending', attempt: null, merchant: 7, link: '../x' },
    { type: 'paying' },
    { type: 'paying', payment: { method: 'paypal', link: 'LK1', trackId: 'T1' } },
    { type: 'paying', payment: { method: 'card', link: '../x', trackId: 'T1' } },
    { type: 'paying', payment: { method: 'card', link: 'LK1', trackId: '<script>' } },
    { type: 'paying', payment: { method: 'card', link: 'LK1' } },
    { type: 'answered', trackId: 'T1' },
    { type: 'answered', trackId: 'T1', lost: 'yes' },
    { type: 'answered', trackId: '', lost: false },
  ])('%j is rejected', (message) => {
    expect(isWidgetMessage(message)).toBe(false);
  });
});

describe("a payment waiting on another link, as the loader hands it to a checkout (?waiting=)", () => {
  it.each([
    [{ merchant: 7, link: 'ABC', method: 'yappy', codOper: 'PPYP1', deadline: 1_790_000_000_000 }, true],
    [{ merchant: 7, link: 'ABC', method: 'cash', codOper: 'PPCASH1', deadline: null }, true],
    [{ link: 'ABC', method: 'yappy', codOper: 'PPYP1', deadline: null }, false],
    [{ merchant: 1.5, link: 'ABC', method: 'yappy', codOper: 'PPYP1', deadline: null }, false],
    [{ merchant: 7, link: 'a b', method: 'yappy', codOper: 'PPYP1', deadline: null }, false],
    [{ merchant: 7, link: 'ABC', method: 'yappy', codOper: '<img>', deadline: null }, false],
  ])('%j: %s', (value, ok) => {
    expect(isWaitingPayment(value)).toBe(ok);
  });
});
