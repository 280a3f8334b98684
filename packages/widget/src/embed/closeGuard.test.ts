import { describe, expect, it, vi } from 'vitest';
import type { PaymentResult, WidgetMessage } from '@pasarela/core';
import { createCloseGuard } from './closeGuard';
import { closeAnyway } from './closeAnyway';

function pendingResult(oper: string): PaymentResult {
  return {
    status: 'success',
    method: 'nequi',
    notification: { TotalPagado: '10.70', Fecha: '23/11/2026', Hora: '10:00:00', Tipo: 'NEQUI', Oper: oper, Usuario: 'ana@example.com', Estado: 'PENDING', Razon: '', isReturn: false, returnUrl: '' },
  };
}

describe('createCloseGuard (closing while a payment is pending)', () => {
  it('lets a close through at once when nothing is pending', () => {
    const guard = createCloseGuard(() => {});
    expect(guard.intercept()).toBe(false);
    expect(guard.store.getState().asking).toBe(false);
  });

  it('asks first; staying keeps the checkout open and sends nothing', () => {
    const sent: WidgetMessage[] = [];
    const guard = createCloseGuard((m) => sent.push(m));
    guard.hold('nequi', { codOper: 'PP1', pending: () => pendingResult('PP1') });
    expect(guard.intercept()).toBe(true);
    expect(guard.store.getState().asking).toBe(true);
    guard.store.setState({ asking: false });
    expect(guard.store.getState().asking).toBe(false);
    expect(sent).toEqual([]);
  });

  it('closing anyway sends the PENDING result, then close (SPEC 4: PENDING notifies success)', () => {
    const sent: WidgetMessage[] = [];
    const guard = createCloseGuard((m) => sent.push(m));
    guard.hold('nequi', { codOper: 'PP1', pending: () => pendingResult('PP1') });
    guard.intercept();
    closeAnyway(guard);
    expect(sent).toEqual([{ type: 'result', result: pendingResult('PP1') }, { type: 'close' }]);
    // The close it sent is not asked about again.
    expect(guard.intercept()).toBe(false);
  });

  it('does not repeat a PENDING the merchant page already heard, nor one the method reports itself (cash)', () => {
    const sent: WidgetMessage[] = [];
    const guard = createCloseGuard((m) => sent.push(m));
    guard.noteResult(pendingResult('PP1'));
    guard.hold('nequi', { codOper: 'PP1', pending: () => pendingResult('PP1') });
    guard.hold('cash', { codOper: 'PP2', pending: null });
    expect(guard.intercept()).toBe(true);
    closeAnyway(guard);
    expect(sent).toEqual([{ type: 'close' }]);
  });

  it('a payment let go (approved, declined) no longer holds the close', () => {
    const guard = createCloseGuard(() => {});
    guard.hold('yappy', { codOper: 'PP3', pending: () => pendingResult('PP3') });
    guard.hold('yappy', null);
    expect(guard.intercept()).toBe(false);
  });

  it('a payment whose first answer is on its way asks first; closing anyway sends close, and the answer after it (issue 95)', () => {
    vi.useFakeTimers();
    try {
      const sent: WidgetMessage[] = [];
      const guard = createCloseGuard((m) => sent.push(m));
      const payment = { method: 'card', link: 'LK1', trackId: 'T1' } as const;
      guard.takeOff(payment);
      expect(sent).toEqual([{ type: 'paying', payment }]);
      expect(guard.intercept()).toBe(true);
      closeAnyway(guard);
      expect(sent.at(-1)).toEqual({ type: 'close' });
      expect(guard.intercept()).toBe(false);
      // The answer lands: the word goes after what the method makes of it (a result, a wait).
      guard.land('T1', false);
      guard.hold('nequi', { codOper: 'PP9', pending: () => pendingResult('PP9') });
      expect(sent.at(-1)).toEqual({ type: 'result', result: pendingResult('PP9') });
      vi.runAllTimers();
      expect(sent.at(-1)).toEqual({ type: 'answered', trackId: 'T1', lost: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a landed answer no longer holds the close', async () => {
    const guard = createCloseGuard(() => {});
    guard.takeOff({ method: 'balance', link: 'LK1', trackId: 'T2' });
    guard.land('T2', true);
    expect(guard.intercept()).toBe(false);
  });
});

// A wait that ends while the payer is asked about closing (declined, expired): the question goes by itself.
describe('the close question when the payment it was about ends', () => {
  it('goes when the last held payment is let go', () => {
    const guard = createCloseGuard(() => {});
    guard.hold('nequi', { codOper: 'PP1', pending: null });
    guard.intercept();
    guard.hold('nequi', null);
    expect(guard.store.getState().asking).toBe(false);
  });

  it('stays while another payment is still held', () => {
    const guard = createCloseGuard(() => {});
    guard.hold('nequi', { codOper: 'PP1', pending: null });
    guard.hold('cash', { codOper: 'PP2', pending: null });
    guard.intercept();
    guard.hold('nequi', null);
    expect(guard.store.getState().asking).toBe(true);
  });

  it('stays over a landed answer that starts a wait, goes over one that ends it', async () => {
    vi.useFakeTimers();
    try {
      const guard = createCloseGuard(() => {});
      guard.takeOff({ method: 'nequi', link: 'LK1', trackId: 'T1' });
      guard.intercept();
      guard.land('T1', false);
      guard.hold('nequi', { codOper: 'PP1', pending: null });
      await vi.runAllTimersAsync();
      expect(guard.store.getState().asking).toBe(true);
      guard.takeOff({ method: 'card', link: 'LK1', trackId: 'T2' });
      guard.hold('nequi', null);
      expect(guard.store.getState().asking).toBe(true);
      guard.land('T2', false);
      await vi.runAllTimersAsync();
      expect(guard.store.getState().asking).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
