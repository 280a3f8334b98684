import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLAVE_STEPS, PasarelaError } from '@pasarela/core';
import { saveReturn, takeReturn } from '../../payments/leaveAndReturn';
import { fakePaymentContext, scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { createClaveStore, type ClaveStores } from './store';

const FORM = '/pf/widget?type=lk&code=LINK1&parentOrigin=https%3A%2F%2Fshop.test&lang=en';
const CREATED = { codOper: 'OP1', status: -1, redirectUrl: `${location.origin}/sandbox/clave/OP1` };

let open: ClaveStores[] = [];

function setup(answers: { create?: Answer; status?: Answer | Answer[]; cancel?: Answer } = {}, options: Parameters<typeof fakePaymentContext>[2] = {}) {
  const { api, calls } = scriptedApi({
    'clave/payments': answers.create ?? CREATED,
    'clave/payments/OP1': answers.status ?? { codOper: 'OP1', status: -1 },
    'clave/payments/OP1/cancel': answers.cancel ?? { codOper: 'OP1', status: 0, authStatus: 'CANCELLED' },
  });
  const fake = fakePaymentContext('clave', api, options);
  const stores = createClaveStore(fake.payment);
  open.push(stores);
  return { ...fake, ...stores, posts: () => calls.filter((c) => c.method === 'post') };
}

describe('Clave store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    history.replaceState(null, '', FORM);
  });
  afterEach(() => {
    open.forEach((s) => s.attempt.getState().stop());
    open = [];
  });

  it('creates the payment once and sends the payer to the bank, who is told to come back with the sticky params', async () => {
    const { state, posts, departures, results } = setup();
    await Promise.all([state.getState().pay(), state.getState().pay()]);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.body).toMatchObject({ code: 'LINK1', amount: 25, taxAmount: 1.75, trackId: 'track-1' });
    expect(departures).toHaveLength(1);
    const bank = new URL(departures[0] ?? '');
    expect(bank.pathname).toBe('/sandbox/clave/OP1');
    const back = new URL(bank.searchParams.get('returnTo') ?? '', location.origin);
    expect(back.pathname).toBe('/pf/widget/returnclavesdk');
    expect(Object.fromEntries(back.searchParams)).toEqual({ Oper: 'OP1', parentOrigin: 'https://shop.test', lang: 'en', from: FORM });
    expect(state.getState()).toMatchObject({ leaving: true, steps: { step: CLAVE_STEPS.bank } });
    expect(results()).toEqual([]);
    expect(takeReturn(sessionStorage, 'clave')).toEqual({ formPath: FORM, email: 'ana@example.com', returnUrl: '' });
  });

  it('a full-page checkout is sent back to /pf/widget/returnclave', async () => {
    const { state, departures } = setup({}, { embedded: false });
    await state.getState().pay();
    expect(new URL(new URL(departures[0] ?? '').searchParams.get('returnTo') ?? '', location.origin).pathname).toBe('/pf/widget/returnclave');
  });

  it.each([
    ['the server refuses', new PasarelaError({ code: 'service_unavailable', category: 'api', status: 404, serverMessage: 'clave is not enabled' })],
    ['the bank page is not http(s)', { ...CREATED, redirectUrl: 'javascript:alert(1)' }],
  ])('when %s the payer stays, with the catalogue message, and the merchant page hears of it', async (_case, create) => {
    const { state, attempt, departures, results } = setup({ create });
    await state.getState().pay();
    expect(departures).toEqual([]);
    expect(attempt.getState().phase).toBe('failed');
    expect(state.getState().alert).toEqual({ key: 'service_unavailable' });
    expect(results()).toEqual([expect.objectContaining({ status: 'error', method: 'clave' })]);
  });

  it('coming Back from the bank page follows the same payment instead of creating another', async () => {
    const first = setup();
    await first.state.getState().pay();
    first.attempt.getState().stop();

    const back = setup({ status: { codOper: 'OP1', status: 1 } });
    expect(back.attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP1' });
    await vi.waitFor(() => expect(back.attempt.getState().phase).toBe('approved'));
    expect(back.posts()).toHaveLength(0);
    // The bank never returned, so this screen finishes the attempt and reports it.
    expect(back.results()).toEqual([expect.objectContaining({ status: 'success', method: 'clave', notification: expect.objectContaining({ Oper: 'OP1', Tipo: 'CLAVE' }) })]);
    expect(back.navigations).toEqual(['/pf/default-receipt/OP1']);
  });

  it('does not report again a payment the return page already reported', async () => {
    const first = setup();
    await first.state.getState().pay();
    first.attempt.getState().stop();
    takeReturn(sessionStorage, 'clave'); // what the return page does

    const back = setup({ status: { codOper: 'OP1', status: 1 } });
    await vi.waitFor(() => expect(back.attempt.getState().phase).toBe('approved'));
    expect(back.results()).toEqual([]);
    expect(back.navigations).toEqual(['/pf/default-receipt/OP1']);
  });

  it('coming Back to a frame that kept nothing waits on the payment the server found, and reports it once it ends', async () => {
    const { api, calls } = scriptedApi({ 'clave/payments/OP1': { codOper: 'OP1', status: 1 } });
    const fake = fakePaymentContext('clave', api);
    fake.payment.resumeFrom({ codOper: 'OP1', deadline: null });
    const back = createClaveStore(fake.payment);
    open.push(back);
    expect(back.attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP1' });
    await vi.waitFor(() => expect(back.attempt.getState().phase).toBe('approved'));
    expect(calls.filter((c) => c.method === 'post')).toHaveLength(0);
    expect(fake.results()).toEqual([expect.objectContaining({ status: 'success', method: 'clave', notification: expect.objectContaining({ Oper: 'OP1' }) })]);
  });

  it('back on the form after a refusal shows the reason and forgets the refused payment', async () => {
    const first = setup();
    await first.state.getState().pay();
    first.attempt.getState().stop();

    const back = setup({}, { arrivalMessage: { key: 'payment_declined' } });
    expect(back.attempt.getState().phase).toBe('idle');
    expect(back.state.getState().alert).toEqual({ key: 'payment_declined' });
    await back.state.getState().pay();
    expect(back.state.getState().alert).toBeNull();
    expect(back.posts()).toHaveLength(1);
  });

  const leftAtBank = () => {
    const first = setup();
    return first.state.getState().pay().then(() => {
      first.attempt.getState().stop();
      saveReturn(sessionStorage, 'clave', { formPath: FORM, email: '', returnUrl: '' });
    });
  };

  it('cancelling a payment left at the bank calls it off on the server first, then goes back to the start', async () => {
    await leftAtBank();
    const back = setup();
    await back.state.getState().cancel();
    expect(back.posts().map((c) => c.path)).toEqual(['clave/payments/OP1/cancel']);
    expect(back.attempt.getState().phase).toBe('idle');
    expect(back.state.getState().steps.step).toBe(CLAVE_STEPS.init);
    expect(takeReturn(sessionStorage, 'clave')).toBeNull();
    expect(back.results()).toEqual([]);
  });

  it('the wait hearing its payment called off while the call-off is on its way tells no refusal and reports nothing', async () => {
    await leftAtBank();
    vi.useFakeTimers();
    try {
      let calledOff = false;
      let answer: (value: unknown) => void = () => {};
      const back = setup({
        status: () => (calledOff ? { codOper: 'OP1', status: 0, authStatus: 'CANCELLED' } : { codOper: 'OP1', status: -1 }),
        cancel: () => {
          calledOff = true;
          return new Promise((resolve) => (answer = resolve));
        },
      });
      const leaving = back.state.getState().cancel();
      // The wait would look again meanwhile (or hear the push of the row called off).
      await vi.advanceTimersByTimeAsync(10_000);
      answer({ codOper: 'OP1', status: 0, authStatus: 'CANCELLED' });
      await leaving;
      expect(back.attempt.getState()).toMatchObject({ phase: 'idle', message: null });
      expect(back.state.getState().alert).toBeNull();
      expect(back.results()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the call-off not reaching the server keeps the wait and says so: the bank could still approve that payment', async () => {
    await leftAtBank();
    const back = setup({ cancel: new PasarelaError({ code: 'connection_error', category: 'network' }) });
    await back.state.getState().cancel();
    expect(back.attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'OP1', message: { key: 'connection_error' } });
    expect(takeReturn(sessionStorage, 'clave')).not.toBeNull();
    expect(back.results()).toEqual([]);
  });

  it('the bank approved first: the receipt, reported once; no other method offered', async () => {
    await leftAtBank();
    const back = setup({ cancel: { codOper: 'OP1', status: 1, authStatus: 'APPROVED' } });
    await back.state.getState().cancel();
    expect(back.attempt.getState().phase).toBe('approved');
    expect(back.results()).toEqual([expect.objectContaining({ status: 'success', method: 'clave', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'APPROVED' }) })]);
  });

  it("the bank refused first: the payer is told the bank's refusal, and the shop hears it", async () => {
    await leftAtBank();
    const back = setup({ cancel: { codOper: 'OP1', status: 0, authStatus: 'DECLINED' } });
    await back.state.getState().cancel();
    expect(back.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_declined' } });
    expect(back.state.getState().alert).toEqual({ key: 'payment_declined' });
    expect(back.results()).toEqual([expect.objectContaining({ status: 'error', method: 'clave', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'DECLINED', Razon: 'payment_declined' }) })]);
  });

  it('called off before because another payment paid the order: that payment, never the method choice', async () => {
    await leftAtBank();
    const back = setup({ cancel: new PasarelaError({ code: 'request_already_paid', category: 'api', status: 409, fields: { paidBy: 'PP9', paidWith: 'card' } }) });
    await back.state.getState().cancel();
    expect(back.attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'request_already_paid' }, paidBy: { codOper: 'PP9', method: 'card' } });
    expect(back.results()).toEqual([]);
  });
});
