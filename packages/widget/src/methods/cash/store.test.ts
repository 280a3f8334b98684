import { describe, expect, it, vi } from 'vitest';
import { PasarelaError, SUPPORT_EMAIL } from '@pasarela/core';
import type { SavedAttempt } from '../../payments/attemptStore';
import type { WatchOptions } from '../../payments/watchPayment';
import type { CashVoucher } from './api';
import { offeredNetworks } from './config';
import type { CashNetwork } from '../../payments/cashNetworks';
import { cashVerdict, createCashStore, issuedVoucher, type CashStoreDeps } from './store';

const NOW = new Date('2026-11-21T17:30:00Z');
const EXPIRES = '2026-11-22T17:30:00.000Z';

/** The sandbox's answers (SPEC 3 cash result plus the voucher's number and end). */
function voucher(overrides: Partial<CashVoucher> = {}): CashVoucher {
  return {
    totalAmount: 26.75, stringDate: '21/11/2026', stringHour: '12:30:00', type: 'PAYCASH', Oper: 'PPCASH1', user: 'ana@example.com',
    status: 0, message: 'pending', reference: '482913004571', expiresAt: EXPIRES, resultCode: '100', result: null, ...overrides,
  };
}

function memoryOf(saved: SavedAttempt | null = null) {
  let kept = saved;
  return { load: () => kept, save: vi.fn((s: SavedAttempt) => void (kept = s)), clear: vi.fn(() => void (kept = null)) };
}

function setup(overrides: Partial<CashStoreDeps> = {}) {
  let n = 0;
  const watched: Array<WatchOptions<CashVoucher>> = [];
  const deps: CashStoreDeps = {
    networks: ['PAYCASH', 'PC'],
    paymentEmail: '',
    supportEmail: SUPPORT_EMAIL,
    checkPhone: vi.fn(async (phone: string) => (phone.trim() === '' ? 'field_required' : phone.includes('x') ? 'invalid_phone_number' : null)),
    issue: vi.fn(async (network: CashNetwork) => (network === 'PC' ? voucher({ type: 'PC', Oper: 'PPCASH2', resultCode: null, result: '1|PPCASH2' }) : voucher())),
    check: vi.fn(async () => voucher({ resultCode: null })),
    lookup: async () => null,
    report: vi.fn(),
    showReceipt: vi.fn(),
    now: () => NOW,
    newTrackId: () => `track-${++n}`,
    pushUrl: (codOper) => `ws://checkout.test/api/v1/push?codOper=${codOper}`,
    memory: memoryOf(),
    watch: <T,>(options: WatchOptions<T>) => {
      watched.push(options as unknown as WatchOptions<CashVoucher>);
      return () => {};
    },
    ...overrides,
  };
  const { state, attempt } = createCashStore(deps);
  const fill = (values: { email?: string; phone?: string } = {}) => {
    state.getState().setValue('email', values.email ?? 'ana@example.com');
    state.getState().setValue('phone', values.phone ?? '6123 4567');
  };
  /** What the push socket or a poll tells the watcher. */
  const answer = (v: CashVoucher) => watched.at(-1)?.onAnswer(v);
  return { state, attempt, deps, fill, answer, watched };
}

describe('cashVerdict: SPEC 4 "Cash and cash-point: 3 declined, 0 and -1 pending, 1 completed, 2 paid"', () => {
  it.each([
    [0, 'pending'], [-1, 'pending'], [1, 'approved'], [2, 'approved'], [3, 'declined'], [9, 'pending'],
  ] as const)('status %s -> %s, on both networks', (status, verdict) => {
    expect(cashVerdict(voucher({ status }), 'PAYCASH')).toBe(verdict);
    expect(cashVerdict(voucher({ status }), 'PC')).toBe(verdict);
  });
});

describe('issuedVoucher: SPEC 4 network results', () => {
  it('"A pay-cash result code starting with 1 means success"; otherwise a declined record (status 3)', () => {
    expect(issuedVoucher('PAYCASH', voucher(), NOW, 'ana@example.com')).toMatchObject({ codOper: 'PPCASH1', voucher: { status: 0 } });
    const refused = issuedVoucher('PAYCASH', voucher({ resultCode: '051', message: 'Servicio no disponible' }), NOW, 'ana@example.com');
    expect(refused).toMatchObject({ codOper: '', voucher: { status: 3, message: 'Servicio no disponible', reference: null, type: 'PAYCASH', stringDate: '21/11/2026' } });
  });

  it('"A cash-point result text is split by a pipe: first part 1 means success and the second part is the operation code"', () => {
    expect(issuedVoucher('PC', voucher({ result: '1|PPCASH9', Oper: '' }), NOW, '')).toMatchObject({ codOper: 'PPCASH9' });
    expect(issuedVoucher('PC', voucher({ result: 'Kiosco fuera de servicio' }), NOW, '')).toMatchObject({
      codOper: '', voucher: { status: 3, message: 'Kiosco fuera de servicio' },
    });
  });
});

describe('cash store: contact and network', () => {
  it('asks for an e-mail only when the payment has none, and checks both fields with core rules (SPEC 5)', async () => {
    const { state, fill, deps } = setup();
    expect(state.getState().askEmail).toBe(true);
    fill({ email: 'ana@', phone: '' });
    expect(await state.getState().submit()).toBe('email');
    expect(state.getState().errors).toEqual({ email: 'invalid_email', phone: 'field_required' });
    fill({ email: SUPPORT_EMAIL, phone: '61x' });
    expect(await state.getState().submit()).toBe('email');
    expect(state.getState().errors).toEqual({ email: 'invalid_email', phone: 'invalid_phone_number' });
    state.getState().setValue('phone', '6123 4567');
    expect(state.getState().errors).toEqual({ email: 'invalid_email' });
    expect(deps.issue).not.toHaveBeenCalled();

    const known = setup({ paymentEmail: 'pagador@example.com' });
    expect(known.state.getState().askEmail).toBe(false);
    known.state.getState().setValue('phone', '6123 4567');
    expect(await known.state.getState().submit()).toBeNull();
    expect(known.deps.issue).toHaveBeenCalledWith('PAYCASH', { email: 'pagador@example.com', phone: '6123 4567' }, 'track-1');
  });

  it('offers the networks the payment has (SPEC 4 availability flags) and keeps the choice while a voucher is open', async () => {
    expect(offeredNetworks({ payCash: true, cashPoint: true })).toEqual(['PAYCASH', 'PC']);
    expect(offeredNetworks({ payCash: false, cashPoint: true })).toEqual(['PC']);
    const { state } = setup({ networks: ['PC'] });
    expect(state.getState().network).toBe('PC');
    state.getState().setNetwork('PAYCASH');
    expect(state.getState().network).toBe('PC');

    const both = setup();
    both.state.getState().setNetwork('PC');
    both.fill();
    await both.state.getState().submit();
    both.state.getState().setNetwork('PAYCASH');
    expect(both.state.getState().network).toBe('PC');
  });
});

describe('cash store: one voucher per click, watched until paid', () => {
  it('asks once however often the payer clicks, and tells the merchant page PENDING as soon as the voucher exists', async () => {
    let release: (v: CashVoucher) => void = () => {};
    const issue = vi.fn(() => new Promise<CashVoucher>((resolve) => (release = resolve)));
    const { state, attempt, fill, deps, watched } = setup({ issue });
    fill();
    const first = state.getState().submit();
    const second = state.getState().submit(); // double click
    await vi.waitFor(() => expect(attempt.getState().phase).toBe('sending'));
    expect(await second).toBeNull();
    release(voucher());
    await first;
    await state.getState().submit(); // a click on a voucher already open
    expect(issue).toHaveBeenCalledTimes(1);
    expect(issue).toHaveBeenCalledWith('PAYCASH', { email: 'ana@example.com', phone: '6123 4567' }, 'track-1');
    expect(attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'PPCASH1', deadline: Date.parse(EXPIRES), answer: { reference: '482913004571' } });
    expect(deps.report).toHaveBeenCalledTimes(1);
    expect(deps.report).toHaveBeenCalledWith({ result: 'PENDING', codOper: 'PPCASH1', type: 'PAYCASH', user: 'ana@example.com', reason: undefined });
    expect(watched).toHaveLength(1);
    expect(watched[0]?.pushUrl).toBe('ws://checkout.test/api/v1/push?codOper=PPCASH1');
  });

  it('turns into the receipt when the voucher is paid (status 2), telling the merchant page APPROVED', async () => {
    const { state, attempt, fill, deps, answer } = setup();
    fill();
    await state.getState().submit();
    answer(voucher({ status: 0, resultCode: null }));
    expect(attempt.getState().phase).toBe('waiting');
    answer(voucher({ status: 2, message: 'paid', resultCode: null }));
    expect(attempt.getState().phase).toBe('approved');
    expect(deps.report).toHaveBeenLastCalledWith(expect.objectContaining({ result: 'APPROVED', codOper: 'PPCASH1', type: 'PAYCASH' }));
    expect(deps.showReceipt).toHaveBeenCalledWith('PPCASH1');
  });

  it('pays a cash-point voucher through the PC network, its operation code read from "1|<codOper>"', async () => {
    const { state, attempt, fill, deps } = setup();
    state.getState().setNetwork('PC');
    fill();
    await state.getState().submit();
    expect(deps.issue).toHaveBeenCalledWith('PC', expect.anything(), 'track-1');
    expect(attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'PPCASH2' });
    expect(deps.report).toHaveBeenCalledWith(expect.objectContaining({ result: 'PENDING', codOper: 'PPCASH2', type: 'PC' }));
  });

  it('a voucher called off because another payment paid the order names that payment, and the merchant page hears no decline (issue 92)', async () => {
    const { state, attempt, fill, deps, watched } = setup();
    fill();
    await state.getState().submit();
    const reports = vi.mocked(deps.report).mock.calls.length;
    watched.at(-1)?.onRefused(new PasarelaError({ code: 'request_already_paid', category: 'api', fields: { paidBy: 'CARD9', paidWith: 'card' } }));
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'request_already_paid' }, paidBy: { codOper: 'CARD9', method: 'card' } });
    expect(vi.mocked(deps.report).mock.calls.length).toBe(reports);
    expect(deps.showReceipt).not.toHaveBeenCalled();
  });

  it('shows the catalogue message for a lapsed voucher (status 3) and makes a new one with a new trackId', async () => {
    const { state, attempt, fill, deps, answer } = setup();
    fill();
    await state.getState().submit();
    answer(voucher({ status: 3, message: 'declined', resultCode: null }));
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'request_expired' } });
    expect(deps.report).toHaveBeenLastCalledWith(expect.objectContaining({ result: 'DECLINED', codOper: 'PPCASH1', reason: 'request_expired' }));
    // The form is back, the payer's values kept: one click makes a new voucher.
    expect(state.getState().values.phone).toBe('6123 4567');
    await state.getState().submit();
    expect(deps.issue).toHaveBeenCalledTimes(2);
    expect(vi.mocked(deps.issue).mock.calls[1]?.[2]).toBe('track-2');
    expect(attempt.getState().phase).toBe('waiting');
  });

  it('a voucher the network refuses is declined at once with its text, and the merchant page hears no PENDING', async () => {
    const issue = vi.fn(async () => voucher({ resultCode: '051', message: 'Servicio no disponible', Oper: '' }));
    const { state, attempt, fill, deps } = setup({ issue });
    fill();
    await state.getState().submit();
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_rejected', text: 'Servicio no disponible' } });
    expect(deps.report).toHaveBeenCalledTimes(1);
    expect(deps.report).toHaveBeenCalledWith(expect.objectContaining({ result: 'DECLINED', codOper: '', reason: 'Servicio no disponible' }));
  });

  it('a refused request (expired link) fails with the catalogue key; a lost connection is not reported, and is looked up before the same trackId goes again', async () => {
    const issue = vi
      .fn<CashStoreDeps['issue']>()
      .mockRejectedValueOnce(new PasarelaError({ code: 'connection_error', category: 'network' }))
      .mockRejectedValueOnce(new PasarelaError({ code: 'expired_link', category: 'api', status: 410 }));
    const lookup = vi.fn<CashStoreDeps['lookup']>(async () => null);
    const { state, attempt, fill, deps } = setup({ issue, lookup });
    fill();
    await state.getState().submit();
    // Asked about twice, and the server never got it.
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'payment_not_received' } });
    expect(deps.report).not.toHaveBeenCalled();
    await state.getState().submit();
    expect(lookup).toHaveBeenCalledWith(issue.mock.calls[0]?.[2]);
    expect(issue.mock.calls[1]?.[2]).toBe(issue.mock.calls[0]?.[2]);
    expect(attempt.getState()).toMatchObject({ phase: 'failed', message: { key: 'expired_link' } });
    expect(deps.report).toHaveBeenCalledWith(expect.objectContaining({ result: 'DECLINED', codOper: '' }));
  });

  it('after a reload watches the same voucher instead of making another, and does not report it twice', async () => {
    const { attempt, deps, answer, watched } = setup({ memory: memoryOf({ codOper: 'PPCASH1', deadline: Date.parse(EXPIRES) }) });
    expect(attempt.getState()).toMatchObject({ phase: 'waiting', codOper: 'PPCASH1', answer: null });
    expect(watched).toHaveLength(1);
    answer(voucher({ resultCode: null }));
    expect(attempt.getState().answer?.reference).toBe('482913004571');
    expect(deps.issue).not.toHaveBeenCalled();
    expect(deps.report).not.toHaveBeenCalled();
    answer(voucher({ status: 2, resultCode: null, type: 'PC' }));
    expect(deps.report).toHaveBeenCalledWith(expect.objectContaining({ result: 'APPROVED', type: 'PC', user: 'ana@example.com' }));
  });

  it('"pay with another method" leaves the voucher and unlocks the form', async () => {
    const { state, attempt, fill, deps } = setup();
    fill();
    await state.getState().submit();
    attempt.getState().retry();
    expect(attempt.getState().phase).toBe('idle');
    expect(deps.memory?.clear).toHaveBeenCalled();
    state.getState().setNetwork('PC');
    expect(state.getState().network).toBe('PC');
  });
});
