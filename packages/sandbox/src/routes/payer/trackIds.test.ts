import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';

// Issue 89: an empty or blank trackId is refused with 400 on every payment route, never stored
// (a second one would collide with the first and answer 500).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROUTES: ReadonlyArray<[string, (code: string, trackId: string) => ReturnType<TestApp['post']>]> = [
  ['yappy', (code, trackId) => t.post('/yappy/payments', { code, phone: '61111111', trackId })],
  ['nequi', (code, trackId) => t.post('/nequi/push', { code, phone: '61111111', trackId })],
  ['cash', (code, trackId) => t.post('/cash/pay-cash', { code, email: 'a@example.com', phone: '61234567', trackId })],
  ['clave', (code, trackId) => t.post('/clave/payments', { code, trackId })],
  ['crypto', (code, trackId) => t.post('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'cripto@example.com', trackId })],
  ['card', async (code, trackId) => t.post('/cards/auth-capture', await tokenizedCardPayload(code, { trackId }))],
];

it.each(ROUTES)('%s: an empty or blank trackId is 400, twice over, and nothing is recorded', async (_method, pay) => {
  const code = await newLink(t);
  for (const trackId of ['', '', '   ', '\t']) {
    const answer = await pay(code, trackId);
    expect({ trackId, status: answer.status }).toEqual({ trackId, status: 400 });
  }
  expect(await t.db.query('select 1 from transactions where link_code = $1', [code])).toEqual([]);
});
