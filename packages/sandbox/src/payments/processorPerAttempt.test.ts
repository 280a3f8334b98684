import type { Gateways } from '@pasarela/gateways';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../test/testApp';
import { aroundCardAuthorize, loseAnswer } from '../../test/gateways/cardAuthorize';
import type { ProcessorNames } from '../gateways/processors';
import { processorNamesOf } from '../server';

// Issue 89: every attempt names the processor it went to, and only a node that has that processor
// settles it. Two nodes on one database with different card processors (each its own simulator, so
// its own books): node B's card processor never heard of node A's attempt. Asked there, it would
// say "never received" and the attempt, charged at A's processor, would be forgotten.
const SIMULATED: ProcessorNames = { card: 'simulator', push: 'simulator', voucher: 'simulator', crypto: 'simulator', bank: 'simulator', payout: 'simulator' };
let a: TestApp;
let b: TestApp;
let loseNextCardAnswer = false;
const asked: string[] = [];

/** Node A's card port: the next authorization is made at the processor and its answer lost. */
const losingCardAnswers = aroundCardAuthorize((authorize, request) => {
  if (!loseNextCardAnswer) return authorize(request);
  loseNextCardAnswer = false;
  return loseAnswer(authorize(request));
});

/** Node B's card port, counting every call that names an attempt. */
function counted(gateways: Gateways): Gateways {
  return {
    ...gateways,
    card: {
      ...gateways.card,
      authorize: (request) => (asked.push(`authorize ${request.idempotencyKey}`), gateways.card.authorize(request)),
      lookup: (call) => (asked.push(`lookup ${call.idempotencyKey}`), gateways.card.lookup(call)),
    },
  };
}

beforeAll(async () => {
  a = await createTestApp({ processors: SIMULATED, wrapGateways: losingCardAnswers, paymentCaptcha: false });
  b = await createTestApp({ db: a.db, processors: { ...SIMULATED, card: 'stripe', bank: 'otherbank' }, wrapGateways: counted, paymentCaptcha: false });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const rowOf = async (codOper: string) =>
  (await a.db.query<{ status: number; auth_status: string; processor: string | null }>('select status, auth_status, processor from transactions where cod_oper = $1', [codOper]))[0];

it('an attempt in doubt at one node\'s processor is left by a node with another (said in /health), never forgotten, and settled by a node that has it', async () => {
  const code = await newLink(a);
  const body = await tokenizedCardPayload(code);
  loseNextCardAnswer = true;
  const lost = await a.post('/cards/auth-capture', body);
  expect(lost.status).toBe(504);
  const [attempt] = await a.db.query<{ cod_oper: string }>('select cod_oper from transactions where link_code = $1', [code]);
  const codOper = attempt?.cod_oper ?? '';
  expect(await rowOf(codOper)).toEqual({ status: -1, auth_status: 'PROCESSING', processor: 'simulator' });
  await a.db.query("update transactions set updated_at = now() - interval '1 minute' where cod_oper = $1", [codOper]);

  // Node B does not ask its own processor, and keeps the attempt.
  expect(await b.reconcile()).not.toContain(codOper);
  expect(asked.filter((call) => call.endsWith(codOper))).toEqual([]);
  expect(await rowOf(codOper)).toMatchObject({ status: -1, auth_status: 'PROCESSING' });
  const health = (await (await b.app.request('/health')).json()) as Record<string, unknown>;
  expect(health).toMatchObject({ status: 'ok', processors: { card: 'stripe' }, attemptsForOtherProcessors: [{ processor: 'simulator', method: 'card', attempts: 1 }] });

  // The payer's retry on node B is not sent to B's processor under the attempt's key (a second charge).
  const retried = await b.post('/cards/auth-capture', body);
  expect(retried.status).toBe(504);
  expect(asked.filter((call) => call.endsWith(codOper))).toEqual([]);

  // Node A, whose processor made the charge, settles it.
  expect(await a.reconcile()).toContain(codOper);
  expect(await rowOf(codOper)).toMatchObject({ status: 1, auth_status: 'APPROVED' });
  expect(((await (await b.app.request('/health')).json()) as Record<string, unknown>)['attemptsForOtherProcessors']).toEqual([]);
});

it('a payer\'s retry of a bank payment reaching a node with another bank is not started there under its key', async () => {
  const code = await newLink(a);
  const body = { code, trackId: `clave-${code}` };
  const first = await a.post('/clave/payments', body);
  expect(first.status).toBe(200);
  const codOper = String(first.data['codOper']);
  expect(await rowOf(codOper)).toMatchObject({ processor: 'simulator' });
  const retried = await b.post('/clave/payments', body);
  expect(retried.status).toBe(504);
  expect(b.simulator.books.list('bank').filter((entry) => entry.key === codOper)).toEqual([]);
  expect(a.simulator.books.list('bank').filter((entry) => entry.key === codOper)).toHaveLength(1);
});

it('names each port\'s processor: the module\'s own name, else GATEWAYS_MODULE as given, for the ports it gives; the simulator for the rest', () => {
  const card = {} as Gateways['card'];
  expect(processorNamesOf({ gateways: { gateways: { card }, processor: 'stripe' }, gatewaysModule: '@pasarela/gateway-stripe' })).toEqual({ ...SIMULATED, card: 'stripe' });
  expect(processorNamesOf({ gateways: { gateways: { card } }, gatewaysModule: './my-adapters.mjs' })).toEqual({ ...SIMULATED, card: './my-adapters.mjs' });
  expect(processorNamesOf({})).toEqual(SIMULATED);
});
