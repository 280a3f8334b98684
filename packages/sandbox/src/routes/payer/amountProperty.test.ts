import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { centsToAmount, paymentAmountRefusal } from '@pasarela/core';
import { DEMO_WALLET_USER } from '../../db/seed';
import { GATEWAY_DEADLINE_MS } from '../../gateways/GatewayCall';
import { asCaller, createTestApp, type TestApp } from '../../../test/testApp';
import { encodeJsonText, paymentBodies, paymentFixtures, type PaymentFixtures } from '../../../test/paymentBodies';

// Item 5 of "Money is never wrong": arbitrary amounts and arbitrary JSON at every payment route;
// no 5xx, and nothing stored that core's amount rules refuse.

let t: TestApp;
let f: PaymentFixtures;
let token = '';
beforeAll(async () => {
  // The deployment's 10 s deadline on a processor's call, not the test app's 3 s: this property asks
  // for no 5xx at all, and on a loaded machine a card call (server, vault's forwarding, simulator,
  // all in this process) outlasted 3 s once (504).
  t = await createTestApp({ processorsTimeoutMs: GATEWAY_DEADLINE_MS });
  f = await paymentFixtures(t);
  token = String((await t.post('/users/login', { login: DEMO_WALLET_USER.login, password: DEMO_WALLET_USER.password })).data['token']);
});
afterAll(() => t.close());

/** An amount as raw JSON text: numbers a JSON.stringify cannot write (1e999, -0) included. */
const rawAmount = fc.oneof(
  fc.double().map((n) => (Number.isFinite(n) ? JSON.stringify(n) : '1e999')),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map((cents) => String(cents / 100)),
  fc.integer({ min: 1, max: 600_000 }).map((cents) => String(cents / 100)),
  fc.constantFrom('1e999', '-1e999', '-0', '0', '0.001', '10.005', '9007199254740992', '2147483648', '21474836.47', '5000', '5000.01', '4998.25', '1e-999',
    '"NaN"', '"25"', '"Infinity"', 'null', 'true', '[]', '{}', JSON.stringify('9'.repeat(5000))),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
);
const AMOUNT_FIELDS = ['amount', 'taxAmount', 'amountToCampaign', 'amountUSD'] as const;

/** The body as JSON text with each chosen amount field written raw. */
function bodyText(body: Record<string, unknown>, amounts: Partial<Record<(typeof AMOUNT_FIELDS)[number], string>>): string {
  const markers: Array<[string, string]> = [];
  const copy: Record<string, unknown> = { ...body };
  for (const [field, raw] of Object.entries(amounts)) {
    const marker = `__amount_${randomUUID()}__`;
    copy[field] = marker;
    markers.push([`"${marker}"`, raw]);
  }
  return markers.reduce((text, [marker, raw]) => text.replace(marker, raw), JSON.stringify(copy));
}

describe('arbitrary amounts and JSON at every payment route', () => {
  it('never answers 5xx, and stores only amounts the rules allow', async () => {
    let made = 0;
    const statuses = new Map<number, number>();
    const send = async (path: string, text: string, withToken: boolean, encoded: boolean) => {
      const headers = { ...asCaller(withToken ? token : undefined), 'content-type': encoded ? 'text/plain' : 'application/json' };
      const res = await t.app.request(`/api/v1${path}`, { method: 'POST', headers, body: encoded ? encodeJsonText(text) : text });
      made += 1;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status, `POST ${path} ${text.slice(0, 300)}`).toBeLessThan(500);
    };
    const route = fc.integer({ min: 0, max: paymentBodies(f, f.link).length - 1 });
    const amounts = fc.record(Object.fromEntries(AMOUNT_FIELDS.map((k) => [k, rawAmount])) as Record<(typeof AMOUNT_FIELDS)[number], typeof rawAmount>, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(route, fc.boolean(), amounts, fc.boolean(), async (index, open, chosen, encoded) => {
        const target = paymentBodies(f, open ? f.openStation : f.link)[index];
        if (!target) return;
        await send(target.path, bodyText(target.body, chosen), target.withToken, encoded);
      }),
      { numRuns: Number(process.env['AMOUNT_RUNS'] ?? 1000) },
    );
    // Arbitrary JSON bodies at every route too.
    await fc.assert(
      fc.asyncProperty(route, fc.jsonValue({ maxDepth: 4 }), async (index, value) => {
        const target = paymentBodies(f, f.link)[index];
        if (target) await send(target.path, JSON.stringify(value) ?? 'null', target.withToken, false);
      }),
      { numRuns: 300 },
    );
    // The Nequi QR takes its amounts in the query.
    await fc.assert(
      fc.asyncProperty(fc.boolean(), rawAmount, rawAmount, async (open, amount, tax) => {
        const query = new URLSearchParams({ code: open ? f.openStation : f.link, amount, taxAmount: tax, trackId: randomUUID() });
        const res = await t.app.request(`/api/v1/nequi/qr?${query.toString()}`, { headers: asCaller() });
        made += 1;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `GET /nequi/qr?${query.toString().slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );

    const rows = await t.db.query<{ cod_oper: string; method: string; amount_cents: number; tax_cents: number; campaign_cents: number; tx_limit_cents: number; min_cents: number | null; max_cents: number | null }>(
      `select t.cod_oper, t.method, t.amount_cents, t.tax_cents, t.campaign_cents, m.tx_limit_cents, c.min_cents, c.max_cents
       from transactions t join merchants m on m.id = t.merchant_id
       left join campaign_bridges b on b.id = t.campaign_bridge_id left join campaigns c on c.id = b.campaign_id`);
    const refused = rows.filter((r) => {
      const campaign = r.min_cents === null || r.max_cents === null ? null : { minAmount: centsToAmount(r.min_cents), maxAmount: centsToAmount(r.max_cents) };
      return r.amount_cents <= 0 || r.tax_cents < 0 || paymentAmountRefusal(
        { amount: centsToAmount(r.amount_cents), taxAmount: centsToAmount(r.tax_cents), donation: centsToAmount(r.campaign_cents) },
        { txLimit: centsToAmount(r.tx_limit_cents), campaign },
      ) !== null;
    });
    console.info(`payment requests: ${made}, by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, transactions stored: ${rows.length}`);
    expect(rows.length).toBeGreaterThan(0);
    expect(refused, JSON.stringify(refused.slice(0, 5))).toEqual([]);
    // About 1,500 requests (AMOUNT_RUNS sets more); the bound is for a hung run, not a slow one.
  }, 300_000);
});
