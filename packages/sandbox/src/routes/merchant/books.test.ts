import { constructEvent } from '@pasarela/node';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload } from '../../../test/testApp';
import { TO_RECEIVER, deliverDueWebhooks } from '../../../test/webhookReceiver';

// The merchant's books through the merchant API (docs/merchant-api.md "Books"): fees and net on
// each payment and refund, the balance, a payout rehearsed with the sandbox's call, its CSV report.

const setup = useMerchantApi({ webhooks: true });
const { newMerchant } = setup;
const paidCard = (key: string, amount: number, taxAmount = 0) => setup.paidCard(key, amount, { taxAmount });

type Line = { id: string; type: string; amount: number; fee: number; net: number; payoutId: string | null; codOper: string | null; refundId: string | null };

describe('fees, net and the balance', () => {
  it('a card payment records gross, fee and net at the merchant\'s price; a partial refund gives back its share of the fee', async () => {
    const m = await newMerchant('Libros S.A.', { prices: { card: { percentBps: 300, fixedCents: 30 } } });
    const codOper = await paidCard(m.key, 100, 7);
    // 107.00 × 3 % = 3.21, + 0.30 = 3.51
    const lines = (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Line[];
    expect(lines).toEqual([expect.objectContaining({ type: 'payment', amount: 107, fee: 3.51, net: 103.49, codOper })]);
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json).toEqual({ currency: 'USD', available: 0, pending: 103.49 });

    const refund = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 53.5 } });
    expect(refund.json['status']).toBe('succeeded');
    const after = (await setup.api.call('GET', '/balance-transactions?type=refund', { key: m.key })).json['data'] as Line[];
    // Half the payment gives back half the fee: 1.755 rounds half up to 1.76.
    expect(after).toEqual([expect.objectContaining({ type: 'refund', amount: -53.5, fee: -1.76, net: -51.74, codOper, refundId: refund.json['id'] })]);
    // The refund leaves the available balance at once; the payment is still pending (2 days for a card).
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json).toEqual({ currency: 'USD', available: -51.74, pending: 103.49 });
    // The console reads the same books through the admin API.
    expect((await setup.t.admin('GET', `/merchants/${m.id}/balance`)).json).toEqual({ currency: 'USD', available: -51.74, pending: 103.49 });
    expect(((await setup.t.admin('GET', `/merchants/${m.id}/balance-transactions`)).json['data'] as Line[]).map((l) => l.type)).toEqual(['refund', 'payment']);
  });

  it('a payout of more than 10 000 lines answers the newest 10 000 and says it has more; the paged list has them all', async () => {
    const m = await newMerchant('Muchas Ventas S.A.');
    await paidCard(m.key, 12);
    // 10 000 available lines of 1 cent each (as a busy shop's days of small sales) before the run: with
    // the card payment and the payout's own line, 10 002.
    await setup.t.db.query(
      `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on)
       select $1, 'payment', 1, 0, 1, now() - interval '1 day' from generate_series(1, 10000)`, [m.id]);
    const [made] = (await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` })).json['payouts'] as Array<{ id: string; amount: number }>;
    expect(made?.amount).toBe(100 + 12 - 0.65);
    const big = await setup.api.call('GET', `/payouts/${made?.id}`, { key: m.key });
    const shown = big.json['balanceTransactions'] as Line[];
    expect([shown.length, big.json['balanceTransactionsHasMore'], shown[0]?.type]).toEqual([10_000, true, 'payout']);
    const paged = await setup.api.call('GET', `/balance-transactions?payout=${made?.id}&limit=100`, { key: m.key });
    expect([(paged.json['data'] as Line[]).length, paged.json['hasMore']]).toEqual([100, true]);

    const small = await newMerchant('Pocas Ventas S.A.');
    await paidCard(small.key, 12);
    const [one] = (await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${small.key}` })).json['payouts'] as Array<{ id: string }>;
    const answer = await setup.api.call('GET', `/payouts/${one?.id}`, { key: small.key });
    expect([(answer.json['balanceTransactions'] as Line[]).length, answer.json['balanceTransactionsHasMore']]).toEqual([2, false]);
  }, 60_000);

  it('the sandbox\'s payout run makes pending money available and pays it out; the CSV of the payout adds up to it', async () => {
    const m = await newMerchant('Pagos S.A.');
    const first = await paidCard(m.key, 40);
    const second = await paidCard(m.key, 25.5);
    await setup.api.call('POST', `/transactions/${second}/refunds`, { key: m.key, body: { amount: 5.25 } });
    const run = await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` });
    expect(run.status).toBe(200);
    const [made] = run.json['payouts'] as Array<{ id: string; amount: number; status: string }>;
    // Default card price 2.90 % + 0.30: 40 -> 1.46, 25.50 -> 1.04; the refund of 5.25 gives back 0.21.
    expect(made).toMatchObject({ amount: (4000 - 146 + 2550 - 104 - 525 + 21) / 100, status: 'paid' });
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json).toEqual({ currency: 'USD', available: 0, pending: 0 });

    const payout = await setup.api.call('GET', `/payouts/${made?.id}`, { key: m.key });
    expect(payout.json).toMatchObject({ id: made?.id, status: 'paid', arrivalDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const settled = payout.json['balanceTransactions'] as Line[];
    expect(settled.map((l) => [l.type, l.codOper]).sort()).toEqual([['payment', first], ['payment', second], ['payout', null], ['refund', second]].sort());

    const csv = await setup.t.app.request(`/api/v1/merchant/balance-transactions?payout=${made?.id}`, { headers: { authorization: `Bearer ${m.key}`, accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, ...rows] = (await csv.text()).trim().split('\r\n');
    expect(header?.split(',').slice(0, 7)).toEqual(['id', 'type', 'amount', 'fee', 'net', 'currency', 'created']);
    const cents = (text: string | undefined) => Math.round(Number(text) * 100);
    const cells = rows.map((r) => r.split(','));
    const settledNet = cells.filter((c) => c[1] !== 'payout').reduce((sum, c) => sum + cents(c[4]), 0);
    expect(settledNet).toBe(Math.round((made?.amount ?? 0) * 100));
    expect(cells.find((c) => c[1] === 'payout')?.[4]).toBe(`-${(made?.amount ?? 0).toFixed(2)}`);
    for (const c of cells) expect(cents(c[2])).toBe(cents(c[3]) + cents(c[4]));

    while ((await deliverDueWebhooks(setup.t.db, TO_RECEIVER)) > 0);
    // The receiver hears every merchant's: this merchant's are the ones its secret signed.
    const signed = (body: string, header: string | undefined) => {
      try {
        return constructEvent(body, header, m.webhookSecret);
      } catch {
        return undefined;
      }
    };
    const events = setup.receiver.received.map((r) => ({ raw: r.body, event: signed(r.body, String(r.headers['pasarela-signature'])) })).filter(({ event }) => event?.type === 'payout.paid');
    expect(events.map(({ event }) => event?.data)).toEqual([expect.objectContaining({ id: made?.id, amount: made?.amount, status: 'paid' })]);
    setup.api.checkWebhookEvent(JSON.parse(events[0]?.raw ?? '{}'));
    expect((await setup.api.call('GET', '/events?type=payout.paid', { key: m.key })).json['data']).toHaveLength(1);
  });

  it('a payout the bank sends back fails, and its money returns to the balance once, for the next payout', async () => {
    const m = await newMerchant('Devueltos S.A.', { payoutAccount: '000000000002' });
    await paidCard(m.key, 30);
    const [failed] = (await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` })).json['payouts'] as Array<{ id: string; amount: number }>;
    expect((await setup.api.call('GET', `/payouts/${failed?.id}`, { key: m.key })).json).toMatchObject({ status: 'failed', failureReason: 'returned_by_bank' });
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json).toEqual({ currency: 'USD', available: failed?.amount, pending: 0 });
    const back = (await setup.api.call('GET', '/balance-transactions?type=payout_failure', { key: m.key })).json['data'] as Array<Line & { sourcePayoutId: string }>;
    // The failed payout keeps its own line and the failure's (they cancel out); its payment is freed.
    expect(back).toEqual([expect.objectContaining({ amount: failed?.amount, sourcePayoutId: failed?.id, payoutId: failed?.id })]);
    const linesOf = async (payout: string | undefined) => ((await setup.api.call('GET', `/balance-transactions?payout=${payout}`, { key: m.key })).json['data'] as Line[]).map((l) => l.type).sort();
    expect(await linesOf(failed?.id)).toEqual(['payout', 'payout_failure']);
    // Asked again, the rail says failed again: nothing more comes back.
    await setup.t.db.query("update payouts set status = 'pending' where id = $1", [failed?.id]).catch(() => undefined);
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json['available']).toBe(failed?.amount);

    // With the account fixed, the next payout takes the money that came back.
    await setup.t.admin('POST', `/merchants/${m.id}/books`, { payoutAccount: '000123456789' });
    const [next] = (await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` })).json['payouts'] as Array<{ id: string; amount: number; status: string }>;
    expect(next).toMatchObject({ amount: failed?.amount, status: 'paid' });
    // The payment names the payout that finally paid it.
    expect(await linesOf(next?.id)).toEqual(['payment', 'payout']);
    expect((await setup.api.call('GET', '/balance', { key: m.key })).json).toEqual({ currency: 'USD', available: 0, pending: 0 });
  });
});

it('a shop server on @pasarela/node reconciles its orders with the payout: each order\'s net, the fees, the amount that arrived', async () => {
  const m = await newMerchant('Tienda Node S.A.');
  const pasarela = setup.nodeClient(m.key);
  const orders: Record<string, string> = {};
  for (const [order, amount] of [['order-1', 12], ['order-2', 80.4]] as const) {
    const link = await pasarela.paymentLinks.create({ amount, taxAmount: 0, description: order, orderReference: order });
    const codOper = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(link.code, { amount, taxAmount: 0 }))).data['codOper']);
    orders[codOper] = order;
  }
  await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` });
  const [payout] = (await pasarela.payouts.list()).data;
  const detail = await pasarela.payouts.retrieve(String(payout?.id));
  const byOrder = detail.balanceTransactions.filter((l) => l.type === 'payment').map((l) => [orders[String(l.codOper)], l.amount, l.fee, l.net]).sort();
  // 12.00 × 2.9 % + 0.30 = 0.65; 80.40 × 2.9 % + 0.30 = 2.63 (2.3316 rounds to 2.33)
  expect(byOrder).toEqual([['order-1', 12, 0.65, 11.35], ['order-2', 80.4, 2.63, 77.77]]);
  expect(detail).toMatchObject({ status: 'paid', amount: 89.12 });
  const lines = [];
  for await (const line of pasarela.balanceTransactions.list({ payout: detail.id, limit: 1 })) lines.push(line);
  expect(lines).toHaveLength(3);
  expect(await pasarela.balance.retrieve()).toEqual({ currency: 'USD', available: 0, pending: 0 });
});

it('a CSV report of more than 10 000 lines is refused with report_too_large, naming the way to narrow it; narrower, it comes', async () => {
  const m = await newMerchant('Informe Largo S.A.');
  // A busy merchant's month: 10 001 payment lines, one a minute back from now (written straight to the ledger).
  await setup.t.db.query(
    `insert into balance_transactions (merchant_id, type, amount_cents, fee_cents, net_cents, available_on, created_at)
     select $1, 'payment', 1000, 59, 941, now(), now() - make_interval(mins => g) from generate_series(1, 10001) g`, [m.id]);
  const csv = (query: string, lang = 'es') => setup.t.app.request(`/api/v1/merchant/balance-transactions${query}`, { headers: { authorization: `Bearer ${m.key}`, accept: 'text/csv', 'accept-language': lang } });
  const refused = await csv('');
  expect(refused.status).toBe(400);
  const body = (await refused.json()) as { code: string; message: string };
  expect(body.code).toBe('report_too_large');
  expect(body.message).toMatch(/createdFrom\/createdTo.*payout=po_/);
  expect(body.message).toMatch(/más de 10000 líneas/);
  expect(((await (await csv('', 'en')).json()) as { message: string }).message).toMatch(/narrow createdFrom\/createdTo, or ask for one payout's lines.*more than 10000 lines/);
  // The same lines as JSON pages are not a report: they come a page at a time.
  expect((await setup.api.call('GET', '/balance-transactions?limit=1', { key: m.key })).json['hasMore']).toBe(true);
  // The last 1000 minutes (and a half, so a few seconds' run does not move the edge onto a line).
  const narrower = await csv(`?createdFrom=${encodeURIComponent(new Date(Date.now() - 1000.5 * 60_000).toISOString())}`);
  expect(narrower.status).toBe(200);
  expect((await narrower.text()).trim().split('\r\n')).toHaveLength(1 + 1000);
});
