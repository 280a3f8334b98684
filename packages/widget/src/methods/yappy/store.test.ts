import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasarelaError, YAPPY_STEPS } from '@pasarela/core';
import { TEST_NOW } from '../../testing/fakeServices';
import { fakePaymentContext, scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { createYappyStore, type YappyStores } from './store';

const EXPIRES_AT = '2026-11-21T17:35:00.000Z';
const PENDING = { codOper: 'OP1', status: -1, phone: '61111111', expiresAt: EXPIRES_AT };
const APPROVED = { ...PENDING, status: 1 };
const REJECTED = new PasarelaError({ code: 'payment_rejected', category: 'api', status: 422, serverMessage: 'El pago fue rechazado (The payer declined in Yappy)' });
const EXPIRED = new PasarelaError({ code: '619', category: 'api', status: 410 });

let open: YappyStores[] = [];

function setup(status: Answer | Answer[]) {
  const { api, calls } = scriptedApi({ 'yappy/payments': PENDING, 'yappy/payments/OP1': status });
  const fake = fakePaymentContext('yappy', api);
  const stores = createYappyStore(fake.payment);
  open.push(stores);
  const posts = () => calls.filter((c) => c.method === 'post');
  return { ...fake, ...stores, calls, posts };
}

describe('Yappy store', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    open.forEach((s) => s.attempt.getState().stop());
    open = [];
  });

  it('sends one request with the phone, waits until the server deadline and shows the receipt when approved', async () => {
    const { state, attempt, posts, results, navigations } = setup(APPROVED);
    await state.getState().pay('61111111');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ code: 'LINK1', amount: 25, taxAmount: 1.75, phone: '61111111', trackId: 'track-1' });
    expect(attempt.getState().deadline).toBe(Date.parse(EXPIRES_AT));
    await vi.waitFor(() => expect(attempt.getState().phase).toBe('approved'));
    expect(state.getState().steps).toMatchObject({ step: YAPPY_STEPS.end, paid: true });
    expect(results()).toEqual([expect.objectContaining({ status: 'success', method: 'yappy', notification: expect.objectContaining({ Oper: 'OP1', Tipo: 'YAPPY', Estado: 'APPROVED', TotalPagado: '26.75' }) })]);
    expect(navigations).toEqual(['/pf/default-receipt/OP1']);
  });

  it('SPEC 9 "Yappy gives 5 minutes to pay": an answer without a deadline counts 5 minutes from the request', async () => {
    const { api } = scriptedApi({ 'yappy/payments': { ...PENDING, expiresAt: null }, 'yappy/payments/OP1': PENDING });
    const stores = createYappyStore(fakePaymentContext('yappy', api).payment);
    open.push(stores);
    await stores.state.getState().pay('61111111');
    expect(stores.attempt.getState().deadline).toBe(TEST_NOW + 5 * 60 * 1000);
  });

  it('sends one request for a double click', async () => {
    const { state, posts } = setup(PENDING);
    await Promise.all([state.getState().pay('61111111'), state.getState().pay('61111111')]);
    expect(posts()).toHaveLength(1);
  });

  it('a decline shows the catalogue message, tells the merchant page once, and the next try is a new request', async () => {
    const { state, attempt, posts, results } = setup([REJECTED, PENDING]);
    await state.getState().pay('62222222');
    await vi.waitFor(() => expect(attempt.getState().phase).toBe('failed'));
    expect(attempt.getState().message?.key).toBe('payment_rejected');
    expect(state.getState()).toMatchObject({ failures: 1, phone: '62222222' });
    expect(results()).toEqual([expect.objectContaining({ status: 'error', method: 'yappy', notification: expect.objectContaining({ Estado: 'DECLINED', Razon: 'yappy_declined' }) })]);

    await state.getState().pay('61111111');
    expect(posts().map((p) => (p.body as { trackId: string }).trackId)).toEqual(['track-1', 'track-2']);
    expect(attempt.getState().phase).toBe('waiting');
  });

  it('619 resets the step with payment_expired (SPEC 4)', async () => {
    const { state, attempt, results } = setup(EXPIRED);
    await state.getState().pay('63333333');
    await vi.waitFor(() => expect(attempt.getState().phase).toBe('failed'));
    expect(attempt.getState().message).toEqual({ key: 'payment_expired' });
    expect(state.getState().steps).toMatchObject({ step: YAPPY_STEPS.init, error: 'payment_expired', paid: false });
    expect(results()[0]).toMatchObject({ status: 'error', notification: { Razon: 'payment_expired' } });
  });

  it('a window that closes with the payment still pending ends with the time-out message', async () => {
    const { state, attempt, results } = setup(PENDING);
    await state.getState().pay('63333333');
    await vi.waitFor(() => expect(state.getState().steps.step).toBe(YAPPY_STEPS.waiting));
    await attempt.getState().expire();
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'waiting_time_over' } });
    expect(results()).toHaveLength(1);
  });

  it('when the countdown ends the server is asked once more, a moment later, and its 619 decides', async () => {
    const { state, attempt, calls } = setup([PENDING, EXPIRED]);
    await state.getState().pay('63333333');
    // The watcher's first look has had its answer (and set its next poll on the real clock).
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'get')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    vi.useFakeTimers();
    try {
      state.getState().windowClosed();
      await vi.advanceTimersByTimeAsync(1_900);
      expect(attempt.getState().phase).toBe('waiting');
      await vi.advanceTimersByTimeAsync(200);
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_expired' } }));
  });

  it('a reload while waiting follows the same payment instead of sending another', async () => {
    const first = setup(PENDING);
    await first.state.getState().pay('63333333');
    first.attempt.getState().stop();

    const again = setup(APPROVED);
    expect(again.attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP1', deadline: Date.parse(EXPIRES_AT) });
    await vi.waitFor(() => expect(again.attempt.getState().phase).toBe('approved'));
    expect(again.posts()).toHaveLength(0);
  });

  it('a refused request (the server did not create it) is told to the merchant page and may be tried again', async () => {
    const { api } = scriptedApi({ 'yappy/payments': new PasarelaError({ code: 'service_unavailable', category: 'api', status: 404 }) });
    const fake = fakePaymentContext('yappy', api);
    const { state, attempt } = createYappyStore(fake.payment);
    await state.getState().pay('61111111');
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'service_unavailable' } });
    expect(fake.results()).toEqual([expect.objectContaining({ status: 'error', method: 'yappy' })]);
  });
});

describe('the phone a reload finds (SPEC 9 "Yappy gives 5 minutes")', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    open.forEach((s) => s.attempt.getState().stop());
    open = [];
  });

  it('a request that lapsed, then a reload: the form has the phone typed, to send again; paid, it is forgotten', async () => {
    const first = setup(EXPIRED);
    await first.state.getState().pay('61111111');
    await vi.waitFor(() => expect(first.attempt.getState().phase).toBe('failed'));
    first.attempt.getState().stop();
    // The reload: new stores on the same tab's storage.
    const reloaded = setup(APPROVED);
    expect(reloaded.attempt.getState().phase).toBe('idle');
    expect(reloaded.state.getState().phone).toBe('61111111');
    await reloaded.state.getState().pay(reloaded.state.getState().phone);
    expect(reloaded.posts()[0]?.body).toMatchObject({ phone: '61111111' });
    await vi.waitFor(() => expect(reloaded.attempt.getState().phase).toBe('approved'));
    expect(setup(APPROVED).state.getState().phone).toBe('');
  });

  it('another link in the same tab does not get it', async () => {
    const first = setup(EXPIRED);
    await first.state.getState().pay('61111111');
    await vi.waitFor(() => expect(first.attempt.getState().phase).toBe('failed'));
    const { api } = scriptedApi({});
    const fake = fakePaymentContext('yappy', api);
    const other = createYappyStore({ ...fake.payment, data: { ...fake.payment.data, info: { ...fake.payment.data.info, code: 'LINK2' } } });
    open.push(other);
    expect(other.state.getState().phone).toBe('');
  });
});
