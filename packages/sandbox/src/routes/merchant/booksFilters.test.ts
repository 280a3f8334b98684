import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { tokenizedCardPayload } from '../../../test/testApp';
import { TO_RECEIVER, deliverDueWebhooks } from '../../../test/webhookReceiver';
import { gatewayCall } from '../../gateways/GatewayCall';
import { Metrics } from '../../ops/metrics';

// A bookkeeper's filters and what leads a line back to the shop's order (docs/merchant-api.md
// "Books"), gzip bodies on the merchant API, and the node's counters of money operations.

const metrics = new Metrics();
const setup = useMerchantApi({ webhooks: true, metrics });
type Json = Record<string, unknown>;
type Line = { id: string; type: string; codOper: string | null; orderReference: string | null; metadata: Record<string, string>; net: number; fee: number };

async function paidWithOrder(key: string, amount: number, orderReference: string) {
  const link = await setup.api.call('POST', '/payment-links', { key, body: { amount, taxAmount: 0, description: 'Pedido', orderReference, metadata: { cart: orderReference } } });
  return String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount, taxAmount: 0 }))).data['codOper']);
}

const csv = (key: string, query: string, accept: string) =>
  setup.t.app.request(`/api/v1/merchant/balance-transactions${query}`, { headers: { authorization: `Bearer ${key}`, accept } });

describe('lines that lead to the order', () => {
  it('?codOper= answers only that payment\'s lines, each with its order reference and metadata; the transaction shows fee, net and the line ids', async () => {
    const m = await setup.newMerchant('Orden S.A.');
    const first = await paidWithOrder(m.key, 40, 'order-77');
    await paidWithOrder(m.key, 10, 'order-78');
    const refund = await setup.api.call('POST', `/transactions/${first}/refunds`, { key: m.key, body: { amount: 10 } });
    expect(refund.json['status']).toBe('succeeded');

    const lines = (await setup.api.call('GET', `/balance-transactions?codOper=${first}`, { key: m.key })).json['data'] as Line[];
    expect(lines.map((l) => [l.type, l.codOper, l.orderReference, l.metadata])).toEqual([
      ['refund', first, 'order-77', { cart: 'order-77' }], ['payment', first, 'order-77', { cart: 'order-77' }]]);
    // Every line, not only this payment's, carries its order (null and {} on a line of no payment).
    const all = (await setup.api.call('GET', '/balance-transactions', { key: m.key })).json['data'] as Line[];
    expect(all.map((l) => l.orderReference).sort()).toEqual(['order-77', 'order-77', 'order-78']);

    const tx = (await setup.api.call('GET', `/transactions/${first}`, { key: m.key })).json;
    // 40.00 × 2.9 % + 0.30 = 1.46; the refund of a quarter gives back 0.37 (0.365 half up): fee 1.09, net 38.54 - 9.63.
    expect(tx).toMatchObject({ fee: 1.09, net: 28.91, balanceTransactionIds: [lines[1]?.id, lines[0]?.id] });
    expect(tx['net']).toBe(Math.round(lines.reduce((sum, l) => sum + l.net * 100, 0)) / 100);
    const bad = await setup.api.call('GET', '/balance-transactions?codOper=no%20such', { key: m.key });
    expect([bad.status, bad.json['code']]).toEqual([400, 'invalid_arguments']);
  });

  it('a payment not approved has no lines: null fee and net, no ids', async () => {
    const m = await setup.newMerchant('Rechazos S.A.');
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 5, taxAmount: 0, description: 'Pedido' } });
      const declined = String((await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 5, taxAmount: 0, cardNumber: '4000000000000002' }))).data['codOper']);
    expect((await setup.api.call('GET', `/transactions/${declined}`, { key: m.key })).json).toMatchObject({ fee: null, net: null, balanceTransactionIds: [] });
  });
});

it('a shop on @pasarela/node matches each payout to its own order references in one call per payout', async () => {
  const m = await setup.newMerchant('Conciliación S.A.');
  const pasarela = setup.nodeClient(m.key);
  const first = await paidWithOrder(m.key, 12, 'order-1');
  await paidWithOrder(m.key, 80.4, 'order-2');
  await pasarela.transactions.refund(first, { amount: 2 });
  await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` });
  const [payout] = (await pasarela.payouts.list()).data;
  // One call: the payout's lines, each naming its order.
  const { data: lines } = await pasarela.balanceTransactions.list({ payout: String(payout?.id), limit: 100 });
  const netByOrder = new Map<string, number>();
  for (const l of lines) if (l.orderReference) netByOrder.set(l.orderReference, Math.round(((netByOrder.get(l.orderReference) ?? 0) + l.net) * 100) / 100);
  // 12.00: fee 0.65, net 11.35, less the refund of 2.00 that gives back 0.11 of the fee (1.89); 80.40: fee 2.63, net 77.77.
  expect(Object.fromEntries(netByOrder)).toEqual({ 'order-1': 9.46, 'order-2': 77.77 });
  expect(Math.round([...netByOrder.values()].reduce((a, b) => a + b, 0) * 100) / 100).toBe(payout?.amount);
  expect(lines.find((l) => l.type === 'payout')).toMatchObject({ orderReference: null, metadata: {} });
});

it('the payments of a payout the bank sent back are named by the payout that finally paid them, through two returns', async () => {
  const m = await setup.newMerchant('Devoluciones S.A.', { payoutAccount: '000000000002' });
  const codOper = await paidWithOrder(m.key, 30, 'order-back');
  const run = async () => ((await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` })).json['payouts'] as Array<{ id: string; status: string }>)[0];
  const paidBy = async () => ((await setup.api.call('GET', `/balance-transactions?codOper=${codOper}`, { key: m.key })).json['data'] as Array<{ payoutId: string; paidByPayoutId: string | null }>)[0];
  const first = await run();
  expect(first?.status).toBe('failed');
  // A payout sent back frees the lines it took, for the next payout to name.
  expect(await paidBy()).toEqual(expect.objectContaining({ payoutId: null, paidByPayoutId: null }));
  const second = await run();
  expect(second?.status).toBe('failed');
  expect(await paidBy()).toEqual(expect.objectContaining({ payoutId: null, paidByPayoutId: null }));
  await setup.t.admin('POST', `/merchants/${m.id}/books`, { payoutAccount: '000123456789' });
  const third = await run();
  expect(third?.status).toBe('paid');
  expect(await paidBy()).toEqual(expect.objectContaining({ payoutId: third?.id, paidByPayoutId: third?.id }));
  // Each returned payout keeps its own line and the failure's, which cancel out.
  for (const returned of [first, second]) {
    const kept = (await setup.api.call('GET', `/payouts/${returned?.id}`, { key: m.key })).json['balanceTransactions'] as Array<{ type: string; amount: number }>;
    expect(kept.map((l) => l.type).sort()).toEqual(['payout', 'payout_failure']);
    expect(kept.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
  }
});

describe('lists as a bookkeeper filters them', () => {
  it('payouts by creation and arrival dates; each names its account\'s last four and the statement reference the bank transfer carries', async () => {
    const m = await setup.newMerchant('Fechas S.A.');
    await paidWithOrder(m.key, 30, 'order-1');
    const [made] = (await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` })).json['payouts'] as Array<{ id: string; arrivalDate: string }>;
    const list = async (query: string) => ((await setup.api.call('GET', `/payouts${query}`, { key: m.key })).json['data'] as Json[]).map((p) => p['id']);
    const day = String(made?.arrivalDate);
    expect(await list(`?arrivalFrom=${day}&arrivalTo=${day}`)).toEqual([made?.id]);
    const after = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await list(`?arrivalFrom=${after}`)).toEqual([]);
    expect(await list(`?createdFrom=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`)).toEqual([made?.id]);
    expect(await list(`?createdTo=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`)).toEqual([]);
    const bad = await setup.api.call('GET', '/payouts?arrivalFrom=2026-02-30', { key: m.key });
    expect([bad.status, bad.json['code']]).toEqual([400, 'invalid_arguments']);

    const payout = (await setup.api.call('GET', `/payouts/${made?.id}`, { key: m.key })).json;
    const reference = `PASARELA ${String(made?.id).slice(3, 16).toUpperCase()}`;
    expect(payout).toMatchObject({ destinationLast4: expect.stringMatching(/^.{4}$/), statementReference: reference });
    const { payout_account: account } = (await setup.t.db.query<{ payout_account: string }>('select payout_account from merchants where id = $1', [m.id]))[0] ?? { payout_account: '' };
    expect(payout['destinationLast4']).toBe(account.slice(-4));
    const transfer = await setup.t.simulator.books.read<{ statementReference: string | null }, unknown>('payout', gatewayCall(String(made?.id)).idempotencyKey);
    expect(transfer?.request.statementReference).toBe(reference);
  });

  it('disputes by status and by payment', async () => {
    const m = await setup.newMerchant('Disputas S.A.');
    const first = await paidWithOrder(m.key, 40, 'order-d1');
    const second = await paidWithOrder(m.key, 20, 'order-d2');
    await disputeAtProcessor(setup.t, first, disputeFacts(`dp_${first}`, 'needs_response', 4000));
    await disputeAtProcessor(setup.t, second, disputeFacts(`dp_${second}`, 'needs_response', 2000));
    const ids = async (query: string) => ((await setup.api.call('GET', `/disputes${query}`, { key: m.key })).json['data'] as Json[]).map((d) => d['id']);
    const [firstId, secondId] = [(await ids(`?codOper=${first}`))[0], (await ids(`?codOper=${second}`))[0]];
    expect((await setup.api.call('POST', `/disputes/${String(secondId)}/accept`, { key: m.key, body: {} })).json).toMatchObject({ status: 'lost' });
    expect(await ids('?status=needs_response')).toEqual([firstId]);
    expect(await ids('?status=lost')).toEqual([secondId]);
    expect(await ids(`?codOper=${second}`)).toEqual([secondId]);
    expect(await ids(`?codOper=${second}&status=won`)).toEqual([]);
    expect((await setup.api.call('GET', '/disputes?status=open', { key: m.key })).status).toBe(400);
  });

  it('the CSV: times ISO 8601 to the millisecond with an offset, a name per payout or range, Accept weighed by q-values', async () => {
    const m = await setup.newMerchant('Hojas S.A.');
    await paidWithOrder(m.key, 12, 'order-csv');
    const [made] = (await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` })).json['payouts'] as Array<{ id: string }>;
    const byPayout = await csv(m.key, `?payout=${made?.id}`, 'text/csv');
    expect(byPayout.headers.get('content-disposition')).toBe(`attachment; filename="balance-transactions-${made?.id}.csv"`);
    const [header, ...rows] = (await byPayout.text()).trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    const cells = rows.map((r) => r.split(','));
    // Panama: UTC-5 all year.
    for (const c of cells) {
      expect(c[columns.indexOf('created')]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-05:00$/);
      expect(c[columns.indexOf('available_on')]).toMatch(/-05:00$/);
    }
    const payment = cells.find((c) => c[1] === 'payment');
    expect(payment?.[columns.indexOf('order_reference')]).toBe('order-csv');
    const line = ((await setup.api.call('GET', `/balance-transactions?payout=${made?.id}&type=payment`, { key: m.key })).json['data'] as Array<{ createdAt: string }>)[0];
    // To the millisecond, as the JSON's: a line of the CSV matches its createdAt, and lines of one second sort as they were made.
    expect(Date.parse(String(payment?.[columns.indexOf('created')]))).toBe(Date.parse(String(line?.createdAt)));

    const ranged = await csv(m.key, '?createdFrom=2026-11-01T00:00:00Z&createdTo=2026-12-01T00:00:00Z', 'text/csv');
    expect(ranged.headers.get('content-disposition')).toBe('attachment; filename="balance-transactions-2026-11-01-to-2026-12-01.csv"');
    expect((await csv(m.key, '', 'text/csv')).headers.get('content-disposition')).toBe('attachment; filename="balance-transactions.csv"');

    const typeOf = async (accept: string) => (await csv(m.key, '', accept)).headers.get('content-type')?.split(';')[0];
    expect(await typeOf('application/json, text/csv')).toBe('application/json');
    expect(await typeOf('text/csv, application/json')).toBe('text/csv');
    expect(await typeOf('application/json;q=0.5, text/csv')).toBe('text/csv');
    expect(await typeOf('text/csv;q=0.1, */*;q=0.9')).toBe('application/json');
    expect(await typeOf('text/csv;q=0, application/json')).toBe('application/json');
    expect(await typeOf('text/*')).toBe('text/csv');
    expect(await typeOf('*/*')).toBe('application/json');
  });
});

describe('compressed bodies on the merchant API', () => {
  it('a gzip JSON body is taken by a POST with an Idempotency-Key, and its replay matches; a body that is not gzip is a 400', async () => {
    const m = await setup.newMerchant('Comprimidos S.A.');
    const post = (body: Uint8Array<ArrayBuffer>, key: string) => setup.t.app.request('/api/v1/merchant/payment-links', {
      method: 'POST', body,
      headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'idempotency-key': key },
    });
    const zipped = gzipSync(JSON.stringify({ amount: 15, taxAmount: 0, description: 'Pedido comprimido', orderReference: 'order-gz' }));
    const bytes = () => new Uint8Array(zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength)) as Uint8Array<ArrayBuffer>;
    const made = await post(bytes(), 'gz-1');
    const link = (await made.json()) as Json;
    expect([made.status, link['orderReference'], link['amount']]).toEqual([201, 'order-gz', 15]);
    const again = await post(bytes(), 'gz-1');
    expect([again.status, again.headers.get('idempotent-replayed'), ((await again.json()) as Json)['code']]).toEqual([201, 'true', link['code']]);
    const broken = await post(new TextEncoder().encode('{"amount":15}') as Uint8Array<ArrayBuffer>, 'gz-2');
    expect([broken.status, ((await broken.json()) as Json)['code']]).toEqual([400, 'invalid_body']);
  });
  it('the sandbox\'s refund call takes a gzip body too', async () => {
    const m = await setup.newMerchant('Comprimidos Admin S.A.');
    const codOper = await paidWithOrder(m.key, 20, 'order-gz-admin');
    const zipped = gzipSync(JSON.stringify({ amount: 4 }));
    const res = await setup.t.app.request(`/sandbox/transactions/${codOper}/refunds`, {
      method: 'POST', body: new Uint8Array(zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength)),
      headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect([res.status, ((await res.json()) as Json)['status']]).toEqual([201, 'succeeded']);
    expect((await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json['refundedAmount']).toBe(4);
  });
});

describe('metrics of money operations', () => {
  const sample = (series: string) => Number(new RegExp(`^${series.replace(/[{}"=,+.]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(metrics.render())?.[1] ?? 0);

  it('a refund, a payout, a dispute and a webhook delivery each count in their family', async () => {
    const m = await setup.newMerchant('Contadores S.A.');
    const codOper = await paidWithOrder(m.key, 50, 'order-m');
    const refundsBefore = sample('pasarela_refunds_total{outcome="succeeded"}');
    await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 5 } });
    expect(sample('pasarela_refunds_total{outcome="succeeded"}')).toBe(refundsBefore + 1);

    const paidBefore = sample('pasarela_payouts_total{outcome="paid"}');
    await setup.t.admin('POST', '/payouts/run', {}, { authorization: `Bearer ${m.key}` });
    expect(sample('pasarela_payouts_total{outcome="paid"}')).toBe(paidBefore + 1);

    const other = await paidWithOrder(m.key, 20, 'order-m2');
    await disputeAtProcessor(setup.t, other, disputeFacts(`dp_${other}`, 'needs_response', 2000));
    const lostBefore = sample('pasarela_disputes_total{status="lost"}');
    const [dispute] = (await setup.api.call('GET', `/disputes?codOper=${other}`, { key: m.key })).json['data'] as Json[];
    await setup.api.call('POST', `/disputes/${String(dispute?.['id'])}/accept`, { key: m.key, body: {} });
    expect(sample('pasarela_disputes_total{status="lost"}')).toBe(lostBefore + 1);

    const deliveredBefore = sample('pasarela_webhook_deliveries_total{outcome="delivered"}');
    const settings = { ...TO_RECEIVER, countDelivery: metrics.countWebhookDelivery.bind(metrics) };
    let sent = 0;
    for (let n = await deliverDueWebhooks(setup.t.db, settings); n > 0; n = await deliverDueWebhooks(setup.t.db, settings)) sent += n;
    expect(sent).toBeGreaterThan(0);
    expect(sample('pasarela_webhook_deliveries_total{outcome="delivered"}')).toBe(deliveredBefore + sent);
    const text = metrics.render();
    for (const family of ['pasarela_webhook_deliveries_total', 'pasarela_refunds_total', 'pasarela_payouts_total', 'pasarela_disputes_total']) {
      expect(text).toContain(`# TYPE ${family} counter`);
    }
  });
});
