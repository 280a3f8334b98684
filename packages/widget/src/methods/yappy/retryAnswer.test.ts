import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasarelaError, YAPPY_STEPS } from '@pasarela/core';
import { fakePaymentContext, scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { createYappyStore, type YappyStores } from './store';

// POST /yappy/payments sent again under its trackId (a lost answer retried) answers as the status read
// does: 1 once paid, 410 619 once lapsed, 409 or 422 once it ended unpaid. Each is told as the read's.

const EXPIRES_AT = '2026-11-21T17:35:00.000Z';
const PENDING = { codOper: 'OP1', status: -1, phone: '61111111', expiresAt: EXPIRES_AT };
const LOST = new PasarelaError({ code: 'happen_error_try_again', category: 'api', status: 504 });
const NOT_FOUND = new PasarelaError({ code: 'PAYMENT_NOT_FOUND', category: 'api', status: 404 });
const refusal = (status: number, code: string, fields?: Record<string, unknown>) => new PasarelaError({ code, category: 'api', status, ...(fields ? { fields } : {}) });

let open: YappyStores[] = [];

function setup(answers: Record<string, Answer | Answer[]>) {
  const { api, calls } = scriptedApi(answers);
  const fake = fakePaymentContext('yappy', api);
  const stores = createYappyStore(fake.payment);
  open.push(stores);
  return { ...fake, ...stores, calls };
}

/** What the payer and the shop are left with once the attempt ended. */
function outcome(s: ReturnType<typeof setup>) {
  const { phase, message, paidBy } = s.attempt.getState();
  return { phase, message, paidBy, told: s.results().map((r) => [r.status, r.notification?.Razon]) };
}

describe('Yappy: a request sent again under its trackId', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    open.forEach((s) => s.attempt.getState().stop());
    open = [];
  });

  it('after a lost answer the server has not seen, the click sends the same trackId; paid (status 1), the receipt shows', async () => {
    const s = setup({ 'yappy/payments': [LOST, { ...PENDING, status: 1 }], 'payments/attempts/track-1': NOT_FOUND });
    await s.state.getState().pay('61111111');
    expect(s.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_not_received' } });
    await s.state.getState().pay('61111111');
    const sent = s.calls.filter((c) => c.path === 'yappy/payments').map((c) => (c.body as { trackId: string }).trackId);
    expect(sent).toEqual(['track-1', 'track-1']);
    expect(s.attempt.getState().phase).toBe('approved');
    expect(s.state.getState().steps).toMatchObject({ step: YAPPY_STEPS.end, paid: true });
    expect(s.navigations).toEqual(['/pf/default-receipt/OP1']);
    expect(s.results()).toEqual([expect.objectContaining({ status: 'success', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'APPROVED' }) })]);
  });

  it('lapsed (410 619): payment_expired and the step reset, as SPEC 4 says and the read does', async () => {
    const s = setup({ 'yappy/payments': refusal(410, '619') });
    await s.state.getState().pay('63333333');
    expect(s.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_expired' } });
    expect(s.state.getState().steps).toMatchObject({ step: YAPPY_STEPS.init, error: 'payment_expired', paid: false });
  });

  it.each([
    ['payment_rejected', refusal(422, 'payment_rejected')],
    ['request_already_paid', refusal(409, 'request_already_paid', { paidBy: 'OP9', paidWith: 'card' })],
    ['payment_voided_by_merchant', refusal(409, 'payment_voided_by_merchant')],
    ['payment_cancelled', refusal(409, 'payment_cancelled')],
    ['619', refusal(410, '619')],
  ])('%s: the payer and the shop are told what the status read\'s same refusal tells them', async (_code, error) => {
    const read = setup({ 'yappy/payments': PENDING, 'yappy/payments/OP1': error });
    await read.state.getState().pay('62222222');
    await vi.waitFor(() => expect(read.attempt.getState().phase).toBe('failed'));
    read.attempt.getState().stop();
    sessionStorage.clear();

    const retried = setup({ 'yappy/payments': error });
    await retried.state.getState().pay('62222222');
    expect(outcome(retried)).toEqual(outcome(read));
  });
});
