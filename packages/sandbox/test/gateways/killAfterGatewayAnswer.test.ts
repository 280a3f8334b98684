import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../testApp';
import { killAfterGatewayAnswer, killAfterPortOf } from './killAfterGatewayAnswer';

// The fault harness's switch: the kill comes after the gateway decided and before the payment is
// recorded, once. Here the "kill" throws instead, so the request ends where the process would have.

let t: TestApp;
let kills = 0;
beforeAll(async () => {
  t = await createTestApp({
    wrapGateways: (inner) => killAfterGatewayAnswer(inner, 'card', () => {
      kills += 1;
      throw new Error('killed');
    }),
  });
});
afterAll(() => t.close());

describe('killAfterGatewayAnswer', () => {
  it('strikes after the first authorization the processor made, before its record, and only once', async () => {
    const code = await newLink(t);
    const first = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: testCardNumber(randomUUID()) }));
    expect(first.status).toBe(504);
    expect(kills).toBe(1);
    const [row] = await t.db.query<{ cod_oper: string; auth_status: string }>('select cod_oper, auth_status from transactions where link_code = $1', [code]);
    expect(row?.auth_status).toBe('PROCESSING');
    expect(t.simulator.books.find<unknown, { status: string }>(String(row?.cod_oper))?.state.status).toBe('approved');

    const next = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t), { cardNumber: testCardNumber(randomUUID()) }));
    expect(next).toMatchObject({ status: 200, data: { status: 1 } });
    expect(kills).toBe(1);
  });

  it('reads the switch: unset or empty is off, a port name is on, anything else stops the start', () => {
    expect(killAfterPortOf(undefined)).toBeUndefined();
    expect(killAfterPortOf('')).toBeUndefined();
    expect(killAfterPortOf('card')).toBe('card');
    expect(killAfterPortOf('push')).toBe('push');
    expect(() => killAfterPortOf('voucher')).toThrow(/card or push/);
  });
});
