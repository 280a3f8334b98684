import { describe, expect, it } from 'vitest';
import { isCloseMessage, isErrorMessage, isPendingMessage, isReadyMessage, isResizeMessage, isResultMessage, isWaitingPayment, isWidgetMessage } from './messages';

const notification = { TotalPagado: '1.00', Fecha: '', Hora: '', Tipo: '', Oper: '', Usuario: '', Estado: '', Razon: '', isReturn: false, returnUrl: '' };

describe('loader <-> widget messages: one union with a literal type and one guard per message', () => {
  it.each([
    [{ type: 'ready', version: '2.219.0' }, isReadyMessage],
    [{ type: 'result', result: { status: 'success', method: 'card', notification } }, isResultMessage],
    [{ type: 'close' }, isCloseMessage],
    [{ type: 'error', error: { code: 'x', message: 'y', category: 'api' } }, isErrorMessage],
    [{ type: 'resize', height: 480 }, isResizeMessage],
    [{ type: 'resize', height: 0 }, isResizeMessage],
    [{ type: 'result', result: { status: 'error', method: 'nequi', notification } }, isResultMessage],
    [{ type: 'pending', attempt: { method: 'nequi', codOper: 'PPNQ123', deadline: 1_790_000_000_000 } }, isPendingMessage],
    [{ type: 'pending', attempt: { method: 'cash', codOper: 'PPCASH1', deadline: null } }, isPendingMessage],
    [{ type: 'pending', attempt: null }, isPendingMessage],
    [{ type: 'pending', attempt: { method: 'yappy', codOper: 'PPYP1', deadline: null }, merchant: 7, link: 'AbC-12' }, isPendingMessage],
    [{ type: 'pending', attempt: null, merchant: 7, link: 'AbC-12' }, isPendingMessage],
  ])('%j passes its guard and the union guard', (message, guard) => {
    expect(guard(message)).toBe(true);
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

  // Each guard answers for its own type only, even when a message carries another type's fields.
  const guards = { ready: isReadyMessage, result: isResultMessage, close: isCloseMessage, error: isErrorMessage, resize: isResizeMessage, pending: isPendingMessage };
  const everything = { version: '2.219.0', result: { status: 'success', method: 'card', notification }, error: { code: 'x', message: 'y' }, height: 480, attempt: null };
  it.each(Object.keys(guards))('a %s message passes its own guard only', (type) => {
    const message = { ...everything, type };
    expect(Object.entries(guards).filter(([, guard]) => guard(message)).map(([name]) => name)).toEqual([type]);
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
    { type: 'pending', attempt: null, merchant: 0 },
    { type: 'pending', attempt: null, merchant: 7, link: '../x' },
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
