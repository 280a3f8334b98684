// Card payments per second and p50/p99 latency of POST /api/v1/cards/auth-capture against the
// built sandbox, on PGlite (default) and on PostgreSQL (BENCH_DATABASE_URL), beside the raw
// single-row insert rate of the same database, so the overhead of our code reads as a ratio.
// On PostgreSQL it also runs two nodes on the same database, the connections split between them
// as a round-robin load balancer would, and prints both side by side.
//
//   npm run build && node scripts/bench-payments.mjs [--duration 10] [--connections 10] [--warmup 10] [--gzip]
//
// Each measure starts warm, as a server that has been up a while is: the payments first run
// --warmup seconds (10 by default; 0 for none) on a link of their own, and the raw inserts half
// of their number, neither counted. The warm-up's own rate and p99 are printed too: the first
// seconds of a freshly started node are its slowest (code not yet optimised, statements not yet
// prepared).
//
// --against packages/sandbox/dist/<file>.mjs measures another build paired with this one: --pairs
// runs of each (5 by default), taking turns, on PGlite (and on BENCH_DATABASE_URL when set), then
// the medians of each side's rate, p50, p99 and CPU per payment.
//
// --gzip asks for gzipped answers as a browser's fetch does (accept-encoding: gzip, deflate, br);
// without it the requests say nothing of encodings, as a merchant's server or curl may not.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/bench-payments.mjs
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import autocannon from 'autocannon';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serverOption, startSandbox } from './sandbox-process.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const DURATION_S = arg('duration', 10);
const CONNECTIONS = arg('connections', 10);
const INSERTS = arg('inserts', 5000);
const WARMUP_S = arg('warmup', 10);
const GZIP = process.argv.includes('--gzip');
// --server packages/sandbox/dist/<file>.mjs: another build of the server (an A/B's "before").
const SERVER = serverOption();
const AGAINST = serverOption(process.argv, '--against');
const PAIRS = arg('pairs', 5);
const CLIENT_KEY = 'pk_sandbox_pasarela_guest';

const encode = (value) => Buffer.from(Buffer.from(JSON.stringify(value), 'utf8').toString('base64'), 'latin1').toString('hex');

function randomVisa() {
  const digits = [4, 1, 1, 1, ...Array.from({ length: 11 }, () => Math.floor(Math.random() * 10))];
  const sum = digits.reduce((acc, d, i) => {
    // Doubling every second digit counted from the check digit, which comes last.
    const doubled = (digits.length - i) % 2 === 1 ? d * 2 : d;
    return acc + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

function payload(code) {
  return {
    cclw: 'TIENDADEMO', code,
    // A different card per request: the duplicate rule (same card and amount within 5 minutes) stays out of the way.
    amount: 10, taxAmount: 0, email: 'bench@example.com', phone: '+50761234567',
    address: 'Calle 50', city: 'Panamá', ip: '127.0.0.1', concept: 'Bench', description: 'Bench',
    cardInformation: { cardNumber: randomVisa(), expMonth: '12', expYear: '34', cvv: '123', firstName: 'Ana', lastName: 'Prueba', cardType: 'VISA' },
    additionalData: { domainRequested: 'bench.test', trackId: randomUUID(), zipCode: '0000', street: 'Calle 50', captchaToken: `bench-person-${randomUUID()}` },
    customFieldValues: [], txChannel: 'PWW', lang: 'es', serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', isOldVersion: true,
  };
}

/** On a shared machine rates move with the load, but CPU per payment moves much less: both are printed. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}
const backendPids = async (client, where) => (await client.query(`select pid from pg_stat_activity where ${where}`)).rows.map((r) => r.pid);

async function insertRows(insert, count) {
  for (let i = 0; i < count; i++) await insert([randomUUID(), i, 1, JSON.stringify({ i })]);
}

async function rawInsertRate(kind, databaseUrl) {
  const sql = 'insert into bench_rows (track_id, amount_cents, status, payload) values ($1, $2, $3, $4)';
  const ddl = 'create table if not exists bench_rows (id serial primary key, track_id text unique, amount_cents int, status int, payload jsonb)';
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'pasarela-bench-raw-'));
    const db = new PGlite(dir);
    await db.exec(ddl);
    await insertRows((values) => db.query(sql, values), INSERTS / 2);
    const start = performance.now();
    const cpu = process.cpuUsage();
    await insertRows((values) => db.query(sql, values), INSERTS);
    const { user, system } = process.cpuUsage(cpu);
    const rate = INSERTS / ((performance.now() - start) / 1000);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
    return { rate, cpuMs: (user + system) / 1000 / INSERTS };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('drop table if exists bench_rows');
  await client.query(ddl);
  const [backend] = await backendPids(client, 'pid = pg_backend_pid()');
  await insertRows((values) => client.query(sql, values), INSERTS / 2);
  const start = performance.now();
  const cpu = process.cpuUsage();
  const backendCpu = cpuMs(backend);
  await insertRows((values) => client.query(sql, values), INSERTS);
  const { user, system } = process.cpuUsage(cpu);
  const backendUsed = backendCpu === undefined ? undefined : (cpuMs(backend) ?? NaN) - backendCpu;
  const rate = INSERTS / ((performance.now() - start) / 1000);
  await client.query('drop table bench_rows');
  await client.end();
  // The client's side (pg encoding each insert) and the backend's: as a payment's CPU counts the node and its backends.
  return { rate, cpuMs: backendUsed === undefined ? undefined : ((user + system) / 1000 + backendUsed) / INSERTS };
}

const createBenchLink = (url) =>
  fetch(`${url}/sandbox/links`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 10, description: 'Bench' }),
  }).then((r) => r.json());

async function load(sandboxes, code, duration) {
  const share = (i) => Math.floor(CONNECTIONS / sandboxes.length) + (i < CONNECTIONS % sandboxes.length ? 1 : 0);
  const runs = await Promise.all(sandboxes.map((s, i) => loadOne(s.url, code, share(i), duration)));
  return autocannon.aggregateResult(runs, { url: sandboxes[0].url, connections: CONNECTIONS, duration });
}

function loadOne(url, code, connections, duration) {
  return autocannon({
    url: `${url}/api/v1/cards/auth-capture`,
    connections,
    duration,
    skipAggregateResult: true,
    requests: [{
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-api-key': CLIENT_KEY, ...(GZIP ? { 'accept-encoding': 'gzip, deflate, br' } : {}) },
      setupRequest: (req) => ({ ...req, body: encode(payload(code)) }),
    }],
  });
}

async function benchPayments(env, nodes = 1, server = SERVER) {
  const sandboxes = [];
  try {
    // One after the other: the first migrates and seeds, the others find it done.
    for (let i = 0; i < nodes; i++) sandboxes.push(await startSandbox(env, server));
    // The warm-up pays a link of its own, so the rows counted below are the measured run's.
    const warmup = WARMUP_S > 0 ? await load(sandboxes, (await createBenchLink(sandboxes[0].url)).code, WARMUP_S) : undefined;
    const link = await createBenchLink(sandboxes[0].url);
    // The CPU the nodes and (on a local PostgreSQL) their backends use during the load.
    const watcher = env.DATABASE_URL ? new pg.Client({ connectionString: env.DATABASE_URL }) : undefined;
    await watcher?.connect();
    // The nodes' pools open connections as the load needs them: backends seen after the load count
    // from their start, those seen before from then.
    const pidsNow = async () => [...sandboxes.map((s) => s.child.pid), ...(watcher ? await backendPids(watcher, "application_name like 'pasarela/%'") : [])];
    const cpuBefore = new Map((await pidsNow()).map((pid) => [pid, cpuMs(pid)]));
    const result = await load(sandboxes, link.code, DURATION_S);
    const cpuAfter = new Map((await pidsNow()).map((pid) => [pid, cpuMs(pid)]));
    await watcher?.end();
    const rows = await fetch(`${sandboxes[0].url}/sandbox/transactions?code=${link.code}`).then((r) => r.json());
    const used = [...cpuAfter].map(([pid, after]) => (after === undefined ? undefined : after - (cpuBefore.get(pid) ?? 0)));
    const cpuMsPerPayment = used.some((ms) => ms === undefined) ? undefined : used.reduce((a, b) => a + b, 0) / Math.max(1, result['2xx']);
    return { result, recorded: rows.transactions.length, cpuMsPerPayment, warmup };
  } finally {
    await Promise.all(sandboxes.map((s) => s.stop()));
  }
}

function report(label, result, recorded, raw, cpuMsPerPayment, warmup) {
  const ok = result['2xx'];
  const rps = ok / DURATION_S;
  console.log(`\n${label}`);
  if (warmup) console.log(`  warm-up, not counted:    ${(warmup['2xx'] / WARMUP_S).toFixed(0)} payments/s over ${WARMUP_S} s, p99 ${warmup.latency.p99} ms, max ${warmup.latency.max} ms (${warmup.non2xx} non-2xx, ${warmup.errors} errors)`);
  if (raw !== undefined) console.log(`  raw single-row inserts:  ${raw.rate.toFixed(0)} /s (${INSERTS} sequential, parameterised)${raw.cpuMs === undefined ? '' : `, ${raw.cpuMs.toFixed(3)} ms CPU each`}`);
  console.log(`  card payments:           ${rps.toFixed(0)} /s over ${DURATION_S} s, ${CONNECTIONS} connections (${ok} approved, ${result.non2xx} non-2xx, ${result.errors} errors)`);
  console.log(`  latency:                 p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  rows recorded:           ${recorded} (the approved ones plus requests in flight when the run stopped)`);
  if (cpuMsPerPayment !== undefined) console.log(`  CPU per payment:         ${cpuMsPerPayment.toFixed(2)} ms (the node${raw === undefined ? 's' : ''} and, on PostgreSQL, ${raw === undefined ? 'their' : 'its'} backends)`);
  if (raw !== undefined) console.log(`  payments / raw inserts:  ${(rps / raw.rate).toFixed(2)}`);
  if (raw?.cpuMs !== undefined && cpuMsPerPayment !== undefined) {
    console.log(`  same, by CPU used:       ${(raw.cpuMs / cpuMsPerPayment).toFixed(2)} (a raw insert's CPU over a payment's: steadier than the rates on a shared machine)`);
  }
  return { rps, p50: result.latency.p50, p99: result.latency.p99 };
}

async function run(label, kind, env, databaseUrl) {
  const raw = await rawInsertRate(kind, databaseUrl);
  const { result, recorded, cpuMsPerPayment, warmup } = await benchPayments(env);
  return report(label, result, recorded, raw, cpuMsPerPayment, warmup);
}

console.log(`Node ${process.version}, ${DURATION_S} s per run after a ${WARMUP_S} s warm-up, ${CONNECTIONS} connections${GZIP ? ', answers gzipped as for a browser' : ''}`);
if (AGAINST) {
  const median = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  };
  const databases = [['PGlite', {}], ...(process.env.BENCH_DATABASE_URL ? [['PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }]] : [])];
  for (const [database, env] of databases) {
    const sides = { 'this build': { server: SERVER, runs: [] }, [basename(AGAINST)]: { server: AGAINST, runs: [] } };
    for (let i = 0; i < PAIRS; i++) {
      // Each pair in the other order than the one before, so neither side always runs first.
      const order = i % 2 === 0 ? Object.keys(sides) : Object.keys(sides).reverse();
      for (const name of order) {
        const { result, recorded, cpuMsPerPayment, warmup } = await benchPayments(env, 1, sides[name].server);
        sides[name].runs.push({ ...report(`${database}, ${name}, pair ${i + 1}`, result, recorded, undefined, cpuMsPerPayment, warmup), cpu: cpuMsPerPayment ?? NaN });
      }
    }
    console.log(`\n${database}, medians of ${PAIRS} paired runs`);
    console.log('  build                 | payments/s | p50 ms | p99 ms | CPU ms per payment');
    for (const [name, { runs }] of Object.entries(sides)) {
      const m = (key) => median(runs.map((r) => r[key]));
      console.log(`  ${name.padEnd(21)} | ${m('rps').toFixed(0).padStart(10)} | ${String(m('p50')).padStart(6)} | ${String(m('p99')).padStart(6)} | ${m('cpu').toFixed(2)}`);
    }
  }
  process.exit(0);
}
await run('PGlite (embedded, DATA_DIR)', 'pglite', {});
const pgUrl = process.env.BENCH_DATABASE_URL;
if (pgUrl) {
  const one = await run('PostgreSQL (DATABASE_URL), one node', 'postgres', { DATABASE_URL: pgUrl }, pgUrl);
  // Two nodes need a connection each.
  if (CONNECTIONS < 2) process.exit(0);
  const { result, recorded, cpuMsPerPayment, warmup } = await benchPayments({ DATABASE_URL: pgUrl }, 2);
  const two = report(`PostgreSQL (DATABASE_URL), two nodes, ${CONNECTIONS} connections split between them`, result, recorded, undefined, cpuMsPerPayment, warmup);
  console.log('\nOne node vs two on one PostgreSQL');
  console.log('  nodes | payments/s | p50 ms | p99 ms');
  for (const [n, r] of [[1, one], [2, two]]) console.log(`  ${n}     | ${r.rps.toFixed(0).padStart(10)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)}`);
} else {
  console.log('\nSet BENCH_DATABASE_URL to also measure PostgreSQL, with one node and with two.');
}
