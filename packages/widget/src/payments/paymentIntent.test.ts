import { describe, expect, it, vi } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { createPaymentIntent } from './paymentIntent';

const lost = () => new PasarelaError({ code: 'connection_error', category: 'network' });

function steps(send: (trackId: string) => Promise<string>, lookup: (trackId: string) => Promise<string | null> = async () => null) {
  return { send: vi.fn(send), lookup: vi.fn(lookup), resume: (found: string) => `found ${found}` };
}

describe('createPaymentIntent', () => {
  it('tells its flight log when a request leaves and when its answer lands, lost or not (issue 95)', async () => {
    let n = 0;
    const log: string[] = [];
    const flight = { start: (id: string) => log.push(`start ${id}`), land: (id: string, lost: boolean) => log.push(`land ${id} ${lost ? 'lost' : 'answered'}`) };
    const intent = createPaymentIntent(() => `t${++n}`, { sleep: async () => {} }, flight);
    await intent.run(steps(async (id) => {
      log.push(`send ${id}`);
      return 'sent';
    }));
    await expect(intent.run(steps(() => Promise.reject(lost()), () => Promise.reject(lost())))).rejects.toThrow();
    // Asked again with the same trackId: its look-up is lost too.
    await expect(intent.run(steps(() => Promise.reject(lost()), () => Promise.reject(lost())))).rejects.toThrow();
    expect(log).toEqual(['start t1', 'send t1', 'land t1 answered', 'start t2', 'land t2 lost', 'start t2', 'land t2 lost']);
  });

  it('a known answer: the next try is a new attempt, with no look-up', async () => {
    let n = 0;
    const intent = createPaymentIntent(() => `t${++n}`);
    const s = steps(async (id) => `sent ${id}`);
    expect(await intent.run(s)).toBe('sent t1');
    expect(await intent.run(s)).toBe('sent t2');
    expect(s.lookup).not.toHaveBeenCalled();
  });

  it.each([
    ['a captcha refusal', new PasarelaError({ code: 'error_captcha', category: 'validation' })],
    ['a cancel', new PasarelaError({ code: 'cancel', category: 'cancel' })],
  ])('%s before sending keeps an earlier unknown attempt', async (_, before) => {
    let n = 0;
    const intent = createPaymentIntent(() => `t${++n}`);
    await expect(intent.run(steps(() => Promise.reject(lost())))).rejects.toThrow();
    await expect(intent.run(steps(() => Promise.reject(before)))).rejects.toBe(before);
    expect(intent.outcomeUnknown()).toBe(true);
    const s = steps(async (id) => `sent ${id}`, async (id) => (id === 't1' ? 'OP1' : null));
    expect(await intent.run(s)).toBe('found OP1');
  });

  it('a look-up that fails with anything leaves the outcome unknown', async () => {
    const intent = createPaymentIntent(() => 't1');
    await expect(intent.run(steps(() => Promise.reject(lost())))).rejects.toThrow();
    const refusedLookup = steps(async () => 'sent', () => Promise.reject(new PasarelaError({ code: 'session_expired', category: 'session', status: 401 })));
    await expect(intent.run(refusedLookup)).rejects.toThrow();
    expect(refusedLookup.send).not.toHaveBeenCalled();
    expect(intent.unknownTrackId()).toBe('t1');
  });

  it('forget() after a known end; markUnknown() and restore() for a lost last look or a reload', async () => {
    let n = 0;
    const intent = createPaymentIntent(() => `t${++n}`);
    await intent.run(steps(async () => 'sent'));
    intent.markUnknown();
    expect(intent.unknownTrackId()).toBe('t1');
    intent.forget();
    intent.markUnknown();
    expect(intent.outcomeUnknown()).toBe(false);
    intent.restore('kept');
    const s = steps(async (id) => `sent ${id}`);
    expect(await intent.run(s)).toBe('sent kept');
    expect(s.lookup).toHaveBeenCalledWith('kept');
  });
});
