import { createHmac } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { constructEvent, WebhookVerificationError } from './webhooks';

// constructEvent over the raw body in whatever form a server framework hands it (a string, a Buffer,
// an ArrayBuffer from a web Request's arrayBuffer()), and a tolerance that can only narrow the
// replay window, never switch it off.

const secret = 'whsec_test';
const now = 1_764_072_000;
const body = JSON.stringify({
  id: 'evt_1', type: 'transaction.approved', createdAt: '2026-11-25T12:00:00.000Z',
  data: { codOper: 'PP1', method: 'card', result: 'APPROVED', amount: 25, taxAmount: 0, linkCode: null, orderReference: 'pedido-ñandú', metadata: {}, refundedAmount: 0, status: 1, authStatus: 'APPROVED' },
});
const sign = (text: string, t = now, key = secret) => `t=${t},v1=${createHmac('sha256', key).update(`${t}.${text}`).digest('hex')}`;

describe('constructEvent and the raw body', () => {
  it('takes the bytes as an ArrayBuffer (await request.arrayBuffer()), a Uint8Array and a string alike', () => {
    const bytes = new TextEncoder().encode(body);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    for (const raw of [body, Buffer.from(body), bytes, arrayBuffer]) {
      const event = constructEvent(raw, sign(body), secret, { nowSeconds: now });
      expect([event.id, event.type, event.data.orderReference]).toEqual(['evt_1', 'transaction.approved', 'pedido-ñandú']);
    }
  });

  it('checks the signature over a view\'s own bytes only (a Buffer from a pool), and refuses other bytes in an ArrayBuffer', () => {
    const pooled = Buffer.concat([Buffer.from('xxxx'), Buffer.from(body), Buffer.from('yyyy')]).subarray(4, 4 + Buffer.byteLength(body));
    expect(constructEvent(pooled, sign(body), secret, { nowSeconds: now }).id).toBe('evt_1');
    const changed = new TextEncoder().encode(body.replace('"amount":25', '"amount":2500')).buffer;
    expect(() => constructEvent(changed, sign(body), secret, { nowSeconds: now })).toThrow(/signature does not match/);
  });
});

describe('constructEvent\'s tolerance', () => {
  it.each([NaN, -1, Infinity])('refuses toleranceSeconds %s rather than accept a signature of any age', (toleranceSeconds) => {
    const old = sign(body, now - 86_400 * 365);
    expect(() => constructEvent(body, old, secret, { nowSeconds: now, toleranceSeconds })).toThrow(/toleranceSeconds/);
  });

  it('refuses a nowSeconds that is no time rather than accept any signature\'s age', () => {
    expect(() => constructEvent(body, sign(body, 1), secret, { nowSeconds: NaN })).toThrow(/nowSeconds/);
  });

  it('takes a tolerance of 0 (the same second only) and a wider one', () => {
    expect(constructEvent(body, sign(body), secret, { nowSeconds: now, toleranceSeconds: 0 }).id).toBe('evt_1');
    expect(() => constructEvent(body, sign(body, now - 1), secret, { nowSeconds: now, toleranceSeconds: 0 })).toThrow(WebhookVerificationError);
    expect(constructEvent(body, sign(body, now - 600), secret, { nowSeconds: now, toleranceSeconds: 900 }).id).toBe('evt_1');
  });
});

describe('a transaction event\'s data', () => {
  it('types the transaction\'s createdAt and updatedAt, which every transaction.* event carries (docs/merchant-api.md: "The same fields are every webhook\'s data")', () => {
    const times = { createdAt: '2026-11-25T11:59:00.000Z', updatedAt: '2026-11-25T12:00:00.000Z' };
    const text = body.replace('"authStatus":"APPROVED"', `"authStatus":"APPROVED","createdAt":"${times.createdAt}","updatedAt":"${times.updatedAt}"`);
    const event = constructEvent(text, sign(text), secret, { nowSeconds: now });
    if (event.type !== 'transaction.approved') throw new Error(`got ${String(event.type)}`);
    expectTypeOf(event.data.updatedAt).toEqualTypeOf<string | undefined>();
    expectTypeOf(event.data.createdAt).toEqualTypeOf<string | undefined>();
    const changedAt: string | undefined = event.data.updatedAt;
    expect([event.data.createdAt, changedAt]).toEqual([times.createdAt, times.updatedAt]);
  });
});

describe('a crypto payment\'s refund and overpayment', () => {
  it('type every field the answer has: { coin, network, amount, to, status, refundedAt }', () => {
    const coins = { coin: 'USDT', network: 'TRON', amount: 10, to: 'TXyz', status: 'refunded', refundedAt: '2026-11-25T12:05:00.000Z' };
    const text = body.replace('"authStatus":"APPROVED"', `"authStatus":"APPROVED","overpayment":${JSON.stringify(coins)}`);
    const event = constructEvent(text, sign(text), secret, { nowSeconds: now });
    if (event.type !== 'transaction.approved') throw new Error(`got ${String(event.type)}`);
    expectTypeOf(event.data.overpayment?.to).toEqualTypeOf<string | undefined>();
    expectTypeOf(event.data.overpayment?.refundedAt).toEqualTypeOf<string | null | undefined>();
    expectTypeOf(event.data.refund?.refundedAt).toEqualTypeOf<string | null | undefined>();
    const sentTo: string | undefined = event.data.overpayment?.to;
    expect([sentTo, event.data.overpayment?.refundedAt]).toEqual(['TXyz', coins.refundedAt]);
  });
});
