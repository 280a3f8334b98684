// `npm run test:faults`: the fault-injection suite; one table of scenarios, charges made and expected,
// 5xx seen, requests lost. Exits 1 when charges differ, a node crashed, or a request was lost.
//
//   npm run build && npm run test:faults
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:faults   # + the PostgreSQL scenarios
//   npm run test:faults -- --only card      # the scenarios whose name contains "card"
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startSandbox } from '../sandbox-process.mjs';
import { startFaultProxy } from './faultProxy.mjs';
import { apiClient, cardBody, payWithRetries, tokenize } from './payer.mjs';
import { browserScenarios } from './browser.mjs';
import { postgresScenarios } from './postgres.mjs';
import { killedAfterGatewayScenarios } from './killedAfterGateway.mjs';
import { cardKindScenarios } from './cardKinds.mjs';

const only = (() => {
  const at = process.argv.indexOf('--only');
  return at > 0 ? (process.argv[at + 1] ?? '').toLowerCase() : '';
})();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @type {Array<{ name: string, made: number | string, expected: number | string, fiveXX: number, lost: number, ok: boolean, note: string }>} */
const results = [];
const skipped = [];

export function record(name, { made, expected = 1, fiveXX = 0, lost = 0, ok, note = '' }) {
  results.push({ name, made, expected, fiveXX, lost, ok: ok ?? made === expected, note });
  console.log(`${ok ?? made === expected ? 'ok  ' : 'FAIL'} ${name}: charges ${made}/${expected}, 5xx ${fiveXX}, lost ${lost}${note ? ` (${note})` : ''}`);
}

export async function scenario(name, run) {
  if (only && !name.toLowerCase().includes(only)) return;
  try {
    await run((outcome) => record(name, outcome));
  } catch (error) {
    record(name, { made: '?', expected: 1, ok: false, note: `error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` });
  }
}

export function skip(name, why) {
  if (only && !name.toLowerCase().includes(only)) return;
  skipped.push({ name, why });
  console.log(`SKIP ${name}: ${why}`);
}

export async function createLink(url, description = 'Fallas') {
  const res = await fetch(`${url}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 10, description }) });
  if (res.status !== 201) throw new Error(`POST /sandbox/links answered ${res.status}`);
  return /** @type {{ code: string }} */ (await res.json()).code;
}

export async function transactionsOf(url, code) {
  const res = await fetch(`${url}/sandbox/transactions?code=${encodeURIComponent(code)}`);
  if (res.status !== 200) throw new Error(`GET /sandbox/transactions answered ${res.status}`);
  return /** @type {{ transactions: Array<{ codOper: string, method: string, status: number }> }} */ (await res.json()).transactions;
}

export const crashes = [];
export function watchNode(name, node) {
  const watch = { expectedExit: false };
  node.exited.then(({ code, signal }) => {
    if (!watch.expectedExit || code !== 0) crashes.push(`${name} exited (code ${code}, signal ${signal})${watch.expectedExit ? '' : ' unasked'}:\n${node.output().split('\n').slice(-15).join('\n')}`);
  });
  return watch;
}

async function cardThroughFault(sandbox, proxy, fault, timeoutMs = 4_000) {
  proxy.clearFaults();
  const code = await createLink(sandbox.url, 'Tarjeta con falla');
  const counters = { fiveXX: 0, noAnswer: 0 };
  const api = apiClient(proxy.url, { timeoutMs, counters });
  const lostBefore = proxy.stats.lost;
  const rule = proxy.fault({ method: 'POST', path: /^\/api\/v1\/cards\/auth-capture/, ...fault });
  // Typed into the node's card vault first, as the checkout's card fields do: the payment carries its token.
  const card = await tokenize(sandbox.vault.url);
  const paid = await payWithRetries(api, (trackId) => api.call('POST', '/cards/auth-capture', cardBody(code, trackId, card)));
  proxy.clearFaults();
  // The delayed answer may still be on its way: let it land before counting.
  await sleep(fault.action === 'delay' ? (fault.ms ?? 0) : 100);
  const made = (await transactionsOf(sandbox.url, code)).length;
  const answered = paid.answer?.status === 200;
  return {
    made, expected: 1, fiveXX: counters.fiveXX, lost: proxy.stats.lost - lostBefore,
    // A fault that never struck proves nothing.
    ok: made === 1 && answered && rule.hits > 0,
    note: `${rule.hits} answer(s) spoiled, ${paid.sends} send(s), outcome via ${paid.via}${answered ? '' : `: ${paid.answer?.status ?? '-'} ${paid.answer?.code ?? ''}`}`,
  };
}

async function nequiThroughFaults(sandbox, proxy, pushFault, timeoutMs = 4_000) {
  proxy.clearFaults();
  const code = await createLink(sandbox.url, 'Nequi con fallas');
  const counters = { fiveXX: 0, noAnswer: 0 };
  const api = apiClient(proxy.url, { timeoutMs, counters });
  const lostBefore = proxy.stats.lost;
  // The push's first answer is spoiled; the retry protocol finds out what became of it.
  const pushRule = proxy.fault({ method: 'POST', path: /^\/api\/v1\/nequi\/push/, nth: [1], ...pushFault });
  // 63333333 never answers by itself: the payer approves in the app (the admin call) below.
  const pushed = await payWithRetries(api, (trackId) => api.call('POST', '/nequi/push', { code, email: 'faults@example.com', phone: '63333333', trackId, captchaToken: `faults-person-${trackId}` }));
  const codOper = pushed.answer?.data?.codOper;
  if (typeof codOper !== 'string') throw new Error(`the push gave no codOper (${pushed.answer?.status} ${pushed.answer?.code ?? ''})`);
  // Every kind of failure on the status polls, in turn; the watcher keeps polling through them.
  const polls = proxy.fault({ method: 'GET', path: /^\/api\/v1\/nequi\/payments\//, plan: ['502-before', 'drop', '502-after', 'delay'], ms: 5_000 });
  const approve = sleep(600).then(() => fetch(`${sandbox.url}/sandbox/nequi/${codOper}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: 'approve' }) }));
  let status;
  for (let poll = 0; poll < 30 && status !== 1; poll++) {
    const answer = await api.call('GET', `/nequi/payments/${codOper}`);
    if (answer.status === 200) status = answer.data?.status;
    if (status !== 1) await sleep(300);
  }
  await approve;
  proxy.clearFaults();
  const made = (await transactionsOf(sandbox.url, code)).length;
  return {
    made, expected: 1, fiveXX: counters.fiveXX, lost: proxy.stats.lost - lostBefore,
    ok: made === 1 && status === 1 && polls.hits === 4 && pushRule.hits === 1,
    note: `${polls.hits} status polls spoiled; push sent ${pushed.sends}x (outcome via ${pushed.via}); the watcher ${status === 1 ? 'saw it approved' : 'never saw it approved'}`,
  };
}

/** `vaultUrl`: the card vault every node behind the proxy asks (each payment's card is typed into it first). */
export async function loadThrough(proxy, code, { vaultUrl, payers = 8, durationMs, during, giveUp = () => false }) {
  const counters = { fiveXX: 0, noAnswer: 0 };
  const api = apiClient(proxy.url, { timeoutMs: 10_000, counters });
  const intents = [];
  let running = true;
  const payer = async () => {
    while (running) {
      const card = await tokenize(vaultUrl);
      const paid = await payWithRetries(api, (trackId) => api.call('POST', '/cards/auth-capture', cardBody(code, trackId, card)), { tries: 40, pauseMs: 100, giveUp });
      intents.push(paid);
    }
  };
  const load = Promise.all(Array.from({ length: payers }, payer));
  await during();
  await sleep(durationMs);
  running = false;
  await load;
  return { intents, counters };
}

/** Every intent answered 200 has exactly one charge; one that never learned its outcome may have one. */
export function checkIntents(intents, rows) {
  const byTrack = new Map(rows.map((r) => [r.track_id, Number(r.n)]));
  // A look-up that found the attempt still in doubt at its gateway (PROCESSING) told no outcome: the
  // reconciler settles it later, or forgets it when the gateway never received it.
  const inDoubt = (i) => i.answer?.status === 200 && i.answer.data?.authStatus === 'PROCESSING';
  const approved = intents.filter((i) => i.answer?.status === 200 && !inDoubt(i));
  const unknown = intents.filter((i) => i.answer === undefined || inDoubt(i));
  const missing = approved.filter((i) => (byTrack.get(i.trackId) ?? 0) !== 1).length;
  const doubled = [...byTrack.values()].filter((n) => n > 1).length;
  const made = [...byTrack.values()].reduce((a, b) => a + b, 0);
  const otherAnswers = intents.length - approved.length - unknown.length;
  return {
    made, expected: approved.length + unknown.filter((i) => byTrack.has(i.trackId)).length,
    ok: missing === 0 && doubled === 0 && made === approved.length + unknown.filter((i) => byTrack.has(i.trackId)).length,
    note: `${intents.length} intents: ${approved.length} approved, ${unknown.length} outcome never learned (${unknown.filter(inDoubt).length} of them found in doubt), ${otherAnswers} other answers; ${doubled} charged twice, ${missing} approved without exactly one charge`,
  };
}

async function main() {
  const serverFile = new URL('../../packages/sandbox/dist/server.mjs', import.meta.url);
  if (!existsSync(serverFile)) {
    console.error('packages/sandbox/dist/server.mjs is missing: run `npm run build` first');
    process.exit(1);
  }
  const started = Date.now();

  const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-faults-'));
  const sandbox = await startSandbox({ SPLASH_MS: '0', SHUTDOWN_DRAIN_MS: '1000', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
  const watch = watchNode('the PGlite node', sandbox);
  const proxy = await startFaultProxy({ upstreams: [sandbox.url], healthEveryMs: 200 });
  try {
    await scenario('card: answer dropped after the server answered, payer retries', async (done) =>
      done(await cardThroughFault(sandbox, proxy, { nth: [1], action: 'drop' })));
    await scenario('card: 502 after the server answered, payer retries', async (done) =>
      done(await cardThroughFault(sandbox, proxy, { nth: [1], action: '502-after' })));
    await scenario('card: 502 before the server saw it, payer retries', async (done) =>
      done(await cardThroughFault(sandbox, proxy, { nth: [1], action: '502-before' })));
    await scenario('card: answer later than the payer waits (1.5 s), payer retries', async (done) =>
      done(await cardThroughFault(sandbox, proxy, { nth: [1], action: 'delay', ms: 3_000 }, 1_500)));
    await scenario('card: first two answers dropped and a 502 after, payer retries', async (done) =>
      done(await cardThroughFault(sandbox, proxy, { plan: ['drop', 'drop', '502-after'] })));
    await scenario('nequi push: answer dropped, then status polls fail (502, cut, 502 after, late)', async (done) =>
      done(await nequiThroughFaults(sandbox, proxy, { action: 'drop' })));
    await scenario('nequi push: 502 after the server answered, then status polls fail', async (done) =>
      done(await nequiThroughFaults(sandbox, proxy, { action: '502-after' })));
    await scenario('nequi push: 502 before the server saw it, then status polls fail', async (done) =>
      done(await nequiThroughFaults(sandbox, proxy, { action: '502-before' })));
    await scenario('nequi push: answer later than the payer waits (1.5 s), then status polls fail', async (done) =>
      done(await nequiThroughFaults(sandbox, proxy, { action: 'delay', ms: 3_000 }, 1_500)));

    await cardKindScenarios({ sandbox, proxy, scenario });

    await browserScenarios({ sandbox, scenario, skip, createLink, transactionsOf });

    await scenario('SIGTERM under load, one node (PGlite) behind a balancer following /health', async (done) => {
      proxy.clearFaults();
      proxy.resetStats();
      const code = await createLink(sandbox.url, 'Carga');
      let exit;
      const { intents, counters } = await loadThrough(proxy, code, {
        vaultUrl: sandbox.vault.url, payers: 6, durationMs: 0, giveUp: () => exit !== undefined,
        during: async () => {
          await sleep(1_000);
          watch.expectedExit = true;
          sandbox.child.kill('SIGTERM');
          exit = await sandbox.exited;
          // A balancer with no node left answers 503 itself; the payers stop there.
          await sleep(300);
        },
      });
      // The node is gone: its rows are read from its data directory.
      const pglite = new PGlite(dataDir);
      const { rows } = await pglite.query('select track_id, count(*)::int as n from transactions where link_code = $1 group by track_id', [code]);
      await pglite.close();
      const check = checkIntents(intents, rows);
      done({
        made: check.made, expected: check.expected, fiveXX: counters.fiveXX, lost: proxy.stats.lost,
        ok: check.ok && proxy.stats.lost === 0 && exit?.code === 0,
        note: `${check.note}; ${proxy.stats.turnedAway} turned away by the balancer once no node was left; node exit code ${exit?.code}`,
      });
    });
  } finally {
    await proxy.close();
    watch.expectedExit = true;
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  await postgresScenarios({ scenario, skip, createLink, watchNode, loadThrough, checkIntents });
  await killedAfterGatewayScenarios({ scenario, skip, createLink, watchNode });

  const rows = [['scenario', 'charges made', 'expected', '5xx seen', 'requests lost', 'result'], ...results.map((r) => [r.name, String(r.made), String(r.expected), String(r.fiveXX), String(r.lost), r.ok ? 'ok' : 'FAIL'])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${line(rows[0])}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.slice(1).map(line).join('\n')}`);
  for (const r of results.filter((x) => x.note)) console.log(`  ${r.ok ? ' ' : '!'} ${r.name}: ${r.note}`);
  for (const s of skipped) console.log(`  skipped: ${s.name}: ${s.why}`);
  for (const crash of crashes) console.log(`\nCRASH: ${crash}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed, ${skipped.length} skipped, ${crashes.length} node crash(es) in ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(failed > 0 || crashes.length > 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
