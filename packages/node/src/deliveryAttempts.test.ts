import { describe, expect, expectTypeOf, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';

// A delivery's attempts, kept across redeliveries (docs/merchant-api.md "Webhook endpoints").

const ID = `we_${'a'.repeat(32)}`;
const delivery = {
  id: `evt_${'c'.repeat(32)}`, eventId: `evt_${'c'.repeat(32)}`, test: false, state: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null,
  nextAttemptAt: null, deliveredAt: '2026-11-25T12:10:00.000Z', createdAt: '2026-11-25T12:00:00.000Z', attemptsRecorded: 3,
  recentAttempts: [
    { number: 3, attemptedAt: '2026-11-25T12:10:00.000Z', statusCode: 200, error: null, durationMs: 184 },
    { number: 2, attemptedAt: '2026-11-25T12:00:05.000Z', statusCode: null, error: 'timeout', durationMs: 10_000 },
    { number: 1, attemptedAt: '2026-11-25T12:00:00.000Z', statusCode: 500, error: null, durationMs: 96 },
  ],
};

describe('a webhook delivery\'s attempts', () => {
  it('come typed with the delivery, newest first, and a delivery without them still reads', async () => {
    const { attemptsRecorded: _count, recentAttempts: _attempts, ...before } = delivery;
    const s = await serverAnswering(json(200, { data: [delivery, before], hasMore: false, nextCursor: null }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const [got, older] = (await pasarela.webhookEndpoints.listDeliveries(ID)).data;
    expect(got?.attemptsRecorded).toBe(3);
    expect(got?.recentAttempts?.map((a) => [a.number, a.statusCode ?? a.error, a.durationMs])).toEqual([[3, 200, 184], [2, 'timeout', 10_000], [1, 500, 96]]);
    expect(older?.recentAttempts).toBeUndefined();
    expectTypeOf(got?.recentAttempts?.[0]?.statusCode).toEqualTypeOf<number | null | undefined>();
    expectTypeOf(got?.attemptsRecorded).toEqualTypeOf<number | undefined>();
  });
});
