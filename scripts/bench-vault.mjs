// Benchmark: the card vault alone, as a provider sizes it. Its built process (the tree's
// packages/vault/dist/vault.mjs, started as the browser suite starts it) tokenizes cards as the
// payer's browser sends them (each on a new connection from a loopback address of its own), then forwards each card's authorization to a processor on loopback that
// answers at once (a JSON answer of about 300 bytes, as the simulator's), 4 calls at a time over
// kept-alive connections. Per call it prints the vault's CPU (its process's threads, from /proc) and
// the caller's wait; with --against, another built tree's vault in the same rounds, sides taking
// turns, and the ratios of their medians. A round's figures move with the machine's load: compare the
// sides of one run.
//
//   npm run build && npm run bench:vault [-- --calls 1500 --rounds 3]
//   npm run bench:vault -- --against /tmp/before        (a tree with its own build: its vault paired with this one's)
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './bench-stats.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
};
const CALLS = Math.min(20_000, Number(option('calls', 1500)));
const ROUNDS = Math.min(20, Number(option('rounds', 3)));
const AT_ONCE = 4;
const WARM_UP = 200;
const rootDir = fileURLToPath(new URL('..', import.meta.url));
const against = option('against', undefined);
const trees = [rootDir, ...(against ? [resolve(against)] : [])];


// The processor: answers every authorization at once, as the simulator answers an approved card.
const processor = http.createServer((request, answer) => {
  request.resume();
  request.on('end', () => {
    const body = JSON.stringify({ status: 'approved', authStatus: 'APPROVED', reference: `ref_${Date.now()}`, authorization: { code: '123456', network: 'visa' }, message: 'Approved by the bench processor, as a real one answers: a few hundred bytes of JSON' });
    answer.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    answer.end(body);
  });
});
await new Promise((done) => processor.listen(0, '127.0.0.1', done));
const processorUrl = `http://127.0.0.1:${processor.address().port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });

function post(url, headers, body) {
  return new Promise((done, fail) => {
    const target = new URL(url);
    const sent = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (answer) => {
      let text = '';
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => done({ status: answer.statusCode, text }));
    });
    sent.on('error', fail);
    sent.end(body);
  });
}

/** The process's CPU so far, in ms: every thread's time on a CPU (schedstat, nanoseconds). */
function cpuMs(pid) {
  let ns = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended in between
    }
  }
  return ns / 1e6;
}

/** As the payer's browser sends a card: each from a client address of its own (the vault limits cards per client). */
const { tokenize } = await import(`${rootDir}/scripts/api-card-payments.mjs`);
async function forward(vaultUrl, secret, token) {
  // As the simulator's adapter sends an authorization through the vault (packages/gateways).
  const body = JSON.stringify({ amountCents: 1000, card: { number: token, expMonth: `{{vault:${token}:exp_month}}`, expYear: `{{vault:${token}:exp_year}}`, cvc: `{{vault:${token}:cvc}}`, holder: `{{vault:${token}:holder}}` } });
  const answer = await post(`${vaultUrl}/forward/bench/cards/authorize`, { 'content-type': 'application/json', 'vault-authorization': `Bearer ${secret}` }, body);
  if (answer.status !== 200) throw new Error(`the card vault answered ${answer.status} to a forward: ${answer.text}`);
}
/** `work` for each of `count` items, AT_ONCE at a time; the mean wait per call in ms. */
async function inTurns(items, work) {
  const started = performance.now();
  let waited = 0;
  for (let i = 0; i < items.length; i += AT_ONCE) {
    await Promise.all(items.slice(i, i + AT_ONCE).map(async (item) => {
      const t = performance.now();
      await work(item);
      waited += performance.now() - t;
    }));
  }
  return { waitMs: waited / items.length, wallMs: performance.now() - started };
}

const rounds = new Map(trees.map((tree) => [tree, []]));
for (let round = 1; round <= ROUNDS; round++) {
  for (const tree of trees) {
    const { startVaultProcess } = await import(`${tree}/scripts/sandbox-process.mjs`);
    const vault = await startVaultProcess(['http://localhost:1'], { VAULT_FORWARD_bench: processorUrl });
    try {
      const secret = vault.env.VAULT_API_SECRET;
      for (let i = 0; i < WARM_UP; i++) await forward(vault.url, secret, await tokenize(vault.url));
      const before = cpuMs(vault.child.pid);
      const tokens = [];
      const tokenizing = await inTurns(Array.from({ length: CALLS }), async () => tokens.push(await tokenize(vault.url)));
      const between = cpuMs(vault.child.pid);
      const forwarding = await inTurns(tokens, (token) => forward(vault.url, secret, token));
      const after = cpuMs(vault.child.pid);
      const figures = { tokenizeCpu: (between - before) / CALLS, tokenizeWait: tokenizing.waitMs, forwardCpu: (after - between) / CALLS, forwardWait: forwarding.waitMs };
      rounds.get(tree).push(figures);
      console.log(`round ${round}, ${tree}: tokenize ${figures.tokenizeCpu.toFixed(3)} ms of the vault's CPU (${figures.tokenizeWait.toFixed(2)} ms waited), forward ${figures.forwardCpu.toFixed(3)} ms (${figures.forwardWait.toFixed(2)} ms waited)`);
    } finally {
      await vault.stop();
    }
  }
}

console.log(`\nThe card vault, ${CALLS} cards tokenized then forwarded per round, ${AT_ONCE} at a time, ${ROUNDS} rounds (medians; a vault core takes 1000 / CPU ms calls a second):`);
const medians = new Map();
for (const tree of trees) {
  const of = (name) => median(rounds.get(tree).map((r) => r[name]));
  const m = { tokenizeCpu: of('tokenizeCpu'), tokenizeWait: of('tokenizeWait'), forwardCpu: of('forwardCpu'), forwardWait: of('forwardWait') };
  medians.set(tree, m);
  console.log(`  ${tree}: tokenize ${m.tokenizeCpu.toFixed(3)} ms CPU, ${m.tokenizeWait.toFixed(2)} ms waited (${Math.round(1000 / m.tokenizeCpu)} a core-second); forward ${m.forwardCpu.toFixed(3)} ms CPU, ${m.forwardWait.toFixed(2)} ms waited (${Math.round(1000 / m.forwardCpu)} a core-second)`);
}
if (against) {
  const [mine, other] = trees.map((tree) => medians.get(tree));
  const ratio = (name) => (mine[name] / other[name]).toFixed(2);
  console.log(`  this tree against ${trees[1]}: tokenize CPU ${ratio('tokenizeCpu')}x, its wait ${ratio('tokenizeWait')}x; forward CPU ${ratio('forwardCpu')}x, its wait ${ratio('forwardWait')}x`);
}
agent.destroy();
processor.close();
