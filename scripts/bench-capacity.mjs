// What a node, a core and a database take, against the floor of an exactly-once card payment
// (issue 91). Pasarela (the built sandbox, as `npm start` runs it) and the floor
// (scripts/capacity-floor.mjs: hono, one INSERT committed before one call to the same simulator
// port and one after) pay in closed loops, in alternating rounds of one run, at 1, 4 and 16 payments
// at once: on PGlite, and on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL) with one node and with
// two. The simulator runs as its own process, as `npm start` runs it, its journal in a file.
//
//   npm run build && npm run bench:capacity [-- --rounds 3 --seconds 5 --levels 1,4,16 --warmup 2]
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:capacity
//   npm run bench:capacity -- --server path/to/another/server.mjs   (another build of the server, to compare)
//   npm run bench:capacity -- --configurations postgres-1   (some of pglite, postgres-1, postgres-2)
//
// Per level it prints, as medians of the rounds with the rounds' spread: payments per second, p50
// and p99, CPU per payment (the node processes from /proc, each node's card vault apart; on PostgreSQL
// its backends and background processes from /proc, found in pg_stat_activity), the statements and commits PostgreSQL received
// per payment (pg_stat_statements' calls and pg_stat_database's xact_commit, read from the
// `postgres` database so the watcher's own queries are not counted; on PGlite, or without
// pg_stat_statements, the counts of each answer's Server-Timing), the WAL the cluster wrote per
// payment (pg_current_wal_lsn before and after the round), the ratios to the floor, and the
// resource that limits the level; at its end, a sizing table and, with PostgreSQL at one node and
// two, two nodes' throughput and CPU per payment against one node's, for both sides. Loopback only; every process it starts is stopped at its end,
// or when the run is interrupted.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverOption, startSandbox } from './sandbox-process.mjs';
import { cardPaymentRequest, newBenchLink, randomVisa, tokenize } from './api-card-payments.mjs';
import { median, percentile } from './bench-stats.mjs';

const rootDir = fileURLToPath(new URL('../', import.meta.url));
const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
};
// Bounded in count and in time: at most ROUNDS rounds of SECONDS per side, level and database.
const ROUNDS = Math.min(20, Number(option('rounds', 3)));
const SECONDS = Math.min(60, Number(option('seconds', 5)));
const WARMUP_S = Math.min(30, Number(option('warmup', 2)));
const LEVELS = String(option('levels', '1,4,16')).split(',').map(Number);
/** Which of PGlite (one node), PostgreSQL with one node and with two are measured. */
const CONFIGURATIONS = String(option('configurations', 'pglite,postgres-1,postgres-2')).split(',');
for (const name of CONFIGURATIONS) {
  if (!['pglite', 'postgres-1', 'postgres-2'].includes(name)) throw new Error(`--configurations takes pglite, postgres-1 and postgres-2, not ${name}`);
}
const CORES = availableParallelism();
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;

const fixed = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const spread = (xs, digits = 2) => {
  const s = xs.filter((x) => Number.isFinite(x));
  return s.length === 0 ? '-' : `${Math.min(...s).toFixed(digits)}-${Math.max(...s).toFixed(digits)}`;
};

/**
 * Tokens made ahead of a round, per node (each node has a vault of its own): a round's payers take
 * them, so a round measures the payments alone; the vaults' CPU while they are made is a card's
 * tokenizing, told apart.
 */
function tokenPool(vaultUrls) {
  const pools = vaultUrls.map(() => []);
  return {
    /** The tokens it made. */
    async fill(count) {
      let made = 0;
      await Promise.all(vaultUrls.map(async (vaultUrl, i) => {
        while (pools[i].length < count) {
          const tokens = await Promise.all(Array.from({ length: Math.min(50, count - pools[i].length) }, () => tokenize(vaultUrl)));
          pools[i].push(...tokens);
          made += tokens.length;
        }
      }));
      return made;
    },
    /** A token of node `i`'s vault; made on the spot if the round outran the pool. */
    take: async (i) => pools[i].pop() ?? tokenize(vaultUrls[i]),
  };
}

const floorRequest = () => ({
  path: '/pay',
  init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amountCents: 1000, card: { number: randomVisa(), expMonth: '12', expYear: '34', cvc: '123', holder: 'Ana Prueba' } }) },
});

// ---- processes -------------------------------------------------------------------------------

/** Every process this run started: stopped too when the run is interrupted (Ctrl+C, SIGTERM). */
const started = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    process.exit(130);
  });
}

function spawnListening(file, env, pattern) {
  const child = spawn(process.execPath, [file], { cwd: rootDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let log = '';
  child.stderr.on('data', (d) => (log += d.toString()));
  const url = new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${file} stopped (exit ${code}) before it listened:\n${log}`)));
    child.stdout.on('data', (d) => {
      log += d.toString();
      const found = pattern.exec(log);
      if (found) resolve(found[1]);
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return url.then((u) => ({ url: u, child, stop }), async (error) => {
    await stop();
    throw error;
  });
}

/** The simulator as `npm start` runs it: its own process, its books journaled to a file. */
async function startSimulator(dir) {
  const env = { SIMULATOR_PORT: '0', SIMULATOR_API_SECRET: randomBytes(16).toString('hex'), SIMULATOR_NOTIFICATION_SECRET: randomBytes(16).toString('hex'), SIMULATOR_JOURNAL: join(dir, 'simulator.jsonl') };
  const simulator = await spawnListening(join(rootDir, 'packages/simulator/dist/simulator.mjs'), env, /listening on (http:\/\/\S+)/);
  return { ...simulator, env: { PROCESSORS_URL: simulator.url, SIMULATOR_API_SECRET: env.SIMULATOR_API_SECRET, SIMULATOR_NOTIFICATION_SECRET: env.SIMULATOR_NOTIFICATION_SECRET } };
}

// ---- measuring -------------------------------------------------------------------------------

const TICK_MS = 1000 / 100;
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return undefined;
  }
}
/** The whole machine's busy and total CPU time (ms summed over its cores): how much others used. */
function machineCpu() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = fields[3] + fields[4];
  return { busy: (total - idle) * TICK_MS, total: total * TICK_MS };
}
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** A connection to the `postgres` database beside the benched one: what it asks is not counted there. */
async function openWatcher(url) {
  const benched = new URL(url);
  const database = decodeURIComponent(benched.pathname.slice(1)) || 'postgres';
  const aside = new URL(url);
  aside.pathname = database === 'postgres' ? '/template1' : '/postgres';
  const client = new pg.Client({ connectionString: aside.toString(), application_name: 'bench-watcher' });
  await client.connect();
  // Works only where the server preloads it (shared_preload_libraries); otherwise Server-Timing's counts stand in.
  await client.query('create extension if not exists pg_stat_statements').catch(() => undefined);
  const statementsAvailable = await client.query('select 1 from pg_stat_statements limit 1').then(() => true, () => false);
  const commits = async () => Number((await client.query('select xact_commit from pg_stat_database where datname = $1', [database])).rows[0]?.xact_commit ?? NaN);
  const statements = async () => (statementsAvailable
    ? Number((await client.query('select coalesce(sum(calls), 0) as calls from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 and s.toplevel', [database])).rows[0].calls)
    : NaN);
  return {
    database,
    statementsAvailable,
    /** Stats reach pg_stat_database when a backend is idle, about a second later: read until they stand still. */
    // A backend that finds the stats locked tries again 10 s later: twice unchanged a second apart, or 12 s.
    async settled() {
      let last = await commits();
      let still = 0;
      for (const deadline = Date.now() + 12_000; Date.now() < deadline && still < 2;) {
        await new Promise((r) => setTimeout(r, 1_000));
        const now = await commits();
        still = now === last ? still + 1 : 0;
        last = now;
      }
      return { commits: last, statements: await statements(), wal: (await client.query('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn };
    },
    /** The WAL the cluster wrote between two positions (every database's, the background's too). */
    async walBytes(from, to) {
      return Number((await client.query('select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn) as bytes', [to, from])).rows[0].bytes);
    },
    /** Every PostgreSQL process of the cluster but this watcher's: backends and background workers. */
    async pids() {
      return (await client.query('select pid from pg_stat_activity where pid <> pg_backend_pid()')).rows.map((r) => r.pid);
    },
    async waits() {
      return (await client.query("select wait_event_type, wait_event, state from pg_stat_activity where datname = $1 and backend_type = 'client backend' and state <> 'idle' and pid <> pg_backend_pid()", [database])).rows;
    },
    end: () => client.end(),
  };
}

/** The db part of Server-Timing: "N statements and M commits (W writing)". */
function countsOf(header) {
  const found = /(\d+) statements? and (\d+) commits? \((\d+) writing/.exec(header ?? '');
  return found ? { statements: Number(found[1]), commits: Number(found[2]), writing: Number(found[3]) } : undefined;
}
const queueOf = (header) => Number(/queue;dur=([\d.]+)/.exec(header ?? '')?.[1] ?? NaN);

/** `concurrency` payers, each paying again as soon as its answer is in, for SECONDS. */
async function closedLoop(urls, concurrency, seconds, request) {
  const latencies = [];
  const counted = { statements: 0, commits: 0, writing: 0, answers: 0, queueMs: 0 };
  let failed = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(Array.from({ length: concurrency }, async (_, i) => {
    const url = urls[i % urls.length];
    while (performance.now() < end) {
      const { path, init } = await request(i % urls.length);
      const sent = performance.now();
      try {
        const res = await fetch(`${url}${path}`, init);
        await res.arrayBuffer();
        if (!res.ok) {
          failed += 1;
          continue;
        }
        latencies.push(performance.now() - sent);
        const timing = res.headers.get('server-timing');
        const counts = countsOf(timing);
        if (counts) {
          counted.statements += counts.statements;
          counted.commits += counts.commits;
          counted.writing += counts.writing;
          counted.answers += 1;
        }
        counted.queueMs += queueOf(timing) || 0;
      } catch {
        failed += 1;
      }
    }
  }));
  const wallMs = performance.now() - started;
  return { latencies: latencies.sort((a, b) => a - b), wallMs, failed, counted };
}

async function measureRound(side, concurrency, watcher) {
  // The round's tokens made first, outside what is measured: its CPU figures are the payments' own.
  const vaultPids = side.vaultPids?.() ?? [];
  const vaultsBusy = () => vaultPids.reduce((sum, pid) => sum + (cpuMs(pid) ?? 0), 0);
  const beforeTokens = vaultsBusy();
  const tokensMade = (await side.prepare?.(concurrency)) ?? 0;
  const tokenizeCpu = tokensMade > 0 ? (vaultsBusy() - beforeTokens) / tokensMade : NaN;
  const pids = side.pids();
  const dbPidsBefore = watcher ? await watcher.pids() : [];
  const before = new Map([...pids, ...vaultPids, ...dbPidsBefore].map((pid) => [pid, cpuMs(pid)]));
  const stats = watcher ? await watcher.settled() : undefined;
  const machine = machineCpu();
  const simulatorCpu = cpuMs(side.simulatorPid);
  // Sampled while it runs: what the database's active sessions wait on.
  const waits = new Map();
  let sampling = Boolean(watcher);
  const sampler = (async () => {
    while (sampling) {
      for (const w of await watcher.waits()) {
        const key = w.wait_event_type ? `${w.wait_event_type}:${w.wait_event}` : 'CPU (running)';
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const benchCpu = process.cpuUsage();
  const run = await closedLoop(side.urls, concurrency, SECONDS, side.request);
  const { user, system } = process.cpuUsage(benchCpu);
  const benchMs = (user + system) / 1000;
  sampling = false;
  await sampler;
  const machineUsed = machineCpu();
  const ok = run.latencies.length;
  const usedOf = (pid) => {
    const after = cpuMs(pid);
    return after === undefined ? 0 : after - (before.get(pid) ?? 0);
  };
  const nodeMs = pids.reduce((sum, pid) => sum + usedOf(pid), 0);
  const vaultMs = vaultPids.reduce((sum, pid) => sum + usedOf(pid), 0);
  const dbPids = watcher ? [...new Set([...dbPidsBefore, ...(await watcher.pids())])] : [];
  const dbMs = watcher ? dbPids.reduce((sum, pid) => sum + usedOf(pid), 0) : NaN;
  const after = watcher ? await watcher.settled() : undefined;
  const viaPostgres = Boolean(after && watcher.statementsAvailable);
  return {
    rate: ok / (run.wallMs / 1000),
    ok, failed: run.failed,
    p50: percentile(run.latencies, 50), p99: percentile(run.latencies, 99),
    nodeCpu: nodeMs / Math.max(1, ok), dbCpu: dbMs / Math.max(1, ok), vaultCpu: vaultPids.length > 0 ? vaultMs / Math.max(1, ok) : NaN, tokenizeCpu,
    simulatorCpu: (cpuMs(side.simulatorPid) - simulatorCpu) / Math.max(1, ok),
    nodeCores: nodeMs / run.wallMs, dbCores: dbMs / run.wallMs, vaultCores: vaultMs / run.wallMs,
    benchCores: benchMs / run.wallMs,
    othersCores: Math.max(0, (machineUsed.busy - machine.busy) - nodeMs - vaultMs - (Number.isFinite(dbMs) ? dbMs : 0) - (cpuMs(side.simulatorPid) - simulatorCpu) - benchMs) / run.wallMs,
    machineBusy: (machineUsed.busy - machine.busy) / Math.max(1, machineUsed.total - machine.total),
    statements: viaPostgres ? (after.statements - stats.statements) / Math.max(1, ok) : run.counted.statements / Math.max(1, run.counted.answers),
    commits: after ? (after.commits - stats.commits) / Math.max(1, ok) : run.counted.commits / Math.max(1, run.counted.answers),
    writing: run.counted.writing / Math.max(1, run.counted.answers),
    walKb: after ? (await watcher.walBytes(stats.wal, after.wal)) / 1024 / Math.max(1, ok) : NaN,
    countedBy: after ? (viaPostgres ? 'PostgreSQL' : 'PostgreSQL commits, Server-Timing statements') : 'Server-Timing',
    queueShare: run.counted.queueMs / Math.max(1, run.latencies.reduce((a, b) => a + b, 0)),
    waits,
  };
}

/**
 * A process whose CPU reaches this share of one core per process: its one JavaScript thread (the
 * node's also runs PGlite) is busy all the time, whatever the machine's other cores do.
 */
const ONE_THREAD_BUSY = 0.85;

/** The resource that stops the level from going faster, from what was measured in its rounds. */
function limitOf(rounds, concurrency, database, nodes) {
  const m = (key) => median(rounds.map((r) => r[key]));
  const busy = m('machineBusy');
  const waits = new Map();
  for (const r of rounds) for (const [k, v] of r.waits) waits.set(k, (waits.get(k) ?? 0) + v);
  const samples = [...waits.values()].reduce((a, b) => a + b, 0);
  const share = (test) => [...waits].filter(([k]) => test(k)).reduce((a, [, v]) => a + v, 0) / Math.max(1, samples);
  const locks = share((k) => k.startsWith('Lock:') || /^LWLock:(NotifyQueue|NotifySLRU|WALInsert)/.test(k));
  const fsync = share((k) => /^(IO:WALSync|IO:WALWrite|LWLock:WALWrite)/.test(k));
  const idleInTx = share((k) => k === 'Client:ClientRead');
  const parts = [];
  if (busy >= 0.9) {
    const others = m('othersCores');
    const node = m('nodeCores');
    const db = m('dbCores');
    const vault = m('vaultCores');
    const ours = [['node', node], ['database', db], ['card vault', vault]].filter(([, cores]) => Number.isFinite(cores));
    const biggest = ours.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
    parts.push(`CPU: the machine ${fixed(busy * 100, 0)} % busy (node ${fixed(node, 2)} cores${Number.isFinite(db) ? `, database ${fixed(db, 2)}` : ''}${Number.isFinite(vault) && vault > 0 ? `, card vault ${fixed(vault, 2)}` : ''}, load generator ${fixed(m('benchCores'), 2)}, other processes ${fixed(others, 2)} of ${CORES}); most of ours: ${biggest}`);
  }
  const perNode = m('nodeCores') / nodes;
  // Each node has its card vault beside it, as `npm start` runs one.
  const vaultThread = m('vaultCores') / nodes;
  if (busy < 0.9 && perNode >= ONE_THREAD_BUSY) parts.push(`the node's JavaScript thread (${fixed(perNode, 2)} cores a node${database === 'PGlite' ? ', PGlite running in it' : ''})`);
  if (busy < 0.9 && Number.isFinite(vaultThread) && vaultThread >= ONE_THREAD_BUSY) parts.push(`the card vault's JavaScript thread (${fixed(vaultThread, 2)} cores a vault)`);
  if (samples > 0 && locks >= 0.2) parts.push(`locks (${fixed(locks * 100, 0)} % of active samples)`);
  if (samples > 0 && fsync >= 0.2) parts.push(`fsync (WAL flush: ${fixed(fsync * 100, 0)} % of active samples)`);
  if (samples > 0 && idleInTx >= 0.2) parts.push(`the node between statements (${fixed(idleInTx * 100, 0)} % idle in transaction)`);
  if (database === 'PGlite' && m('queueShare') >= 0.3) parts.push(`PGlite's one session (${fixed(m('queueShare') * 100, 0)} % of the time waiting for its turn)`);
  if (parts.length === 0) parts.push(concurrency === 1 ? 'latency: one payer waits on each round trip (database and processor)' : 'latency of the round trips (nothing saturated)');
  return parts.join('; ');
}

// ---- the run ---------------------------------------------------------------------------------

async function startSides(database, nodes, simulator, dir) {
  const env = { ...simulator.env, ...(database === 'PGlite' ? {} : { DATABASE_URL: PG_URL }) };
  const sandboxes = [];
  const floors = [];
  try {
    // One after the other: the first migrates and seeds, the others find it done.
    for (let i = 0; i < nodes; i++) {
      const sandbox = await startSandbox(env, serverOption());
      for (const child of [sandbox.child, sandbox.vault?.child]) if (child) started.add(child);
      sandboxes.push(sandbox);
    }
    for (let i = 0; i < nodes; i++) {
      floors.push(await spawnListening(join(rootDir, 'scripts/capacity-floor.mjs'), {
        ...simulator.env, FLOOR_PORT: '0', FLOOR_DATA_DIR: mkdtempSync(join(dir, 'floor-')), ...(database === 'PGlite' ? { DATABASE_URL: '' } : { DATABASE_URL: PG_URL }),
      }, /listening on (http:\/\/\S+)/));
    }
  } catch (error) {
    await Promise.all([...sandboxes, ...floors].map((p) => p.stop()));
    throw error;
  }
  const code = await newBenchLink(sandboxes[0].url);
  const tokens = tokenPool(sandboxes.map((s) => s.vault.url));
  // Enough for the fastest round seen so far at this level, and then some.
  const fastest = new Map();
  const pasarela = {
    name: 'Pasarela', urls: sandboxes.map((s) => s.url), pids: () => sandboxes.map((s) => s.child.pid), simulatorPid: simulator.child.pid,
    // Each node's card vault, which `npm start` runs beside it: its CPU apart from the node's.
    vaultPids: () => sandboxes.map((s) => s.vault.child.pid),
    request: async (i) => cardPaymentRequest(code, await tokens.take(i)),
    prepare: (concurrency) => tokens.fill(Math.ceil(((fastest.get(concurrency) ?? 40) * SECONDS * 1.5) / sandboxes.length) + 20),
    saw: (concurrency, rate) => fastest.set(concurrency, Math.max(rate, fastest.get(concurrency) ?? 0)),
  };
  return {
    pasarela,
    floor: { name: 'floor', urls: floors.map((f) => f.url), pids: () => floors.map((f) => f.child.pid), request: floorRequest, simulatorPid: simulator.child.pid },
    stop: () => Promise.all([...sandboxes, ...floors].map((p) => p.stop())),
  };
}

async function benchConfiguration(database, nodes, simulator, dir) {
  const sides = await startSides(database, nodes, simulator, dir);
  const watcher = database === 'PGlite' ? undefined : await openWatcher(PG_URL);
  const results = [];
  try {
    for (const side of [sides.pasarela, sides.floor]) {
      if (WARMUP_S <= 0) continue;
      await side.prepare?.(4);
      await closedLoop(side.urls, 4, WARMUP_S, side.request);
    }
    for (const concurrency of LEVELS) {
      const rounds = { Pasarela: [], floor: [] };
      for (let round = 0; round < ROUNDS; round++) {
        // Each round in the other order than the one before, so neither side always goes first.
        const order = round % 2 === 0 ? [sides.pasarela, sides.floor] : [sides.floor, sides.pasarela];
        for (const side of order) {
          const measured = await measureRound(side, concurrency, watcher);
          side.saw?.(concurrency, measured.rate);
          rounds[side.name].push(measured);
        }
      }
      results.push({ database, nodes, concurrency, rounds });
      printLevel(database, nodes, concurrency, rounds);
    }
  } finally {
    await watcher?.end();
    await sides.stop();
  }
  return results;
}

/** A payment's node and database CPU (the database's, on PostgreSQL only). */
const cpuOf = (r) => r.nodeCpu + (Number.isFinite(r.dbCpu) ? r.dbCpu : 0);

function printLevel(database, nodes, concurrency, rounds) {
  const p = rounds.Pasarela;
  const f = rounds.floor;
  const m = (rs, key) => median(rs.map((r) => r[key]));
  const ratios = (key, invert = false) => p.map((r, i) => (invert ? f[i][key] / r[key] : r[key] / f[i][key]));
  console.log(`\n${database}, ${nodes} node${nodes > 1 ? 's' : ''}, ${concurrency} at once (${p.length} rounds of ${SECONDS} s each side; load average ${loadAverage()})`);
  console.log('  side     | payments/s | p50 ms | p99 ms | node CPU ms | db CPU ms | card vault CPU ms (tokenizing) | simulator CPU ms | statements | commits (writing) | WAL KB | counted by | failed');
  for (const [name, rs] of [['Pasarela', p], ['floor', f]]) {
    console.log(`  ${name.padEnd(8)} | ${fixed(m(rs, 'rate')).padStart(10)} | ${fixed(m(rs, 'p50')).padStart(6)} | ${fixed(m(rs, 'p99')).padStart(6)} | ${fixed(m(rs, 'nodeCpu'), 2).padStart(11)} | ${fixed(m(rs, 'dbCpu'), 2).padStart(9)} | ${(Number.isFinite(m(rs, 'vaultCpu')) ? `${fixed(m(rs, 'vaultCpu'), 2)} (${fixed(m(rs, 'tokenizeCpu'), 2)})` : '-').padStart(30)} | ${fixed(m(rs, 'simulatorCpu'), 2).padStart(16)} | ${fixed(m(rs, 'statements')).padStart(10)} | ${`${fixed(m(rs, 'commits'))} (${fixed(m(rs, 'writing'))})`.padStart(17)} | ${fixed(m(rs, 'walKb')).padStart(6)} | ${rs[0].countedBy} | ${rs.reduce((a, r) => a + r.failed, 0)}`);
  }
  const cpuRatios = p.map((r, i) => cpuOf(r) / cpuOf(f[i]));
  // The floor has no card vault: with it, what a payment costs the machines a provider runs for it.
  const withVault = p.map((r, i) => (cpuOf(r) + r.vaultCpu) / cpuOf(f[i]));
  console.log(`  Pasarela / floor: throughput ${fixed(median(ratios('rate')), 2)}x (rounds ${spread(ratios('rate'))}), p99 ${fixed(median(ratios('p99')), 2)}x (${spread(ratios('p99'))}), node+db CPU per payment ${fixed(median(cpuRatios), 2)}x (${spread(cpuRatios)}), node+db+card vault ${fixed(median(withVault), 2)}x (${spread(withVault)})`);
  console.log(`  limited by: Pasarela ${limitOf(p, concurrency, database, nodes)}; floor ${limitOf(f, concurrency, database, nodes)}`);
}

function printSizing(all) {
  console.log('\nSizing (medians; per core = 1000 ms / CPU ms per payment, which moves less with the load than the rates):');
  console.log('  database   | nodes | at once | Pasarela payments/s | floor payments/s | per node core | per database core | per card vault core (with tokenizing) | per node | Pasarela/floor');
  for (const { database, nodes, concurrency, rounds } of all) {
    const p = rounds.Pasarela;
    const f = rounds.floor;
    const rate = median(p.map((r) => r.rate));
    const nodeCpu = median(p.map((r) => r.nodeCpu));
    const dbCpu = median(p.map((r) => r.dbCpu));
    const vaultCpu = median(p.map((r) => r.vaultCpu));
    const tokenizeCpu = median(p.map((r) => r.tokenizeCpu));
    console.log(`  ${database.padEnd(10)} | ${String(nodes).padStart(5)} | ${String(concurrency).padStart(7)} | ${fixed(rate).padStart(19)} | ${fixed(median(f.map((r) => r.rate))).padStart(16)} | ${fixed(1000 / nodeCpu, 0).padStart(13)} | ${fixed(1000 / dbCpu, 0).padStart(17)} | ${`${fixed(1000 / vaultCpu, 0)} (${fixed(1000 / (vaultCpu + tokenizeCpu), 0)})`.padStart(37)} | ${fixed(rate / nodes).padStart(8)} | ${fixed(median(p.map((r, i) => r.rate / f[i].rate)), 2)}x`);
  }
}

/**
 * Issue 91's test of nodes that share nothing but the database: per level measured with one node and
 * with two on PostgreSQL, two nodes' throughput and CPU per payment (node + database) against one
 * node's, for Pasarela and for the floor. The floor's ratios are what the machine itself gives a
 * second process pair on the same cores; Pasarela's beside them tell what its own shape adds.
 */
function printNodesCompared(all) {
  const one = all.filter((r) => r.database === 'PostgreSQL' && r.nodes === 1);
  const pairs = one.map((r) => [r, all.find((t) => t.database === 'PostgreSQL' && t.nodes === 2 && t.concurrency === r.concurrency)]).filter(([, two]) => two);
  if (pairs.length === 0) return;
  const of = (rs, pick) => median(rs.map(pick));
  console.log('\nTwo nodes against one on PostgreSQL (medians of the rounds; the bar: throughput 1.00x or more, CPU per payment 1.10x or less):');
  console.log('  at once | Pasarela throughput | floor throughput | Pasarela node+db CPU per payment | floor node+db CPU per payment');
  for (const [single, double] of pairs) {
    const ratio = (side, pick) => of(double.rounds[side], pick) / of(single.rounds[side], pick);
    const rate = (r) => r.rate;
    console.log(`  ${String(single.concurrency).padStart(7)} | ${`${fixed(ratio('Pasarela', rate), 2)}x`.padStart(19)} | ${`${fixed(ratio('floor', rate), 2)}x`.padStart(16)} | ${`${fixed(ratio('Pasarela', cpuOf), 2)}x`.padStart(32)} | ${`${fixed(ratio('floor', cpuOf), 2)}x`.padStart(28)}`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'pasarela-capacity-'));
let simulator;
try {
  console.log(`Node ${process.version}, ${CORES} cores, load average ${loadAverage()}; ${ROUNDS} rounds of ${SECONDS} s per side and level, levels ${LEVELS.join(', ')}, ${WARMUP_S} s warm-up per side`);
  simulator = await startSimulator(dir);
  const all = [];
  if (CONFIGURATIONS.includes('pglite')) all.push(...await benchConfiguration('PGlite', 1, simulator, dir));
  if (PG_URL) {
    for (const nodes of [1, 2]) if (CONFIGURATIONS.includes(`postgres-${nodes}`)) all.push(...await benchConfiguration('PostgreSQL', nodes, simulator, dir));
  } else {
    console.log('\nSet BENCH_DATABASE_URL (or DATABASE_URL) to measure PostgreSQL too, with one node and with two.');
  }
  printSizing(all);
  printNodesCompared(all);
} finally {
  await simulator?.stop();
  rmSync(dir, { recursive: true, force: true });
}
