import { afterAll, beforeAll, expect, it } from 'vitest';
import { disputeCharge } from '@pasarela/simulator';
import { chargeReferenceOf, disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';
import { createMerchant, createTestApp, newLink, tokenizedCardPayload, type TestApp } from '../../../test/testApp';
import { createLogger } from '../../ops/logger';
import { applyDisputeEvent } from '../../payments/disputes';
import { MERCHANT_API_PREFIX } from '../../http/merchantApiPrefix';

// A merchant's amounts are in its currency (PRODUCT.md "Currencies"): a dispute's too, whatever the
// processor writes. The same currency in other letters ("usd") is the payment's; another one
// ("EUR" on a dollar payment) would make its amount something else, so it moves nothing and is logged.

let t: TestApp;
const lines: Array<Record<string, unknown>> = [];
const logger = createLogger('warn', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
beforeAll(async () => {
  t = await createTestApp({ logger });
});
afterAll(() => t.close());

async function paid(merchantId: number, amount: number): Promise<string> {
  const code = await newLink(t, { amount, taxAmount: 0, merchantId });
  return String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { amount, taxAmount: 0 }))).data['codOper']);
}

const merchantGet = async (key: string, path: string) =>
  (await (await t.app.request(`${MERCHANT_API_PREFIX}${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as { data: Array<Record<string, unknown>> };

it('answers the payment\'s currency when the processor writes it in lower case, in the dispute and in its event', async () => {
  for (const [country, currency, amount, cents] of [['PA', 'USD', 40, 4000], ['CO', 'COP', 50_000, 5_000_000]] as const) {
    const m = await createMerchant(t, { name: `Disputas ${country}`, country });
    const codOper = await paid(m.id, amount);
    await disputeAtProcessor(t, codOper, { ...disputeFacts(`dp_${codOper}`, 'needs_response', cents), currency: currency.toLowerCase() });
    const [dispute] = (await merchantGet(m.key, `/disputes?codOper=${codOper}`)).data;
    expect(dispute).toMatchObject({ codOper, currency, amount });
    const [event] = (await merchantGet(m.key, '/events?type=dispute.created')).data;
    expect(event?.['data']).toMatchObject({ codOper, currency });
  }
});

it('moves nothing on a dispute the processor reports in another currency than the payment\'s, and logs it', async () => {
  const m = await createMerchant(t, { name: 'Disputas EUR' });
  const codOper = await paid(m.id, 30);
  const reference = await chargeReferenceOf(t, codOper);
  const dispute = { ...disputeFacts(`dp_${codOper}`, 'needs_response', 3000), currency: 'EUR' };
  expect(await disputeCharge(t.simulator.books, reference, dispute)).toBe(true);
  expect(await applyDisputeEvent({ ...t, logger }, { id: `evt-eur-${codOper}`, kind: 'dispute', paymentReference: reference, dispute })).toBe('refused');
  expect((await merchantGet(m.key, `/disputes?codOper=${codOper}`)).data).toEqual([]);
  expect((await merchantGet(m.key, `/balance-transactions?codOper=${codOper}`)).data.map((line) => line['type'])).toEqual(['payment']);
  expect(lines).toContainEqual(expect.objectContaining({ codOper, disputeReference: dispute.reference, reportedCurrency: 'EUR', paymentCurrency: 'USD' }));
});

it('refuses the processor\'s answer to the merchant\'s evidence when it comes in another currency: the dispute stays as it was, and it is logged', async () => {
  const m = await createMerchant(t, { name: 'Disputas respuesta' });
  const codOper = await paid(m.id, 25);
  const facts = disputeFacts(`dp_${codOper}`, 'needs_response', 2500);
  await disputeAtProcessor(t, codOper, facts);
  const [booked] = (await merchantGet(m.key, `/disputes?codOper=${codOper}`)).data;
  // The processor's books now say another currency; its answer to the evidence says so.
  await disputeCharge(t.simulator.books, await chargeReferenceOf(t, codOper), { ...facts, currency: 'EUR' });
  const answer = await t.app.request(`${MERCHANT_API_PREFIX}/disputes/${String(booked?.['id'])}/evidence`, {
    method: 'POST', body: JSON.stringify({ evidence: 'Entregado' }),
    headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json', 'idempotency-key': `evidence-${codOper}` },
  });
  expect(answer.status).toBe(502);
  expect((await merchantGet(m.key, `/disputes?codOper=${codOper}`)).data).toEqual([expect.objectContaining({ status: 'needs_response', currency: 'USD', amount: 25 })]);
  expect(lines).toContainEqual(expect.objectContaining({ codOper, reportedCurrency: 'EUR', paymentCurrency: 'USD' }));
});

it('keeps a dispute in its payment\'s currency whatever a writer says (migration 216)', async () => {
  const m = await createMerchant(t, { name: 'Disputas SQL' });
  const codOper = await paid(m.id, 20);
  await t.db.query(`insert into gateway_disputes (reference, cod_oper, status, amount_cents, currency, reason, stage, taken_cents, fee_charged)
    values ($1, $2, 'needs_response', 2000, 'usd', 'fraudulent', 'inquiry', 0, false)`, [`dp_sql_${codOper}`, codOper]);
  await t.db.query('update gateway_disputes set currency = $2 where reference = $1', [`dp_sql_${codOper}`, 'EUR']);
  const [row] = await t.db.query<{ currency: string }>('select currency from gateway_disputes where reference = $1', [`dp_sql_${codOper}`]);
  expect(row?.currency).toBe('USD');
});
