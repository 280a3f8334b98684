import { disputeCharge } from '@pasarela/simulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeReferenceOf, disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { createTestApp, type TestApp } from '../../../test/testApp';
import { SIMULATOR_PROCESSOR, type ProcessorNames } from '../../gateways/processors';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';

// docs/sandbox.md "Books and payouts": what a merchant's own secret key may do to its books. A
// dispute is decided by the processor's books only (the simulated one in the sandbox, never the
// server's word alone); prices are the provider's; a payout run skips the reserve only where the
// processors are simulated.

const setup = useMerchantApi();
const SIMULATED: ProcessorNames = { card: SIMULATOR_PROCESSOR, push: SIMULATOR_PROCESSOR, voucher: SIMULATOR_PROCESSOR, crypto: SIMULATOR_PROCESSOR, bank: SIMULATOR_PROCESSOR, payout: SIMULATOR_PROCESSOR };
/** A second node on the same database whose card processor is a provider's (GATEWAYS_MODULE). */
let provider: TestApp;
beforeAll(async () => {
  provider = await createTestApp({ db: setup.t.db, processors: { ...SIMULATED, card: 'provider-gateways' } });
});
afterAll(() => provider?.close());

const asMerchant = (key: string) => ({ authorization: `Bearer ${key}` });

/** A card payment of 40.00 its processor disputed (needs_response), and the dispute's id. */
async function disputed(name: string) {
  const { id: merchantId, key } = await setup.newMerchant(name);
  const codOper = await setup.paidCard(key, 40);
  const reference = `dp_${codOper}`;
  await disputeAtProcessor(setup.t, codOper, disputeFacts(reference, 'needs_response', 4000));
  const [dispute] = (await setup.api.call('GET', `/disputes?codOper=${codOper}`, { key })).json['data'] as Array<{ id: string }>;
  return { merchantId, key, codOper, reference, id: String(dispute?.id) };
}

const ledger = async (key: string) => ((await setup.api.call('GET', '/balance-transactions', { key })).json['data'] as Array<{ type: string; net: number }>).map((l) => [l.type, l.net]);
const atProcessor = async (codOper: string, reference: string) =>
  setup.t.gateways.card.dispute?.({ idempotencyKey: `dispute:${reference}`, deadline: new Date(Date.now() + 5_000), reference: await chargeReferenceOf(setup.t, codOper), disputeReference: reference });

it('a merchant\'s key decides its dispute through the processor: its books say won, the server books that, and the processor\'s notification after it changes nothing', async () => {
  const { key, codOper, reference, id } = await disputed('Decide Procesador S.A.');
  const decided = await setup.t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' }, asMerchant(key));
  expect([decided.status, decided.json]).toEqual([200, expect.objectContaining({ id, status: 'won', amount: 40 })]);
  expect(await atProcessor(codOper, reference)).toMatchObject({ reference, status: 'won' });
  const booked = await ledger(key);
  expect(booked).toEqual([['dispute_reversal', 40], ['dispute', -55], ['payment', 38.54]]);
  // The simulator's signed notification of the same decision, arriving late: already booked.
  const dispute = await atProcessor(codOper, reference);
  if (!dispute) throw new Error('the processor has no dispute');
  await receiveGatewayEvent(setup.t, { id: `sim:dispute:${reference}:won`, kind: 'dispute', paymentReference: await chargeReferenceOf(setup.t, codOper), dispute });
  expect(await ledger(key)).toEqual(booked);
  const closed = ((await setup.api.call('GET', '/events?type=dispute.closed', { key })).json['data'] as unknown[]);
  expect(closed).toHaveLength(1);
});

it('a dispute the processor decided already is not decided again here: 409, the processor\'s word stands', async () => {
  const { key, codOper, reference, id } = await disputed('Ya Decidida S.A.');
  // The card network says lost; its notification has not reached the server yet.
  await disputeCharge(setup.t.simulator.books, await chargeReferenceOf(setup.t, codOper), disputeFacts(reference, 'lost', 4000));
  const late = await setup.t.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' }, asMerchant(key));
  expect([late.status, late.json['code']]).toEqual([409, 'dispute_closed']);
  expect(await atProcessor(codOper, reference)).toMatchObject({ status: 'lost' });
  expect((await ledger(key)).map(([type]) => type)).toEqual(['dispute', 'payment']);
});

it('with a provider\'s card processor (GATEWAYS_MODULE) no one decides a dispute here: 409 dispute_decided_by_processor, nothing booked, nothing asked', async () => {
  const { key, codOper, reference, id } = await disputed('Procesador Propio S.A.');
  const before = await ledger(key);
  for (const headers of [asMerchant(key), {}]) {
    const refused = await provider.admin('POST', `/disputes/${id}/decide`, { outcome: 'won' }, headers);
    expect([refused.status, refused.json['code']]).toEqual([409, 'dispute_decided_by_processor']);
  }
  expect(await ledger(key)).toEqual(before);
  expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json).toMatchObject({ status: 'needs_response' });
  expect(await atProcessor(codOper, reference)).toMatchObject({ status: 'needs_response' });
  // A payment its provider's processor charged is decided there, whatever this node's processors.
  const other = await disputed('Cobro del Proveedor S.A.');
  await setup.t.db.query('update transactions set processor = $1 where cod_oper = $2', ['provider-gateways', other.codOper]);
  const refused = await setup.t.admin('POST', `/disputes/${other.id}/decide`, { outcome: 'won' });
  expect([refused.status, refused.json['code']]).toEqual([409, 'dispute_decided_by_processor']);
  expect(await atProcessor(other.codOper, other.reference)).toMatchObject({ status: 'needs_response' });
});

it('prices are the provider\'s: a merchant\'s key reads its books and sets its payout schedule and account, and setting prices is 403 admin_only, nothing changed', async () => {
  const { id, key } = await setup.newMerchant('Precios Propios S.A.');
  const path = `/merchants/${id}/books`;
  const before = await setup.t.admin('GET', path, undefined, asMerchant(key));
  expect(before.status).toBe(200);
  expect(before.json['prices']).toMatchObject({ card: { percentBps: 290, fixedCents: 30, default: true } });
  for (const body of [{ prices: { card: { percentBps: 0, fixedCents: 0 } } }, { prices: { card: { percentBps: 0, fixedCents: 0 } }, payoutSchedule: 'weekly' }, { prices: {} }]) {
    const refused = await setup.t.admin('POST', path, body, asMerchant(key));
    expect([refused.status, refused.json['code']]).toEqual([403, 'admin_only']);
  }
  expect((await setup.t.admin('GET', path, undefined, asMerchant(key))).json).toEqual(before.json);
  const own = await setup.t.admin('POST', path, { payoutSchedule: 'weekly', payoutAccount: '000987654321' }, asMerchant(key));
  expect([own.status, own.json['payoutSchedule'], own.json['payoutAccount'], own.json['prices']]).toEqual([200, 'weekly', '000987654321', before.json['prices']]);
  // Its payments are charged the provider's price.
  const codOper = await setup.paidCard(key, 40);
  expect((await setup.api.call('GET', `/balance-transactions?codOper=${codOper}`, { key })).json['data']).toEqual([expect.objectContaining({ type: 'payment', amount: 40, fee: 1.46 })]);
  // The operator sets them.
  const priced = await setup.t.admin('POST', path, { prices: { card: { percentBps: 250, fixedCents: 25 } } });
  expect([priced.status, priced.json['prices']]).toEqual([200, expect.objectContaining({ card: { percentBps: 250, fixedCents: 25, default: false } })]);
});

it('a payout run skips the reserve\'s delay: with a merchant\'s key only where every processor is simulated; over a provider\'s, the operator\'s alone (403 admin_only)', async () => {
  const { key } = await setup.newMerchant('Pagos Adelantados S.A.');
  await setup.paidCard(key, 40);
  const balance = async () => (await setup.api.call('GET', '/balance', { key })).json;
  expect(await balance()).toEqual({ currency: 'USD', available: 0, pending: 38.54 });
  const refused = await provider.admin('POST', '/payouts/run', undefined, asMerchant(key));
  expect([refused.status, refused.json['code']]).toEqual([403, 'admin_only']);
  expect(await balance()).toEqual({ currency: 'USD', available: 0, pending: 38.54 });
  // The simulated sandbox's rehearsal, its own money only.
  const ran = await setup.t.admin('POST', '/payouts/run', undefined, asMerchant(key));
  expect([ran.status, (ran.json['payouts'] as Array<{ amount: number; status: string }>).map((p) => [p.amount, p.status])]).toEqual([200, [[38.54, 'paid']]]);
  expect(await balance()).toEqual({ currency: 'USD', available: 0, pending: 0 });
});
