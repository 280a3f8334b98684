import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';

// RFC 3339 5.6 gives a date-time's fraction of a second as many digits as its writer has: .NET's
// round-trip format writes 7 (2026-03-01T00:00:00.0000000Z), Go's time.RFC3339Nano up to 9. Each
// is taken as the instant it names (to the millisecond, as every time the API answers), never a 400.

const setup = useMerchantApi();

const iso = (ms: number) => new Date(ms).toISOString();
/** The instant written with `digits` digits of its fraction, its milliseconds first. */
const withFraction = (ms: number, digits: number) => iso(ms).replace(/\.(\d{3})Z$/, (_, millis: string) => `.${millis.padEnd(digits, '7')}Z`);

describe('a date-time with more than six digits of a second', () => {
  it.each([7, 9])('with %i digits, filters a list by its instant', async (digits) => {
    const { key } = await setup.newMerchant(`Fracciones ${digits}`);
    const made = await setup.api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido' } });
    expect(made.status).toBe(201);
    const at = Date.parse(String(made.json['createdAt']));
    const from = withFraction(at - 60_000, digits);
    const to = withFraction(at + 60_000, digits);
    for (const path of [`/payment-links?createdFrom=${from}&createdTo=${to}`, `/transactions?updatedFrom=${from}`, `/events?createdTo=${to}`, `/balance-transactions?createdFrom=${from}`]) {
      const res = await setup.api.call('GET', path, { key });
      expect([path, res.status]).toEqual([path, 200]);
    }
    const listed = await setup.api.call('GET', `/payment-links?createdFrom=${from}&createdTo=${to}`, { key });
    expect((listed.json['data'] as Array<{ code: string }>).map((l) => l.code)).toEqual([made.json['code']]);
    const after = await setup.api.call('GET', `/payment-links?createdFrom=${withFraction(at + 1, digits)}`, { key });
    expect(after.json['data']).toEqual([]);
  });

  it('as a link\'s expiresAt, the link expires at that instant', async () => {
    const { key } = await setup.newMerchant('Fracciones expira');
    const expiresAt = withFraction(Date.now() + 3_600_000, 9);
    const made = await setup.api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido', expiresAt } });
    expect([made.status, made.json['expiresAt']]).toEqual([201, `${expiresAt.slice(0, 23)}Z`]);
  });

  it('still refuses a fraction with no digits, and a date-time without an offset', async () => {
    const { key } = await setup.newMerchant('Fracciones malas');
    for (const value of ['2026-03-01T00:00:00.Z', '2026-03-01T00:00:00.1234567']) {
      const res = await setup.api.call('GET', `/payment-links?createdFrom=${value}`, { key });
      expect([value, res.status, res.json['code']]).toEqual([value, 400, 'invalid_arguments']);
    }
  });
});
