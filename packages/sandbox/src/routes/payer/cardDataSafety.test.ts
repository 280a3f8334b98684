import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenizedCardPayload, cardPayloadOf, createTestApp, newLink, type CardPayloadOptions, type TestApp } from '../../../test/testApp';

// PRODUCT.md: "no card number or CVC is ever stored, logged or sent anywhere but the card endpoint".

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pay = async (overrides: CardPayloadOptions = {}) => t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t), overrides));

describe('no card number or CVC is ever stored', () => {
  it('leaves no trace of the full number in any table after payments', async () => {
    const numbers = ['4242424242424242', '4000000000003220', '378282246310005'];
    // The CVC has no column to land in; random tokens and hashes would make a scan for 3 digits flaky.
    for (const cardNumber of numbers) await pay({ cardNumber });
    const tables = await t.db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(3);
    for (const { table_name } of tables) {
      const rows = await t.db.query<{ text: string }>(`select t::text as text from "${table_name}" t`);
      const dump = rows.map((r) => r.text).join('\n');
      for (const n of numbers) expect(dump, table_name).not.toContain(n);
    }
  });
});

describe('no card number or CVC is ever logged', () => {
  it('writes nothing holding the number to the console, on success, decline, gateway failure or bad input', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    try {
      for (const cardNumber of ['4242424242424242', '4000000000000002', '4000000000000119']) await pay({ cardNumber });
      // A number (and a CVC) sent where the token goes: refused, and not written either.
      const raw = cardPayloadOf(await newLink(t), { token: '4242424242424241', brand: 'VISA', expMonth: 12, expYear: 2034 });
      expect((await t.post('/cards/auth-capture', { ...raw, cardInformation: { ...raw.cardInformation, cvv: '987' } })).status).toBe(400);
      const written = spies.flatMap((s) => s.mock.calls.map((args) => args.map(String).join(' '))).join('\n');
      for (const n of ['4242424242424242', '4000000000000002', '4000000000000119', '4242424242424241']) expect(written).not.toContain(n);
    } finally {
      for (const s of spies) s.mockRestore();
    }
  });
});
