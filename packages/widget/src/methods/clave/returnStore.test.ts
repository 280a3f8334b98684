import { describe, expect, it, vi } from 'vitest';
import { PasarelaError, type PaymentResult } from '@pasarela/core';
import { scriptedApi, type Answer } from '../../testing/fakePaymentContext';
import { createReceiptStore } from '../../receipts/receiptStore';
import { createClaveReturnStore, firstRead } from './returnStore';

const FORM = '/pf/widget?type=lk&code=LINK1&lang=en';
const receipt = (status: number) => ({
  codOper: 'OP1', status, totalPay: 26.75, typeMethod: 'CLAVE', cardType: '', email: 'ana@example.com', messageSys: status === 0 ? 'Rechazada por el banco' : 'Aprobada',
});

function setup(answer: Answer | Answer[], formPath = FORM) {
  const { api, calls } = scriptedApi({ 'receipts/OP1': answer });
  const reports: PaymentResult[] = [];
  const onSuccess = vi.fn();
  const store = createClaveReturnStore({
    api, codOper: 'OP1', pending: { formPath, email: '', returnUrl: '' }, report: (r) => void reports.push(r), onSuccess, now: () => new Date('2026-11-21T17:30:00Z'), wait: async () => {},
  });
  return { store, reports, onSuccess, api, calls };
}

describe('Clave return', () => {
  it('an approved payment is reported once as success and leads to its receipt', async () => {
    const { store, reports, onSuccess } = setup(receipt(1));
    await Promise.all([store.getState().load(), store.getState().load()]);
    await store.getState().load();
    expect(reports).toEqual([expect.objectContaining({ status: 'success', method: 'clave', notification: expect.objectContaining({ Oper: 'OP1', Estado: 'APPROVED', TotalPagado: '26.75', Tipo: 'CLAVE' }) })]);
    // As Nequi's and Yappy's approval, and as the checkout reports one settled after Back: no processor's words in Razon.
    expect(reports[0]?.notification.Razon).toBe('');
    expect(onSuccess).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'receipt', receipt: { codOper: 'OP1', status: 1 }, to: '/pf/default-receipt/OP1' });
  });

  it('the receipt it shows in place is the one it read, not read again; a later receipt screen reads its own', async () => {
    const { store, api, calls } = setup(receipt(1));
    await store.getState().load();
    expect(calls).toHaveLength(1);
    const state = store.getState();
    if (state.status !== 'receipt') throw new Error(`no receipt: ${state.status}`);
    // As ClaveReturnScreen makes it: ready at once with what was read.
    const inPlace = createReceiptStore(api, 'OP1', state.receipt);
    expect(inPlace.getState()).toMatchObject({ status: 'ready', receipt: { codOper: 'OP1', status: 1 } });
    expect(calls).toHaveLength(1);
    // Read again when asked again, and by any later receipt screen (nothing is left over between screens).
    await inPlace.getState().load();
    await createReceiptStore(api, 'OP1').getState().load();
    expect(calls).toHaveLength(3);
  });

  it('a refused payment is reported as an error, its Razon the catalogue key (never the bank\'s words), and leads back to the form with the reason and Clave chosen', async () => {
    const { store, reports, onSuccess } = setup(receipt(0));
    await store.getState().load();
    expect(reports).toEqual([expect.objectContaining({
      status: 'error', method: 'clave', notification: expect.objectContaining({ Estado: 'DECLINED', Razon: 'payment_declined' }), reason: { key: 'payment_declined', text: 'Rechazada por el banco' },
    })]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'done', to: `${FORM}&error=payment_declined&method=clave` });
  });

  it("left on the bank's page without an answer (its X, Escape or cancel): reported as the payer's cancel, and the form says cancelled, never the bank's refusal", async () => {
    const { store, reports, onSuccess } = setup({ ...receipt(0), authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse; no se hizo ningún cargo' });
    await store.getState().load();
    expect(reports).toEqual([expect.objectContaining({
      status: 'error', method: 'clave', notification: expect.objectContaining({ Estado: 'DECLINED', Razon: 'payment_cancelled' }),
      reason: { key: 'payment_cancelled', text: 'Pago cancelado antes de completarse; no se hizo ningún cargo' },
    })]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'done', to: `${FORM}&error=payment_cancelled&method=clave` });
  });

  it('a payment called off because another one paid the order is not reported as a decline and shows in place, naming that one (issue 92)', async () => {
    const { store, reports, onSuccess } = setup({ ...receipt(0), authStatus: 'CANCELLED', paidBy: { codOper: 'OP9', method: 'card' } });
    await store.getState().load();
    expect(reports).toEqual([]);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'receipt', receipt: { codOper: 'OP1', paidBy: { codOper: 'OP9', method: 'card' } } });
  });

  it('without the form address a refused payment shows its receipt', async () => {
    const { store } = setup(receipt(0), '');
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'receipt', receipt: { codOper: 'OP1', status: 0 }, to: '/pf/default-receipt/OP1' });
  });

  it('a payment the bank left pending is reported as success (SPEC 4: PENDING notifies success)', async () => {
    const { store, reports } = setup(receipt(-1));
    await store.getState().load();
    expect(reports[0]).toMatchObject({ status: 'success', notification: { Estado: 'PENDING', Razon: '' } });
  });

  it("back before the bank's answer reached the server: read again until it has one, and that is reported", async () => {
    const { store, reports } = setup([receipt(-1), receipt(-1), receipt(1)]);
    await store.getState().load();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ status: 'success', notification: { Estado: 'APPROVED' } });
  });

  it('never blank: the first screen waits for the first read only, and shows the payment still at the bank while it is read again', async () => {
    const { api } = scriptedApi({ 'receipts/OP1': [receipt(-1), receipt(-1), receipt(1)] });
    let reads = 0;
    let release = () => {};
    const store = createClaveReturnStore({
      api, codOper: 'OP1', pending: { formPath: FORM, email: '', returnUrl: '' }, report: () => {}, onSuccess: () => {}, now: () => new Date(),
      // the second read waits until released: the bank has not answered yet
      wait: () => (++reads === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve()),
    });
    await firstRead(store);
    expect(store.getState()).toMatchObject({ status: 'checking', receipt: { codOper: 'OP1', status: -1, totalPay: 26.75 } });
    release();
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'receipt', receipt: { status: 1 } });
  });

  it('an unknown operation goes to /404 without reporting anything', async () => {
    const { store, reports } = setup(new PasarelaError({ code: 'receive_not_found', category: 'api', status: 404 }));
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'done', to: '/404' });
    expect(reports).toEqual([]);
  });

  it('a lost connection shows the catalogue message, and trying again finishes the return', async () => {
    const { store, reports } = setup([new PasarelaError({ code: 'connection_error', category: 'network' }), receipt(1)]);
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'failed', message: { key: 'connection_error' } });
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'receipt', to: '/pf/default-receipt/OP1' });
    expect(reports).toHaveLength(1);
  });
});
