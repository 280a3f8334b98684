// The crash scenarios of `npm run test:faults`: a node (fault-node.mjs) kills itself after its gateway
// answered and before it recorded the answer; server.mjs takes its place on the same database and the
// payer retries with the same trackId. Charges are counted in the simulator's books: one, approved
// once. On PGlite and, with TEST_DATABASE_URL or DATABASE_URL, PostgreSQL. SQL runs only while no node
// is up: a PGlite directory has one user at a time.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { startSandbox, startSimulatorProcess, startVaultProcess } from '../sandbox-process.mjs';
import { startFaultProxy } from './faultProxy.mjs';
import { apiClient, cardBody, outcomeUnknown, tokenize } from './payer.mjs';
import { newSchema } from './postgres.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SWITCH = 'PASARELA_FAULT_KILL_AFTER_GATEWAY';
/** The server with the kill switch (packages/sandbox/test/faultNode.ts). */
const FAULT_NODE = fileURLToPath(new URL('../../packages/sandbox/dist/fault-node.mjs', import.meta.url));
const NAMES = {
  card: 'card: node killed (SIGKILL) between the gateway\'s answer and its record, restarted, payer retries',
  push: 'nequi push: node killed (SIGKILL) between the wallet\'s answer and its record, restarted, payer retries',
};

function pgliteDatabase() {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-faults-kill-'));
  return {
    env: { DATA_DIR: dir },
    async query(text, params) {
      const db = new PGlite(dir);
      try {
        return (await db.query(text, params)).rows;
      } finally {
        await db.close();
      }
    },
    async drop() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresDatabase(url) {
  const schema = await newSchema(url);
  return {
    env: { DATABASE_URL: schema.url },
    async query(text, params) {
      const client = new pg.Client({ connectionString: schema.url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => schema.drop(),
  };
}

async function booksOf(database, simulator, code, port) {
  const [tx] = await database.query(
    `select count(*)::int as made, count(*) filter (where status = 1)::int as approved,
            count(*) filter (where auth_status = 'PROCESSING')::int as in_doubt, min(cod_oper) as cod_oper
       from transactions where link_code = $1`, [code]);
  // Card decisions are in state.status, pushes in state.state.
  const states = (await simulator.books(port)).map((e) => e.state.status ?? e.state.state);
  return { ...tx, operations: states.length, charges: states.filter((s) => s === 'approved').length, states: states.join(',') };
}

async function until(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** `settled(api, first)` waits on the new node until the retry and the gateway's events settled it. */
async function killedBetweenAnswerAndRecord({ database, port, watchNode, createLink, pay, settled }) {
  // The processor outlives the node: the replacement asks the same simulator about the same key.
  const simulator = await startSimulatorProcess();
  let vault;
  let killing;
  try {
    // A card's vault outlives the node too: the replacement pays the token the payer sent the first
    // (a push needs none: each node starts its own, as startSandbox does).
    if (port === 'card') vault = await startVaultProcess([], { VAULT_FORWARD_simulator: simulator.env.PROCESSORS_URL });
  } catch (error) {
    await simulator.stop();
    throw error;
  }
  const env = { ...database.env, ...simulator.env, ...vault?.env, SPLASH_MS: '0', LOG_LEVEL: 'warn' };
  try {
    killing = await startSandbox({ ...env, [SWITCH]: port }, FAULT_NODE);
  } catch (error) {
    await vault?.stop();
    await simulator.stop();
    throw error;
  }
  const proxy = await startFaultProxy({ upstreams: [killing.url], healthEveryMs: 200 });
  // Its kill is asked for: the scenario checks its exit, not watchNode. Stopped in the background,
  // since a node already gone makes stop() wait its 5 s for an exit that came before.
  let replacement;
  let replacementWatch;
  let cleanedKilling;
  try {
    const code = await createLink(killing.url, 'Nodo que muere');
    const counters = { fiveXX: 0, noAnswer: 0 };
    const api = apiClient(proxy.url, { timeoutMs: 10_000, counters });
    const trackId = randomUUID();
    // The card the payer typed, as the checkout's card fields type it into the vault (a card payment's only).
    const card = vault ? await tokenize(vault.url, '4242424242424242') : undefined;
    const first = await pay(api, code, trackId, card);
    const exit = await Promise.race([killing.exited, sleep(10_000).then(() => undefined)]);
    if (!exit) {
      killing.child.kill('SIGKILL');
      throw new Error(`the node did not kill itself (the first answer was ${first.status})`);
    }
    cleanedKilling = killing.stop();
    const afterKill = await booksOf(database, simulator, code, port);
    if (port === 'card') {
      // The reconciler takes an attempt once it has been in doubt for IN_DOUBT_AFTER_MS (15 s):
      // instead of waiting, its row is made that old while no node runs.
      await database.query("update transactions set updated_at = now() - interval '1 minute' where link_code = $1 and auth_status = 'PROCESSING'", [code]);
    }
    // The server itself (no switch); the reconciler every 200 ms.
    replacement = await startSandbox({ ...env, EXPIRY_SWEEP_INTERVAL_MS: '200' });
    replacementWatch = watchNode('the node started after the kill', replacement);
    proxy.nodes.push({ url: new URL(replacement.url), healthy: true });
    const retry = await settled(api, { code, trackId, codOper: afterKill.cod_oper, card });
    replacementWatch.expectedExit = true;
    await replacement.stop();
    replacement = undefined;
    const after = await booksOf(database, simulator, code, port);
    const lost = proxy.stats.lost;
    return {
      made: after.charges, expected: 1, fiveXX: counters.fiveXX, lost,
      // At the kill the gateway holds the operation: a card approved, a push waiting for the phone.
      ok: exit.signal === 'SIGKILL' && lost === 1 && afterKill.made === 1 && afterKill.in_doubt === 1 && afterKill.operations === 1 && (port !== 'card' || afterKill.charges === 1)
        && retry.status === 200 && retry.data?.codOper === afterKill.cod_oper
        && after.made === 1 && after.approved === 1 && after.in_doubt === 0 && after.operations === 1 && after.charges === 1,
      note: `first answer ${first.status} (node exit: ${exit.signal ?? `code ${exit.code}`}); after the kill ${afterKill.made} transaction(s), ${afterKill.in_doubt} PROCESSING, `
        + `gateway book [${afterKill.states ?? ''}]; retry with the trackId: ${retry.turnedAway ? `${retry.turnedAway} x 503 from the balancer with no node in rotation, then ` : ''}${retry.status} status ${retry.data?.status ?? '-'}${retry.data?.codOper === afterKill.cod_oper ? ', same codOper' : ''}; `
        + `after: ${after.made} transaction(s), ${after.approved} approved, ${after.in_doubt} PROCESSING, ${after.operations} gateway operation(s), ${after.charges} charge(s)`,
    };
  } finally {
    if (replacement) {
      if (replacementWatch) replacementWatch.expectedExit = true;
      await replacement.stop();
    }
    await proxy.close();
    await (cleanedKilling ?? killing.stop());
    await vault?.stop();
    await simulator.stop();
  }
}

const payCard = (api, code, trackId, card) => api.call('POST', '/cards/auth-capture', cardBody(code, trackId, card));

/** The balancer answers 503 itself while it has no node in rotation; the payer retries after its Retry-After. */
async function sendUntilKnown(api, send) {
  let turnedAway = 0;
  const answer = await until('an answer that tells the outcome', async () => {
    const sent = await send();
    if (!outcomeUnknown(sent)) return sent;
    // The balancer's page is text; a node's answer is the API's envelope.
    if (sent.status === 503 && sent.data === undefined) turnedAway += 1;
    await sleep(Math.min(2_000, 1_000 * Number(sent.retryAfter ?? 1)));
    return undefined;
  }, 30_000);
  return { ...answer, turnedAway };
}

async function cardSettled(api, { code, trackId, card }) {
  await until('the attempt settled by the reconciler', async () => {
    const looked = await api.call('GET', `/payments/attempts/${encodeURIComponent(trackId)}`);
    return looked.status === 200 && looked.data?.authStatus !== 'PROCESSING' ? looked : undefined;
  }, 20_000);
  return sendUntilKnown(api, () => api.call('POST', '/cards/auth-capture', cardBody(code, trackId, card)));
}

// 61111111 approves by itself a second after the push: its answer falls due while no node runs.
const payNequi = (api, code, trackId) =>
  api.call('POST', '/nequi/push', { code, email: 'faults@example.com', phone: '61111111', trackId, captchaToken: `faults-person-${trackId}` });

async function nequiSettled(api, { code, trackId, codOper }) {
  const retry = await until('the retry answered', async () => {
    const answer = await payNequi(api, code, trackId);
    return answer.status === 200 ? answer : undefined;
  }, 20_000);
  await until('the push approved', async () => {
    const answer = await api.call('GET', `/nequi/payments/${codOper}`);
    return answer.status === 200 && answer.data?.status === 1 ? answer : undefined;
  }, 20_000);
  return retry;
}

export async function killedAfterGatewayScenarios({ scenario, skip, createLink, watchNode }) {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const backends = [['PGlite', async () => pgliteDatabase()], ['PostgreSQL', url ? () => postgresDatabase(url) : undefined]];
  for (const [backend, open] of backends) {
    for (const [port, pay, settled] of [['card', payCard, cardSettled], ['push', payNequi, nequiSettled]]) {
      const name = `${NAMES[port]} (${backend})`;
      if (!open) {
        skip(name, 'no TEST_DATABASE_URL / DATABASE_URL');
        continue;
      }
      await scenario(name, async (done) => {
        const database = await open();
        try {
          done(await killedBetweenAnswerAndRecord({ database, port, watchNode, createLink, pay, settled }));
        } finally {
          await database.drop();
        }
      });
    }
  }
}
