import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEQUI_STEPS, PasarelaError } from '@pasarela/core';
import { fakePaymentContext, scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { createNequiStore, type NequiMode, type NequiStores } from './store';

// POST /nequi/push and GET /nequi/qr asked again under their trackId (a lost answer retried) answer as
// the validate call reads the payment: 1 once paid, 410 619 once lapsed, 409 or 422 once it ended unpaid.

const EXPIRES_AT = '2026-11-21T17:32:00.000Z';
const PENDING = { codOper: 'OP1', status: -1, qrValue: 'nequi://pay/OP1', phone: null, expiresAt: EXPIRES_AT };
const LOST = new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 504 });
const NOT_FOUND = new PasarelaError({ code: 'PAYMENT_NOT_FOUND', category: 'api', status: 404 });
// As the server answers: a refusal about a payment that exists names it (`codOper`).
const refusal = (status: number, code: string, fields?: Record<string, unknown>) => new PasarelaError({ code, category: 'api', status, fields: { ...fields, codOper: 'OP1' } });
const ROUTE = { push: 'nequi/push', qr: 'nequi/qr' } as const;

let open: NequiStores[] = [];

function setup(mode: NequiMode, answers: Record<string, Answer | Answer[]>) {
  const { api, calls } = scriptedApi(answers);
  const fake = fakePaymentContext('nequi', api);
  const stores = createNequiStore(fake.payment);
  stores.state.getState().setMode(mode);
  open.push(stores);
  const pay = () => stores.state.getState().pay(mode === 'push' ? '3991111111' : undefined);
  return { ...fake, ...stores, calls, pay };
}

/** What the payer and the shop are left with once the attempt ended. */
function outcome(s: ReturnType<typeof setup>) {
  const { phase, message, paidBy } = s.attempt.getState();
  return { phase, message, paidBy, told: s.results().map((r) => [r.status, r.notification?.Razon, r.notification?.Oper]) };
}

describe('Nequi: a push or QR asked for again under its trackId', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    open.forEach((s) => s.attempt.getState().stop());
    open = [];
  });

  it.each(['qr', 'push'] as const)('%s: after a lost answer the server has not seen, the click asks again under the same trackId; paid (status 1), the receipt, not a wait', async (mode) => {
    const s = setup(mode, { [ROUTE[mode]]: [LOST, { ...PENDING, status: 1 }], 'payments/attempts/track-1': NOT_FOUND });
    await s.pay();
    expect(s.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_not_received' } });
    await s.pay();
    const sent = s.calls.filter((c) => c.path === ROUTE[mode]).map((c) => (c.body as { trackId: string }).trackId);
    expect(sent).toEqual(['track-1', 'track-1']);
    expect(s.attempt.getState().phase).toBe('approved');
    expect(s.state.getState().steps).toMatchObject({ step: NEQUI_STEPS.end, paid: true });
    expect(s.navigations).toEqual(['/pf/default-receipt/OP1']);
    expect(s.results()).toEqual([expect.objectContaining({ status: 'success', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'APPROVED' }) })]);
    // Settled by the answer itself: no status read needed, no QR left to scan.
    expect(s.calls.filter((c) => c.path === 'nequi/payments/OP1')).toEqual([]);
  });

  it.each(['qr', 'push'] as const)('%s lapsed (410 619): payment_expired and the step reset (SPEC 4)', async (mode) => {
    const s = setup(mode, { [ROUTE[mode]]: refusal(410, '619') });
    await s.pay();
    expect(s.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_expired' } });
    expect(s.state.getState().steps).toMatchObject({ step: NEQUI_STEPS.init, error: 'payment_expired', paid: false });
  });

  it.each([
    ['qr', 'error_pay_qr_nequi', refusal(422, 'error_pay_qr_nequi')],
    ['push', 'error_pay_push_nequi', refusal(422, 'error_pay_push_nequi')],
    ['push', 'request_already_paid', refusal(409, 'request_already_paid', { paidBy: 'OP9', paidWith: 'card' })],
    ['qr', 'payment_voided_by_merchant', refusal(409, 'payment_voided_by_merchant')],
    ['push', 'payment_cancelled', refusal(409, 'payment_cancelled')],
    ['qr', '619', refusal(410, '619')],
  ] as const)('%s, %s: the payer and the shop are told what the validate call\'s same refusal tells them', async (mode, _code, error) => {
    const read = setup(mode, { [ROUTE[mode]]: PENDING, 'nequi/payments/OP1': error });
    await read.pay();
    await vi.waitFor(() => expect(read.attempt.getState().phase).toBe('failed'));
    read.attempt.getState().stop();
    sessionStorage.clear();

    const retried = setup(mode, { [ROUTE[mode]]: error });
    await retried.pay();
    expect(outcome(retried)).toEqual(outcome(read));
  });
});
