import { afterEach, describe, expect, it, vi } from 'vitest';
import { recallPending, rememberPending } from './pendingMemory';

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe("the pending payment, remembered in the merchant page's own storage", () => {
  it('is kept per payment target and handed back as the checkout\'s pending parameter', () => {
    rememberPending('lk', 'ABC', { method: 'nequi', codOper: 'PPNQ1', deadline: 1_790_000_000_000 });
    expect(JSON.parse(recallPending('lk', 'ABC') ?? '')).toEqual({ method: 'nequi', codOper: 'PPNQ1', deadline: 1_790_000_000_000 });
    expect(recallPending('lk', 'OTHER')).toBeUndefined();
    expect(recallPending('slug', 'ABC')).toBeUndefined();
  });

  it('is forgotten when the checkout says nothing waits any more', () => {
    rememberPending('lk', 'ABC', { method: 'cash', codOper: 'PPCASH1', deadline: null });
    rememberPending('lk', 'ABC', null);
    expect(recallPending('lk', 'ABC')).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('lasts a day at most (SPEC 9: the longest wait, a cash voucher, is 24 hours)', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    rememberPending('lk', 'ABC', { method: 'cash', codOper: 'PPCASH1', deadline: null });
    vi.setSystemTime(Date.UTC(2026, 0, 2) - 1);
    expect(recallPending('lk', 'ABC')).toBeDefined();
    vi.setSystemTime(Date.UTC(2026, 0, 2) + 1);
    expect(recallPending('lk', 'ABC')).toBeUndefined();
  });

  it('ignores what another script wrote under its key in a shape the checkout does not take', () => {
    localStorage.setItem('pasarela.pending.lk.ABC', JSON.stringify({ method: 'nequi', codOper: '<img src=x>', deadline: null, at: Date.now() }));
    expect(recallPending('lk', 'ABC')).toBeUndefined();
    localStorage.setItem('pasarela.pending.lk.ABC', 'not json');
    expect(recallPending('lk', 'ABC')).toBeUndefined();
  });
});
