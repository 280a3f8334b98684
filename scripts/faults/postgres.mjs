// The PostgreSQL scenarios of `npm run test:faults`: two nodes behind the fault proxy under load while
// PostgreSQL drops connections, stops and starts (a throwaway cluster), or a node stops. Skipped
// without TEST_DATABASE_URL (or DATABASE_URL).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, startSandbox, startSimulatorProcess, startVaultProcess } from '../sandbox-process.mjs';
import { startFaultProxy } from './faultProxy.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const NAMES = {
  kill: 'postgres: connections killed under load (pg_terminate_backend every 150 ms for 5 s)',
  sigterm: 'SIGTERM under load, two nodes on PostgreSQL behind a balancer following /health',
  restart: 'postgres: pg_ctl stop -m fast, then start, under load',
};

export async function newSchema(url) {
  const schema = `faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  // A stopped server cuts this connection too: heard here, not thrown.
  admin.on('error', () => undefined);
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    schema,
    admin,
    async drop() {
      await admin.query(`drop schema ${schema} cascade`).catch(() => undefined);
      await admin.end();
    },
  };
}

function nodeName(node) {
  const found = /"node":"(pasarela\/[0-9a-f]+)"/.exec(node.output());
  if (!found) throw new Error('no node name in the log');
  return found[1];
}

/** A throwaway PostgreSQL cluster (as .ci/postgres.sh makes one), which a scenario may stop and start. */
async function throwawayCluster() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length ? `/usr/lib/postgresql/${versions[versions.length - 1]}/bin` : undefined;
  if (!bin || !existsSync(`${bin}/pg_ctl`)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-faults-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const run = (tool, args) => execFileSync(asRoot ? 'runuser' : `${bin}/${tool}`, asRoot ? ['-u', 'postgres', '--', `${bin}/${tool}`, ...args] : args, { stdio: 'ignore' });
  const port = await freePort();
  run('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres']);
  const start = () => run('pg_ctl', ['-D', dir, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-l', `${dir}/log`, '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopFast: () => run('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']),
    destroy() {
      try {
        run('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function twoNodes(databaseUrl, watchNode) {
  const simulator = await startSimulatorProcess();
  // One card vault for both nodes, as a provider's nodes share theirs: a card typed into it pays on either.
  const vault = await startVaultProcess([], { VAULT_FORWARD_simulator: simulator.env.PROCESSORS_URL });
  const env = {
    ...simulator.env, ...vault.env, DATABASE_URL: databaseUrl, SPLASH_MS: '0', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: '1500',
    // The timers tick all through the faults.
    EXPIRY_SWEEP_INTERVAL_MS: '200', WEBHOOK_INTERVAL_MS: '100', SUBSCRIPTION_CHARGE_INTERVAL_MS: '500',
  };
  const [a, b] = await Promise.all([startSandbox(env), startSandbox(env)]);
  const watches = [watchNode('node A', a), watchNode('node B', b)];
  const proxy = await startFaultProxy({ upstreams: [a.url, b.url], healthEveryMs: 200 });
  return {
    a, b, proxy, watches, vault,
    async stop() {
      await proxy.close();
      for (const w of watches) w.expectedExit = true;
      await Promise.all([a.stop(), b.stop()]);
      await vault.stop();
      await simulator.stop();
    },
  };
}

async function rowsOf(admin, schema, code) {
  const { rows } = await admin.query(`select track_id, count(*)::int as n from ${schema}.transactions where link_code = $1 group by track_id`, [code]);
  return rows;
}

const statusesText = (statuses) => Object.entries(statuses).map(([s, n]) => `${n}x${s}`).join(' ') || 'none';
const only503 = (statuses) => Object.keys(statuses).every((s) => Number(s) < 500 || s === '503');

async function bothHealthy(nodes) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const codes = await Promise.all(nodes.map((n) => fetch(`${n.url}/health`).then((r) => r.status, () => 0)));
    if (codes.every((c) => c === 200)) return true;
    await sleep(200);
  }
  return false;
}

export async function postgresScenarios({ scenario, skip, createLink, watchNode, loadThrough, checkIntents }) {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    for (const name of Object.values(NAMES)) skip(name, 'no TEST_DATABASE_URL / DATABASE_URL');
    return;
  }
  const at = process.argv.indexOf('--only');
  const wanted = (name) => at < 0 || name.toLowerCase().includes((process.argv[at + 1] ?? '').toLowerCase());
  if (wanted(NAMES.kill) || wanted(NAMES.sigterm)) await onSharedDatabase();
  if (wanted(NAMES.restart)) await onOwnCluster();

  async function onSharedDatabase() {
    const schema = await newSchema(url);
    const nodes = await twoNodes(schema.url, watchNode);
    try {
      await scenario(NAMES.kill, async (done) => {
        const { a, b, proxy } = nodes;
        proxy.resetStats();
        const names = [nodeName(a), nodeName(b)];
        const code = await createLink(a.url, 'Conexiones cortadas');
        let killed = 0;
        const { intents, counters } = await loadThrough(proxy, code, {
          vaultUrl: nodes.vault.url, payers: 8, durationMs: 3_000,
          during: async () => {
            await sleep(500);
            const until = Date.now() + 5_000;
            while (Date.now() < until) {
              const { rows } = await schema.admin.query('select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = any($1)', [names]);
              killed += rows[0]?.n ?? 0;
              await sleep(150);
            }
          },
        });
        const healthy = await bothHealthy([a, b]);
        const check = checkIntents(intents, await rowsOf(schema.admin, schema.schema, code));
        done({
          made: check.made, expected: check.expected, fiveXX: counters.fiveXX, lost: proxy.stats.lost,
          ok: check.ok && healthy && proxy.stats.lost === 0 && only503(counters.statuses),
          note: `${killed} connections killed; answers ${statusesText(counters.statuses)}; ${check.note}; both nodes healthy after: ${healthy}`,
        });
      });

      await scenario(NAMES.sigterm, async (done) => {
        const { a, b, proxy, watches } = nodes;
        proxy.resetStats();
        const code = await createLink(b.url, 'Nodo que se detiene');
        let exit;
        const { intents, counters } = await loadThrough(proxy, code, {
          vaultUrl: nodes.vault.url, payers: 8, durationMs: 1_000,
          during: async () => {
            await sleep(1_000);
            watches[0].expectedExit = true;
            a.child.kill('SIGTERM');
            exit = await a.exited;
          },
        });
        const check = checkIntents(intents, await rowsOf(schema.admin, schema.schema, code));
        done({
          made: check.made, expected: check.expected, fiveXX: counters.fiveXX, lost: proxy.stats.lost + counters.noAnswer,
          ok: check.ok && proxy.stats.lost === 0 && counters.noAnswer === 0 && counters.fiveXX === 0 && exit?.code === 0,
          note: `node A exit code ${exit?.code}; answers ${statusesText(counters.statuses)}; ${check.note}`,
        });
      });
    } finally {
      await nodes.stop();
      await schema.drop();
    }
  }

  async function onOwnCluster() {
    const cluster = await throwawayCluster().catch((error) => {
      console.log(`no throwaway PostgreSQL cluster: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
    if (!cluster) {
      skip(NAMES.restart, 'no PostgreSQL binaries under /usr/lib/postgresql to make a cluster it may stop');
      return;
    }
    const ownSchema = await newSchema(cluster.url);
    const own = await twoNodes(ownSchema.url, watchNode);
    try {
      await scenario(NAMES.restart, async (done) => {
        const { a, b, proxy } = own;
        const code = await createLink(a.url, 'Base reiniciada');
        // The schema's client is cut by the stop too: a new one reads the rows after.
        let downMs = 0;
        const { intents, counters } = await loadThrough(proxy, code, {
          vaultUrl: own.vault.url, payers: 8, durationMs: 4_000,
          during: async () => {
            await sleep(800);
            const stopped = Date.now();
            cluster.stopFast();
            await sleep(1_500);
            cluster.start();
            downMs = Date.now() - stopped;
          },
        });
        const healthy = await bothHealthy([a, b]);
        const reader = new pg.Client({ connectionString: cluster.url });
        await reader.connect();
        const rows = await rowsOf(reader, ownSchema.schema, code);
        await reader.end();
        const check = checkIntents(intents, rows);
        done({
          made: check.made, expected: check.expected, fiveXX: counters.fiveXX, lost: proxy.stats.lost,
          ok: check.ok && healthy && proxy.stats.lost === 0 && only503(counters.statuses),
          note: `database away ${downMs} ms; answers ${statusesText(counters.statuses)}; ${check.note}; both nodes healthy after: ${healthy}`,
        });
      });
    } finally {
      await own.stop();
      await ownSchema.drop().catch(() => undefined);
      cluster.destroy();
    }
  }
}
