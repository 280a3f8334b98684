import { isGatewayOutcomeUnknown, type Gateways } from '@pasarela/gateways';
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '@pasarela/simulator';
import { TEST_SIMULATOR_API_SECRET } from '../testServer';
import type { Database } from '../../src/db/Database';
import { reconcileAttempts } from '../../src/payments/reconcileAttempts';
import type { RunningServer } from '../../src/server';
import type { nodeClient, NodeAnswer } from '../nodeClient';
import { savedTestCard, tokenizedCardPayload, testCardNumber } from '../testApp';
import { gatewayCall } from '../../src/gateways/GatewayCall';
import { startHttpFaultProxy, type NetworkFault, type ProxiedRequest } from './httpFaultProxy';
import { httpGateways } from '../../src/gateways/http/httpGateways';

// The fault table over the network: nodes reach the simulator through a TCP proxy that holds, delays,
// cuts or resets a call (or the simulator is killed once it acted and restarted from its journal).
// Each payment is reconciled on another node, retried with its trackId and completed by the payer;
// then the simulator's books are asked what it charged under every key its attempts had.

const SECRET = 'network-fault-table';
/** A held call is in doubt this soon; a reset or cut call's retry fits in it on a busy machine. */
export const TABLE_PROCESSORS_TIMEOUT_MS = 5_000;

export interface TableNode {
  server: RunningServer;
  client: ReturnType<typeof nodeClient>;
}

/** A simulator with its journal on a port of its own, and the proxy every node reaches it through. */
export async function startTableSimulator(journal: string) {
  let simulator: RunningSimulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, journal, notificationSecret: SECRET, tickMs: 50 });
  const { port } = simulator;
  const proxy = await startHttpFaultProxy(simulator.url);
  const direct = httpGateways(simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET });
  return {
    proxy,
    processors: { processorsUrl: proxy.url, simulatorApiSecret: TEST_SIMULATOR_API_SECRET, notificationSecret: SECRET, processorsTimeoutMs: TABLE_PROCESSORS_TIMEOUT_MS },
    /** The simulator's own API, not through the proxy: what its books hold. */
    books: direct.gateways,
    controls: direct.sandbox,
    kill: () => simulator.close(),
    restart: async () => {
      simulator = await startSimulator({ apiSecret: TEST_SIMULATOR_API_SECRET, port, journal, notificationSecret: SECRET, tickMs: 50 });
    },
    close: async () => {
      await proxy.close();
      await simulator.close();
    },
  };
}
export type TableSimulator = Awaited<ReturnType<typeof startTableSimulator>>;

export interface TableNodes {
  pay: TableNode;
  reconcile: TableNode;
  retry: TableNode;
}

interface Method {
  name: string;
  /** The simulator call that acts (charges, requests, issues, opens): where the fault is met. */
  acts: string;
  /** Then each row's own amount tells its call from the others'. */
  byAmount: boolean;
  prepare?(node: TableNode, run: TableRun): Promise<void>;
  pay(node: TableNode, code: string, amount: number, trackId: string, run: TableRun): Promise<NodeAnswer>;
  /** The payer's part after the retry's answer: the 3DS or bank page, the kiosk, the chain; nothing for a phone that answers by itself. */
  payerPays(node: TableNode, retry: NodeAnswer, simulator: TableSimulator): Promise<void>;
  /** SPEC 4: a cash voucher paid is 2. */
  paidStatus?: number;
  charged(books: Gateways, codOper: string): Promise<boolean>;
}

async function answerPage(node: TableNode, retry: NodeAnswer): Promise<void> {
  const redirect = retry.data['redirectUrl'];
  expect(typeof redirect).toBe('string');
  const page = new URL(String(redirect), node.server.url);
  const res = await fetch(page, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), headers: { accept: 'application/json' }, redirect: 'manual' });
  expect(res.status).toBeLessThan(400);
}

interface TableRun {
  walletUser?: { token: string; idUsrCard: number };
}

const METHODS: Method[] = [
  {
    name: 'card',
    acts: '/v1/card/authorize',
    byAmount: true,
    pay: async (node, code, amount, trackId) => node.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: testCardNumber(trackId), amount, taxAmount: 0, trackId })),
    payerPays: async () => undefined,
    charged: async (books, key) => (await books.card.lookup({ ...gatewayCall(key), reference: null }))?.status === 'approved',
  },
  {
    name: 'card, 3DS',
    acts: '/v1/card/authorize',
    byAmount: true,
    // PRODUCT.md's 3DS card; each row's own amount keeps the duplicate rule (same card and amount) out of it.
    pay: async (node, code, amount, trackId) => node.client.api('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount, taxAmount: 0, trackId })),
    payerPays: answerPage,
    charged: async (books, key) => (await books.card.lookup({ ...gatewayCall(key), reference: null }))?.status === 'approved',
  },
  {
    name: 'saved card',
    acts: '/v1/card/authorize',
    byAmount: true,
    async prepare(node, run) {
      const login = `net${randomUUID().slice(0, 8)}`;
      await node.client.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026', cards: [savedTestCard(testCardNumber(login))] });
      const token = String((await node.client.api('/users/login', { login, password: 'Segura#2026' })).data['token']);
      const [card] = (await node.client.api('/users/me/cards', undefined, token)).data['cards'] as Array<{ idRelCard: number }>;
      run.walletUser = { token, idUsrCard: Number(card?.idRelCard) };
    },
    pay: (node, code, _amount, trackId, run) => node.client.api('/activity/pay', { sourceSearch: { paymentCode: code }, idUsrCard: run.walletUser?.idUsrCard, trackId }, run.walletUser?.token),
    payerPays: async () => undefined,
    charged: async (books, key) => (await books.card.lookup({ ...gatewayCall(key), reference: null }))?.status === 'approved',
  },
  {
    name: 'Nequi push',
    acts: '/v1/push/request',
    byAmount: true,
    pay: (node, code, _amount, trackId) => node.client.api('/nequi/push', { code, phone: '61111111', trackId }),
    // The test phone approves by itself a second after the push, told to the server by notification.
    payerPays: async () => undefined,
    charged: async (books, key) => (await books.push.status(gatewayCall(key)))?.state === 'approved',
  },
  {
    name: 'Yappy',
    acts: '/v1/push/request',
    byAmount: true,
    pay: (node, code, _amount, trackId) => node.client.api('/yappy/payments', { code, phone: '61111111', trackId }),
    payerPays: async () => undefined,
    charged: async (books, key) => (await books.push.status(gatewayCall(key)))?.state === 'approved',
  },
  {
    name: 'cash voucher',
    acts: '/v1/voucher/issue',
    byAmount: true,
    paidStatus: 2,
    pay: (node, code, _amount, trackId) => node.client.api('/cash/pay-cash', { code, email: 'caja@example.com', phone: '+50761234567', trackId }),
    // Paid at the kiosk, which is the network's: the simulator tells the server by notification.
    async payerPays(_node, retry, simulator) {
      expect(await simulator.controls.voucher.paidAtKiosk(String(retry.data['Oper']))).toMatchObject({ state: 'paid' });
    },
    charged: async (books, key) => (await books.voucher.status(gatewayCall(key)))?.state === 'paid',
  },
  {
    name: 'Clave',
    acts: '/v1/bank/start',
    byAmount: true,
    pay: (node, code, _amount, trackId) => node.client.api('/clave/payments', { code, trackId }),
    payerPays: answerPage,
    charged: async (books, key) => (await books.bank.outcome(gatewayCall(key))) === 'approved',
  },
  {
    name: 'crypto',
    acts: '/v1/crypto/address',
    // The address call names the coins, not the amount: one crypto row is in flight at a time.
    byAmount: false,
    pay: (node, code, _amount, trackId) => node.client.api('/crypto/payments', { codeProcess: code, currency: 'BTC', network: 'BTC', email: 'cripto@example.com', trackId }),
    async payerPays(node, retry) {
      expect(await node.client.admin('POST', `/crypto/${String(retry.data['id'])}/confirm`, {})).toMatchObject({ status: 200 });
    },
    charged: async (books, key) => ((await books.crypto.status(gatewayCall(`${key}:BTC`)))?.paidCrypto ?? 0) > 0,
  },
];

interface Fault {
  name: string;
  inDoubt: boolean;
  plan(): NetworkFault;
}

const FAULTS: Fault[] = [
  { name: 'held past the deadline (never sent on)', inDoubt: true, plan: () => ({ kind: 'hold' }) },
  { name: 'answer held past the deadline (the simulator acted)', inDoubt: true, plan: () => ({ kind: 'hold_answer' }) },
  { name: 'cut after it was sent (the simulator acted, the answer lost)', inDoubt: false, plan: () => ({ kind: 'lost_answer' }) },
  { name: 'reset before it was sent', inDoubt: false, plan: () => ({ kind: 'reset' }) },
  { name: 'delayed 300 ms', inDoubt: false, plan: () => ({ kind: 'delay', ms: 300 }) },
];
const RESTART = 'simulator killed after it acted, restarted from its journal';

export interface TableRow {
  method: string;
  fault: string;
  'first answer': number;
  retry: number;
  'charges in the simulator': number;
  'final state': string;
  'in doubt after reconciliation': number;
}

interface Attempt {
  cod_oper: string;
  status: number;
  auth_status: string;
}
const attemptsOf = (db: Database, code: string) =>
  db.query<Attempt>('select cod_oper, status, auth_status from transactions where link_code = $1 order by id', [code]);

/** One payment meeting one fault, then the reconciler, the retry, the payer's part and the count at the simulator. */
async function runRow(t: { nodes: TableNodes; simulator: TableSimulator; rows: TableRow[]; run: TableRun }, method: Method, fault: string, amount: number, inDoubt: boolean,
  first: (code: string, trackId: string) => Promise<{ answer: NodeAnswer; met: boolean }>): Promise<void> {
  const { nodes, simulator } = t;
  const paid = method.paidStatus ?? 1;
  const code = String((await nodes.pay.client.admin('POST', '/links', { amount, taxAmount: 0, description: `${method.name}: ${fault}` })).data['code']);
  const trackId = randomUUID();
  const { answer, met } = await first(code, trackId);
  // A fault planned and never met would make a row that tests nothing.
  expect(met, `${method.name}, ${fault}: the fault was never met; the first answer: ${answer.status} ${JSON.stringify(answer.data)}`).toBe(true);
  const keys = new Set((await attemptsOf(nodes.pay.server.db, code)).map((a) => a.cod_oper));
  await nodes.reconcile.server.db.query("update transactions set updated_at = now() - interval '1 minute' where link_code = $1 and auth_status = 'PROCESSING'", [code]);
  await reconciledOn(nodes.reconcile, code);
  const leftInDoubt = (await attemptsOf(nodes.reconcile.server.db, code)).filter((a) => a.auth_status === 'PROCESSING').length;
  const retry = await method.pay(nodes.retry, code, amount, trackId, t.run);
  if (retry.status === 200) await method.payerPays(nodes.retry, retry, simulator);
  const settled = await vi.waitFor(async () => {
    const attempts = await attemptsOf(nodes.retry.server.db, code);
    expect(attempts.filter((a) => a.status === paid)).toHaveLength(1);
    return attempts;
  }, { timeout: 8_000, interval: 100 }).catch(async () => attemptsOf(nodes.retry.server.db, code));
  for (const a of settled) keys.add(a.cod_oper);
  const charges = (await Promise.all([...keys].map((key) => method.charged(simulator.books, key)))).filter(Boolean).length;
  const row: TableRow = {
    method: method.name, fault, 'first answer': answer.status, retry: retry.status, 'charges in the simulator': charges,
    'final state': settled.map((a) => `${a.status} ${a.auth_status}`).join(', '), 'in doubt after reconciliation': leftInDoubt,
  };
  t.rows.push(row);
  // The payer's answers are honest: 504 while the server cannot tell, then the settled outcome.
  expect({ method: method.name, fault, first: answer.status }).toEqual({ method: method.name, fault, first: inDoubt ? 504 : 200 });
  expect(retry.status).toBe(200);
  expect(charges).toBe(1);
  expect(leftInDoubt).toBe(0);
  expect(settled.map((a) => a.status)).toEqual([paid]);
}

/** Reconciler passes until none of the link's attempts is in doubt: a pass stops at a call not answered in time. */
async function reconciledOn(node: TableNode, code: string): Promise<void> {
  for (let pass = 1; pass <= 4; pass++) {
    try {
      await reconcileAttempts({ db: node.server.db, gateways: node.server.gateways });
    } catch (error) {
      if (!isGatewayOutcomeUnknown(error) || pass === 4) throw error;
    }
    if (!(await attemptsOf(node.server.db, code)).some((a) => a.auth_status === 'PROCESSING')) return;
  }
}

const callOf = (method: Method, amount: number) => (request: ProxiedRequest) => {
  if (request.path !== method.acts) return false;
  if (!method.byAmount) return true;
  const body = JSON.parse(request.body) as { amountCents?: unknown };
  return body.amountCents === Math.round(amount * 100);
};

function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Each method's rows in turn, the methods at once; then every method meets the simulator killed once it
 * acted and restarted from its journal. A failed row fails the test after the others ran.
 */
export async function runFaultTable(t: { nodes: TableNodes; simulator: TableSimulator }): Promise<TableRow[]> {
  const rows: TableRow[] = [];
  const failures: string[] = [];
  const recorded = async (label: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const run: TableRun = {};
  for (const method of METHODS) await method.prepare?.(t.nodes.pay, run);
  await Promise.all(METHODS.map(async (method, m) => {
    for (const [f, fault] of FAULTS.entries()) {
      const amount = 10 + m + f / 100;
      await recorded(`${method.name}, ${fault.name}`, () => runRow({ ...t, rows, run }, method, fault.name, amount, fault.inDoubt, async (code, trackId) => {
        const planned = t.simulator.proxy.plan(fault.plan(), callOf(method, amount));
        const answer = await method.pay(t.nodes.pay, code, amount, trackId, run);
        return { answer, met: planned.met() };
      }));
    }
  }));

  // The simulator acts and is killed before its answers go out, and restarts once every payer was
  // answered (killed anyway after 8 s: a method that never reached it fails its row, not the table).
  const acted = METHODS.map(() => signal());
  const actedBeforeKill = METHODS.map(() => false);
  let killedAt: number | undefined;
  acted.forEach((a, m) => void a.promise.then(() => (actedBeforeKill[m] = !killedAt)));
  const killed = Promise.race([Promise.all(acted.map((a) => a.promise)), new Promise((r) => setTimeout(r, 8_000))])
    .then(() => (killedAt = Date.now()))
    .then(() => t.simulator.kill());
  const firstAnswers = METHODS.map(() => signal());
  const restarted = Promise.all(firstAnswers.map((a) => a.promise)).then(() => killed).then(() => t.simulator.restart());
  await Promise.all(METHODS.map((method, m) => {
    const amount = 20 + m;
    return recorded(`${method.name}, ${RESTART}`, async () => {
      try {
        await runRow({ ...t, rows, run }, method, RESTART, amount, true, async (code, trackId) => {
          const planned = t.simulator.proxy.plan({ kind: 'hold_answer', onAnswer: () => acted[m]?.resolve() }, callOf(method, amount));
          const answer = await method.pay(t.nodes.pay, code, amount, trackId, run);
          firstAnswers[m]?.resolve();
          await restarted;
          return { answer, met: planned.met() };
        });
        expect(actedBeforeKill[m], `${method.name}: the simulator had not acted when it was killed`).toBe(true);
      } finally {
        firstAnswers[m]?.resolve();
      }
    });
  }));
  t.simulator.proxy.clear();
  rows.sort((a, b) => METHODS.findIndex((m) => m.name === a.method) - METHODS.findIndex((m) => m.name === b.method));
  console.table(rows);
  expect(failures).toEqual([]);
  return rows;
}
