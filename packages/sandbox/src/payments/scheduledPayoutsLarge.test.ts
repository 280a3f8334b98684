import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from '../../test/testApp';
import { runSandboxPayouts, runScheduledPayouts } from './payouts';

// docs/merchant-api.md "GET /payouts": a payout carries at most 2 147 483 647 cents or hundredths of
// a peso (an integer column, core's PAYOUT_MAX_CENTS); a Colombian merchant's two sales of 15 000 000 pesos pass it, and are paid out in two payouts that
// add up to the balance, to the peso, never a 500 nor a run that stops paying every other merchant.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function colombianMerchantWithTwoBigSales(name: string): Promise<{ id: number; key: string }> {
  const res = await t.admin('POST', '/merchants', { name, country: 'CO', captchaRequired: false });
  const merchant = { id: Number(res.json['idMerchant']), key: String(res.json['secretKey']) };
  for (let i = 0; i < 2; i++) {
    const link = await t.admin('POST', '/links', { amount: 15_000_000, taxAmount: 0, description: 'Moto', merchantId: merchant.id });
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 15_000_000, taxAmount: 0 }));
    expect(paid.data['authStatus']).toBe('APPROVED');
  }
  return merchant;
}

const netCentsOf = async (merchantId: number) =>
  Number((await t.db.query<{ net: string }>('select coalesce(sum(net_cents), 0)::bigint as net from balance_transactions where merchant_id = $1 and type <> $2', [merchantId, 'payout']))[0]?.net);

it('a scheduled run pays a balance past what one payout carries in two, and still pays the merchants after it', async () => {
  const big = await colombianMerchantWithTwoBigSales('Motos Medellín S.A.S.');
  const small = await createMerchant(t, { name: 'Después S.A.' });
  const link = await t.admin('POST', '/links', { amount: 30, taxAmount: 0, description: 'Pedido', merchantId: small.id });
  await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 30, taxAmount: 0 }));
  await t.db.query("update balance_transactions set available_on = now() - interval '1 minute' where merchant_id = any($1::int[])", [[big.id, small.id]]);
  const available = await netCentsOf(big.id);
  expect(available).toBeGreaterThan(2 ** 31 - 1);

  const made = await runScheduledPayouts(t);
  const bigs = made.filter((p) => p.merchant_id === big.id);
  expect(bigs).toHaveLength(2);
  expect(bigs.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(available);
  // Whole pesos, each.
  for (const p of bigs) expect(p.amount_cents % 100).toBe(0);
  expect(made.filter((p) => p.merchant_id === small.id)).toHaveLength(1);
  const balance = await t.app.request('/api/v1/merchant/balance', { headers: { authorization: `Bearer ${big.key}` } });
  expect(await balance.json()).toEqual({ currency: 'COP', available: 0, pending: 0 });
  // Run again in the same period: nothing more, each part was made once.
  expect((await runScheduledPayouts(t)).filter((p) => p.merchant_id === big.id)).toEqual([]);
});

it('the sandbox run answers both payouts, paid, each with its own lines', async () => {
  const big = await colombianMerchantWithTwoBigSales('Motos Cali S.A.S.');
  const available = await netCentsOf(big.id);
  const made = await runSandboxPayouts(t, big.id);
  expect(made.map((p) => p.status)).toEqual(['paid', 'paid']);
  expect(made.reduce((sum, p) => sum + p.amount_cents, 0)).toBe(available);
  for (const p of made) {
    const answer = await t.app.request(`/api/v1/merchant/balance-transactions?payout=${p.id}`, { headers: { authorization: `Bearer ${big.key}` } });
    const lines = (await answer.json() as { data: Array<{ type: string; net: number }> }).data;
    expect(lines.filter((l) => l.type !== 'payout').reduce((sum, l) => sum + l.net, 0)).toBe(p.amount_cents / 100);
  }
});

it('a balance that fits one payout is paid in one, never more than it: a big sale refunded after another', async () => {
  const res = await t.admin('POST', '/merchants', { name: 'Motos Pereira S.A.S.', country: 'CO', captchaRequired: false });
  const merchant = { id: Number(res.json['idMerchant']), key: String(res.json['secretKey']) };
  const sale = async (amount: number) => {
    const link = await t.admin('POST', '/links', { amount, taxAmount: 0, description: 'Moto', merchantId: merchant.id });
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount, taxAmount: 0 }));
    return String(paid.data['codOper']);
  };
  const first = await sale(15_000_000);
  await sale(10_000_000);
  // Together past what one payout carries; the first refunded whole, the balance is the second's net.
  const refund = await t.app.request(`/api/v1/merchant/transactions/${first}/refunds`, {
    method: 'POST', headers: { authorization: `Bearer ${merchant.key}`, 'content-type': 'application/json', 'idempotency-key': 'refund-first' }, body: JSON.stringify({ amount: 15_000_000 }) });
  expect(await refund.json()).toMatchObject({ status: 'succeeded' });
  await t.db.query("update balance_transactions set available_on = now() - interval '1 minute' where merchant_id = $1", [merchant.id]);
  const available = await netCentsOf(merchant.id);
  expect(available).toBeLessThan(2 ** 31 - 1);

  const made = (await runScheduledPayouts(t)).filter((p) => p.merchant_id === merchant.id);
  expect(made.map((p) => p.amount_cents)).toEqual([available]);
  const balance = await t.app.request('/api/v1/merchant/balance', { headers: { authorization: `Bearer ${merchant.key}` } });
  expect(await balance.json()).toEqual({ currency: 'COP', available: 0, pending: 0 });
});
