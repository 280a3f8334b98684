import { describe, expect, it, vi } from 'vitest';
import { AdminError, type AdminApi } from '../api/adminApi';
import type { Transaction, Webhook } from '../api/schemas';
import { createConsoleStore } from './consoleStore';

const tx = (over: Partial<Transaction> = {}): Transaction => ({
  codOper: 'PP1', method: 'cash', amount: 10, taxAmount: 0, status: 0, authStatus: 'PENDING', outcome: 'PENDING', linkCode: 'LK1', merchantId: 1,
  reference: '482913004571', subscriptionKey: null, underpaid: false, cryptoDue: null, validationState: null, refundedAmount: 0, paidAmount: 10, refunds: [], capturableAmount: 0, cardType: null, displayNum: null,
  createdAt: '2026-11-22T10:00:00.000Z', updatedAt: '2026-11-22T10:00:00.000Z', ...over,
});

/** The admin API faked at its boundary: every call a spy. */
function fakeApi(): { [K in keyof AdminApi]: ReturnType<typeof vi.fn> } & AdminApi {
  const api = {
    listTransactions: vi.fn(async () => [tx()]),
    listMerchants: vi.fn(async () => [{ id: 1, name: 'Tienda Demo', webhookUrl: null }]),
    listLinks: vi.fn(async () => []),
    listMail: vi.fn(async () => []),
    listWebhooks: vi.fn(async () => []),
    createLink: vi.fn(async () => ({ code: 'LK2', slug: 'lk2', url: 'http://h/lk2' })),
    createMerchant: vi.fn(async () => ({ idMerchant: 7, secretKey: 'sk', webhookSecret: 'whsec' })),
    createStation: vi.fn(), createPlan: vi.fn(), subscribe: vi.fn(), createCampaign: vi.fn(), createUser: vi.fn(),
    settleNequi: vi.fn(async () => ({})),
    payCash: vi.fn(async () => ({})),
    confirmCrypto: vi.fn(async () => ({})),
    settleClave: vi.fn(async () => ({})),
    settleThreeDs: vi.fn(async () => ({})),
    subscriptionDue: vi.fn(async () => ({})),
    addRandomCharge: vi.fn(async () => ({})),
    revealRandomCharge: vi.fn(async () => ({ codOper: 'PP1', statementLine: 'PASARELA*VERIFICA 2.37 USD' })),
    refund: vi.fn(async () => ({ id: 're_1', codOper: 'PP1', status: 'succeeded' })),
    redeliver: vi.fn(async () => ({})),
  };
  return api as unknown as ReturnType<typeof fakeApi>;
}

describe('console store', () => {
  it('start reads the catalogue, payments, webhooks and mail, and picks the first merchant', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().start();
    expect(store.getState()).toMatchObject({ merchantId: 1, transactions: [tx()] });
    expect(api.listWebhooks).toHaveBeenCalledOnce();
    expect(api.listMail).toHaveBeenCalledWith('');
  });
  it('filters are sent to the server, which answers the list', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().setFilters({ method: 'cash', outcome: 'PENDING' });
    expect(api.listTransactions).toHaveBeenLastCalledWith({ code: '', method: 'cash', outcome: 'PENDING' });
  });
  it.each([
    ['cashPaid', tx(), 'payCash', ['482913004571']],
    ['nequiApprove', tx({ method: 'nequi' }), 'settleNequi', ['PP1', 'approve']],
    ['nequiFail', tx({ method: 'nequi' }), 'settleNequi', ['PP1', 'fail']],
    ['cryptoFull', tx({ method: 'crypto' }), 'confirmCrypto', ['PP1']],
    ['cryptoUnder', tx({ method: 'crypto', cryptoDue: 25 }), 'confirmCrypto', ['PP1', 12.5]],
    ['claveFail', tx({ method: 'clave' }), 'settleClave', ['PP1', 'fail']],
    ['threeDsApprove', tx({ method: 'card' }), 'settleThreeDs', ['PP1', 'approve']],
    ['subscriptionDue', tx({ method: 'card', subscriptionKey: 'SUBX' }), 'subscriptionDue', ['SUBX']],
  ] as const)('%s calls its admin endpoint, says so, and reads the list again', async (action, given, call, args) => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().settle(given, action);
    expect(api[call]).toHaveBeenCalledWith(...args);
    expect(store.getState().notice).toEqual({ kind: 'done', action, codOper: 'PP1' });
    expect(api.listTransactions).toHaveBeenCalled();
  });
  it('a payment the call took out of the filtered list is said with the outcome it took, read without the outcome filter', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().setFilters({ method: 'cash', outcome: 'PENDING' });
    api.listTransactions.mockImplementation(async (filters: { outcome: string }) => (filters.outcome === 'PENDING' ? [] : [tx({ status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' })]));
    await store.getState().settle(tx(), 'cashPaid');
    expect(api.listTransactions).toHaveBeenLastCalledWith({ code: '', method: 'cash', outcome: '' });
    expect(store.getState().notice).toEqual({ kind: 'done', action: 'cashPaid', codOper: 'PP1', outcome: 'APPROVED' });
    expect(store.getState().transactions).toEqual([]);
  });
  it('a list that cannot be read after the call says so, not done', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    api.listTransactions.mockRejectedValueOnce(new AdminError('connection_error', 'Failed to fetch', 0));
    await store.getState().settle(tx(), 'cashPaid');
    expect(api.payCash).toHaveBeenCalledOnce();
    expect(store.getState().notice).toMatchObject({ kind: 'error', message: 'Failed to fetch' });
  });
  it('a random charge is created, then read off the statement', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().settle(tx({ method: 'card', outcome: 'APPROVED' }), 'randomCharge');
    expect(api.addRandomCharge).toHaveBeenCalledWith('PP1');
    expect(store.getState().statements).toEqual({ PP1: 'PASARELA*VERIFICA 2.37 USD' });
  });
  it('a double click settles once', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await Promise.all([store.getState().settle(tx(), 'cashPaid'), store.getState().settle(tx(), 'cashPaid')]);
    expect(api.payCash).toHaveBeenCalledOnce();
    expect(store.getState().busy).toEqual({});
  });
  it('a refund its gateway left pending says so, not done', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    const paid = tx({ method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' });
    await store.getState().settle(paid, 'refund', 5);
    expect(store.getState().notice).toEqual({ kind: 'done', action: 'refund', codOper: 'PP1' });
    api.refund.mockResolvedValueOnce({ id: 're_2', codOper: 'PP1', status: 'pending' });
    await store.getState().settle(paid, 'refund', 5);
    expect(api.refund).toHaveBeenLastCalledWith('PP1', 5);
    expect(store.getState().notice).toEqual({ kind: 'refundPending', action: 'refund', codOper: 'PP1' });
  });
  it('a refused call shows the server\'s message as the notice', async () => {
    const api = fakeApi();
    api.payCash.mockRejectedValueOnce(new AdminError('request_already_paid', 'The voucher is already paid', 409));
    const store = createConsoleStore(api);
    await store.getState().settle(tx(), 'cashPaid');
    expect(store.getState().notice).toMatchObject({ kind: 'error', message: 'The voucher is already paid' });
  });
  it('a refund the server refuses for its amount answers the server\'s words for the amount field, not the notice; and reads the list again', async () => {
    const api = fakeApi();
    api.refund.mockRejectedValueOnce(new AdminError('refund_exceeds_remaining', 'The refund is more than what remains to refund: $6.75 remains to refund', 422));
    const store = createConsoleStore(api);
    const paid = tx({ method: 'card', status: 1, authStatus: 'APPROVED', outcome: 'APPROVED' });
    expect(await store.getState().settle(paid, 'refund', 10)).toMatchObject({ amountRefused: { message: 'The refund is more than what remains to refund: $6.75 remains to refund' } });
    expect(store.getState().notice).toBeNull();
    expect(api.listTransactions).toHaveBeenCalled();
    // The same code from another call is that call's error.
    api.payCash.mockRejectedValueOnce(new AdminError('invalid_amount', 'amount must be more than 0', 400));
    expect(await store.getState().settle(tx(), 'cashPaid')).toBeUndefined();
    expect(store.getState().notice).toMatchObject({ kind: 'error', message: 'amount must be more than 0' });
  });
  it('a live transaction change reads payments and webhooks again; a webhook change only webhooks', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    store.getState().onLive({ type: 'transaction', codOper: 'PP1' });
    await vi.waitFor(() => expect(api.listTransactions).toHaveBeenCalledOnce());
    expect(api.listWebhooks).toHaveBeenCalledOnce();
    store.getState().onLive({ type: 'webhook', id: 'evt_1' });
    await vi.waitFor(() => expect(api.listWebhooks).toHaveBeenCalledTimes(2));
    expect(api.listTransactions).toHaveBeenCalledOnce();
  });
  it('a live mail change reads the mailbox again', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    store.getState().onLive({ type: 'mail', id: 9 });
    await vi.waitFor(() => expect(api.listMail).toHaveBeenCalledOnce());
    expect(api.listTransactions).not.toHaveBeenCalled();
  });
  it('opening the mailbox reads it again, for the recipient typed', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    store.getState().setMailTo(' ana@example.com ');
    store.getState().setTab('mailbox');
    await vi.waitFor(() => expect(api.listMail).toHaveBeenCalledWith('ana@example.com'));
  });
  it('the merchants are offered when only the links could not be read, and the failure is said', async () => {
    const api = fakeApi();
    api.listLinks.mockRejectedValueOnce(new AdminError('connection_error', 'Failed to fetch', 0));
    const store = createConsoleStore(api);
    await store.getState().start();
    expect(store.getState()).toMatchObject({ merchants: [{ id: 1, name: 'Tienda Demo' }], merchantId: 1, notice: { kind: 'error', message: 'Failed to fetch' } });
  });
  it.each(['books', 'create'] as const)('opening the %s tab reads the merchants again: a failed first read, or a merchant created since, is offered', async (tab) => {
    const api = fakeApi();
    api.listMerchants.mockRejectedValueOnce(new AdminError('connection_error', 'Failed to fetch', 0));
    const store = createConsoleStore(api);
    await store.getState().start();
    expect(store.getState().merchants).toEqual([]);
    store.getState().setTab(tab);
    await vi.waitFor(() => expect(store.getState().merchants).toEqual([{ id: 1, name: 'Tienda Demo', webhookUrl: null }]));
    api.listMerchants.mockResolvedValueOnce([{ id: 1, name: 'Tienda Demo', webhookUrl: null }, { id: 9, name: 'Librería del Mes', webhookUrl: null }]);
    store.getState().setTab(tab);
    await vi.waitFor(() => expect(store.getState().merchants.map((m) => m.id)).toEqual([1, 9]));
    expect(store.getState().merchantId).toBe(1);
  });
  it('the tab opened while the first read is under way, and it fails: the merchants are read once more after it', async () => {
    const api = fakeApi();
    let failFirst: (error: Error) => void = () => undefined;
    api.listMerchants.mockImplementationOnce(() => new Promise((_, reject) => (failFirst = reject)));
    const store = createConsoleStore(api);
    const started = store.getState().start();
    store.getState().setTab('books');
    failFirst(new AdminError('connection_error', 'timed out', 0));
    await started;
    await vi.waitFor(() => expect(store.getState().merchants.map((m) => m.id)).toEqual([1]));
    expect(api.listMerchants).toHaveBeenCalledTimes(2);
  });
  it('a new merchant becomes the one new links use', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().createMerchant({ name: 'Farmacia', webhookUrl: 'http://127.0.0.1:9/hooks' });
    expect(store.getState().merchantId).toBe(7);
    await store.getState().createLink({ amount: 5, description: 'x' });
    expect(api.createLink).toHaveBeenCalledWith({ amount: 5, description: 'x', merchantId: 7 });
  });
  it('redeliver sends the event again and reads the deliveries', async () => {
    const api = fakeApi();
    const store = createConsoleStore(api);
    await store.getState().redeliver('evt_1');
    expect(api.redeliver).toHaveBeenCalledWith('evt_1');
    expect(api.listWebhooks).toHaveBeenCalled();
  });
  it('redeliver says the outcome of the first attempt made since, once: delivered, or failed with its status', async () => {
    const api = fakeApi();
    const delivery = (over: Partial<Webhook>): Webhook => ({
      id: 'evt_1', type: 'payment.approved', merchantId: 1, codOper: 'PP1', url: 'http://h/hooks', state: 'pending', attempts: 0,
      lastStatusCode: null, lastError: null, createdAt: '2026-11-22T10:00:00.000Z', body: {}, ...over,
    });
    const store = createConsoleStore(api);
    // Sent again: its attempts start from 0, the attempt is still to be made.
    api.listWebhooks.mockResolvedValue([delivery({})]);
    await store.getState().redeliver('evt_1');
    expect(store.getState().notice).toBeNull();
    // The attempt made (the push socket reads the list again): said once.
    api.listWebhooks.mockResolvedValue([delivery({ state: 'delivered', attempts: 1, lastStatusCode: 200 })]);
    store.getState().onLive({ type: 'webhook', id: 'evt_1' });
    await vi.waitFor(() => expect(store.getState().notice).toEqual({ kind: 'redelivered', id: 'evt_1', delivered: true, status: 200 }));
    const count = store.getState().noticeCount;
    await store.getState().refreshWebhooks();
    expect(store.getState().noticeCount).toBe(count);
    // Again, and the endpoint refuses it now: failed, with its status; the same failure again is a new notice.
    for (const round of [1, 2]) {
      api.listWebhooks.mockResolvedValue([delivery({ state: 'pending', attempts: 1, lastStatusCode: 500 })]);
      await store.getState().redeliver('evt_1');
      expect(store.getState().notice).toEqual({ kind: 'redelivered', id: 'evt_1', delivered: false, status: 500 });
      expect(store.getState().noticeCount).toBe(count + round);
    }
    api.listWebhooks.mockResolvedValue([delivery({ state: 'pending', attempts: 1, lastError: 'ECONNREFUSED' })]);
    await store.getState().redeliver('evt_1');
    expect(store.getState().notice).toEqual({ kind: 'redelivered', id: 'evt_1', delivered: false, status: 'ECONNREFUSED' });
  });
});
