import { afterEach, describe, expect, it, vi } from 'vitest';
import { recallPending, recallWaiting, rememberPending } from './pendingMemory';

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

  it('hands a checkout opened on another target the payments waiting elsewhere, with their merchant and link, newest first', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    rememberPending('lk', 'OLD', { method: 'cash', codOper: 'PPCASH1', deadline: null }, 7, 'OLD');
    vi.advanceTimersByTime(1000);
    rememberPending('lk', 'YAP', { method: 'yappy', codOper: 'PPYP1', deadline: 1_790_000_000_000 }, 7, 'YAP');
    rememberPending('lk', 'M9', { method: 'nequi', codOper: 'PPNQ9', deadline: null }, 9, 'M9');
    // an entry from before merchants were kept: a reopen of its own target only
    rememberPending('lk', 'BARE', { method: 'nequi', codOper: 'PPNQ0', deadline: null });
    expect(JSON.parse(recallWaiting('lk', 'NEW') ?? '')).toEqual([
      { merchant: 7, link: 'YAP', method: 'yappy', codOper: 'PPYP1', deadline: 1_790_000_000_000 },
      { merchant: 9, link: 'M9', method: 'nequi', codOper: 'PPNQ9', deadline: null },
      { merchant: 7, link: 'OLD', method: 'cash', codOper: 'PPCASH1', deadline: null },
    ]);
    // the target's own payment goes as `pending`, not among the others
    expect(JSON.parse(recallWaiting('lk', 'YAP') ?? '').map((w: { link: string }) => w.link)).toEqual(['M9', 'OLD']);
    expect(recallPending('lk', 'YAP')).toBe('{"method":"yappy","codOper":"PPYP1","deadline":1790000000000}');
  });

  it('keeps a payment the checkout went on with under its own link, and forgets it there', () => {
    rememberPending('lk', 'NEW', { method: 'yappy', codOper: 'PPYP1', deadline: null }, 7, 'OLD');
    expect(recallPending('lk', 'OLD')).toBeDefined();
    expect(recallPending('lk', 'NEW')).toBeUndefined();
    rememberPending('lk', 'NEW', null, 7, 'OLD');
    expect(localStorage.length).toBe(0);
  });

  it('hands on none older than a day, none in a shape the checkout does not take, and at most three', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) });
    rememberPending('lk', 'STALE', { method: 'cash', codOper: 'PPCASH1', deadline: null }, 7, 'STALE');
    vi.setSystemTime(Date.UTC(2026, 0, 2) + 1);
    expect(recallWaiting('lk', 'NEW')).toBeUndefined();
    localStorage.setItem('pasarela.pending.lk.BAD', JSON.stringify({ method: 'nequi', codOper: 'PP1', deadline: null, merchant: 7, link: '<b>', at: Date.now() }));
    localStorage.setItem('pasarela.pending.lk.JUNK', '{');
    expect(recallWaiting('lk', 'NEW')).toBeUndefined();
    for (const link of ['A', 'B', 'C', 'D']) rememberPending('lk', link, { method: 'nequi', codOper: `PP${link}`, deadline: null }, 7, link);
    expect(JSON.parse(recallWaiting('lk', 'NEW') ?? '')).toHaveLength(3);
  });

  it('answers nothing, and throws nothing, where the page may not use its storage', () => {
    rememberPending('lk', 'A', { method: 'nequi', codOper: 'PPA', deadline: null }, 7, 'A');
    const denied = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(recallWaiting('lk', 'NEW')).toBeUndefined();
    expect(recallPending('lk', 'A')).toBeUndefined();
    expect(() => rememberPending('lk', 'B', { method: 'nequi', codOper: 'PPB', deadline: null }, 7, 'B')).not.toThrow();
    denied.mockRestore();
  });
});
