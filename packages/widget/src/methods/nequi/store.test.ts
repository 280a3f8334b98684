import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { NEQUI_STEPS, PasarelaError, type WidgetMessage } from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import type { CheckoutData } from '../../payments/checkoutData';
import type { Services } from '../../services/services';
import { createPaymentContext } from '../../payments/paymentContext';
import { createNequiStore, nequiVerdict } from './store';
import { testSecurity } from '../../testing/fakePaymentContext';

const DATA = {
  info: {
    idMerchant: 7, code: 'LINK1', description: 'Café', detail: 'Café', amount: 10, taxAmount: 0.7, email: 'ana@example.com', serviceCode: 'LK',
    txChannel: 'PWW', returnUrlString: '', customFieldValues: [], expiresAt: null,
  },
  merchant: { merchantName: 'Tienda', webCode: 'CCLW7' },
  methods: { entries: {} },
} as unknown as CheckoutData;

function setup(answers: Record<string, unknown>) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  const answer = async <S extends v.GenericSchema>(method: string, path: string, schema: S, body?: unknown) => {
    calls.push({ method, path, body });
    const value = answers[`${method} ${path}`];
    if (value instanceof Error) throw value;
    return v.parse(schema, value);
  };
  const api: ApiClient = {
    get: (path, schema, query) => answer('get', path, schema, query),
    post: (path, schema, body) => answer('post', path, schema, body),
    put: (path, schema, body) => answer('put', path, schema, body),
  };
  const messages: WidgetMessage[] = [];
  const navigate = vi.fn();
  const services = {
    api, lang: 'es', config: { apiBase: '/api/v1' }, bridge: { embedded: true, notify: (m: WidgetMessage) => void messages.push(m), onCloseRequested() {} },
    navigate, address: () => new URL(location.href), storage: { local: null, session: null }, now: () => new Date('2026-11-21T17:30:00Z'), serverNow: () => 0, newTrackId: () => 'track-1',
  } as unknown as Services;
  const payment = createPaymentContext('nequi', DATA, services, { arrivalMessage: null, setBusy: () => undefined, security: testSecurity });
  return { stores: createNequiStore(payment, api), calls, messages, navigate };
}

describe('nequiVerdict (SPEC 4 "Nequi: 1 approved, -1 pending")', () => {
  it.each([
    [1, 'approved'],
    [-1, 'pending'],
    [0, 'declined'],
  ] as const)('status %s is %s', (status, verdict) => {
    expect(nequiVerdict({ codOper: 'OP', status, qrValue: null, phone: null, expiresAt: null })).toBe(verdict);
  });
});

describe('createNequiStore', () => {
  it('push: sends the phone with the link and a trackId, goes to step 2, and on approval to step 4, the receipt and one result', async () => {
    const { stores, calls, messages, navigate } = setup({
      'post nequi/push': { codOper: 'OP1', status: -1, phone: '3991111111', expiresAt: '2026-11-21T17:32:00Z' },
      'get nequi/payments/OP1': { codOper: 'OP1', status: 1 },
    });
    await stores.state.getState().pay('3991111111');
    expect(calls[0]).toMatchObject({ path: 'nequi/push', body: { code: 'LINK1', phone: '3991111111', amount: 10, taxAmount: 0.7, trackId: 'track-1' } });
    await vi.waitFor(() => expect(stores.state.getState().steps.step).toBe(NEQUI_STEPS.end));
    expect(stores.state.getState().steps.paid).toBe(true);
    expect(messages.filter((m) => m.type === 'result')).toEqual([expect.objectContaining({ type: 'result', result: expect.objectContaining({ status: 'success', method: 'nequi' }) })]);
    // The loader was told of the waiting push, then that nothing waits any more.
    expect(messages.filter((m) => m.type === 'pending').map((m) => m.type === 'pending' && m.attempt?.method)).toEqual(['nequi', undefined]);
    expect(navigate).toHaveBeenCalledWith('/pf/default-receipt/OP1');
    stores.attempt.getState().stop();
  });

  it('QR: generates the QR with a trackId and waits on step 3', async () => {
    const { stores, calls } = setup({
      'get nequi/qr': { codOper: 'OP2', status: -1, qrValue: 'nequi://pay?oper=OP2', expiresAt: null },
      'get nequi/payments/OP2': { codOper: 'OP2', status: -1, qrValue: 'nequi://pay?oper=OP2' },
    });
    stores.state.getState().setMode('qr');
    await stores.state.getState().pay();
    expect(calls[0]).toMatchObject({ path: 'nequi/qr', body: expect.objectContaining({ code: 'LINK1', trackId: 'track-1' }) });
    expect(stores.state.getState().steps.step).toBe(NEQUI_STEPS.qr);
    expect(stores.attempt.getState().answer?.qrValue).toBe('nequi://pay?oper=OP2');
    stores.attempt.getState().stop();
  });

  it('a declined push tells the merchant page DECLINED and offers another attempt', async () => {
    const { stores, messages } = setup({
      'post nequi/push': { codOper: 'OP3', status: -1, phone: '3992222222' },
      'get nequi/payments/OP3': new PasarelaError({ code: 'error_pay_push_nequi', category: 'api', status: 422 }),
    });
    await stores.state.getState().pay('3992222222');
    await vi.waitFor(() => expect(stores.attempt.getState().phase).toBe('failed'));
    expect(stores.attempt.getState().message?.key).toBe('error_pay_push_nequi');
    expect(messages.find((m) => m.type === 'result')).toMatchObject({ type: 'result', result: { status: 'error', method: 'nequi', notification: { Oper: 'OP3', Estado: 'DECLINED' } } });
  });

  it('503 method_payments_unavailable (the wallet refused the connection: nothing sent, nothing recorded): said at once, no look-up, and the next Pay is a new push', async () => {
    const text = 'Este método de pago no está disponible en este momento. No se hizo ningún cargo: intenta de nuevo en unos minutos o paga con otro método';
    const answers: Record<string, unknown> = { 'post nequi/push': new PasarelaError({ code: 'method_payments_unavailable', category: 'api', status: 503, serverMessage: text }) };
    const { stores, calls } = setup(answers);
    await stores.state.getState().pay('3991111111');
    expect(stores.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'method_payments_unavailable', text } });
    expect(stores.state.getState().steps).toMatchObject({ step: NEQUI_STEPS.init, error: 'method_payments_unavailable' });
    answers['post nequi/push'] = { codOper: 'OP5', status: -1, phone: '3991111111' };
    answers['get nequi/payments/OP5'] = { codOper: 'OP5', status: -1 };
    stores.attempt.getState().retry();
    await stores.state.getState().pay('3991111111');
    // Known as not sent: the second Pay pushes again without asking about the first.
    expect(calls.map((c) => c.path).filter((path) => !path.startsWith('nequi/payments/'))).toEqual(['nequi/push', 'nequi/push']);
    expect(stores.attempt.getState().phase).toBe('waiting');
    stores.attempt.getState().stop();
  });

  it('SPEC 4: 619 resets the step with payment_expired', async () => {
    const { stores } = setup({
      'post nequi/push': { codOper: 'OP4', status: -1 },
      'get nequi/payments/OP4': new PasarelaError({ code: '619', category: 'api', status: 410 }),
    });
    await stores.state.getState().pay('3991111111');
    await vi.waitFor(() => expect(stores.attempt.getState().message?.key).toBe('payment_expired'));
    expect(stores.state.getState().steps).toMatchObject({ step: NEQUI_STEPS.init, error: 'payment_expired' });
  });
});
