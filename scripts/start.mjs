// `npm start`: build when a source is newer than the last build, then the simulated processors (unless
// PROCESSORS_URL names running ones), the card vault (unless VAULT_URL names a running one) and the
// sandbox server (PORT, DEMO_PORT).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(rootDir, 'dist/.build-stamp');
const server = join(rootDir, 'packages/sandbox/dist/server.mjs');
const simulator = join(rootDir, 'packages/simulator/dist/simulator.mjs');
const vault = join(rootDir, 'packages/vault/dist/vault.mjs');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function needsBuild() {
  if (!existsSync(stamp) || !existsSync(server) || !existsSync(simulator) || !existsSync(vault)) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = ['packages', 'rollup.config.mjs', 'scripts/rollup-widget-html.mjs', 'package-lock.json'];
  return inputs.some((p) => newestMtime(join(rootDir, p)) > built);
}

if (needsBuild()) {
  console.log('Building (sources changed since the last build)...');
  const build = spawnSync(process.execPath, [join(rootDir, 'scripts/build.mjs')], { stdio: 'inherit', cwd: rootDir });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (process.argv.includes('--simulator')) {
  await import(pathToFileURL(simulator).href);
} else if (process.argv.includes('--vault')) {
  vaultSettings({ alone: true });
  await import(pathToFileURL(vault).href);
} else {
  if (!process.env.PROCESSORS_URL) {
    // Made up for this run unless set: a simulator started apart needs the server's, set on both.
    process.env.SIMULATOR_API_SECRET ||= randomBytes(32).toString('hex');
    process.env.SIMULATOR_NOTIFICATION_SECRET ||= randomBytes(32).toString('hex');
    process.env.PROCESSORS_URL = await startService(simulator, 'the simulator');
  }
  if (!process.env.VAULT_URL) {
    // The simulator is a processor the vault forwards card calls to, as to any other
    // (/forward/simulator/...). The vault's URL and secret are in the server's environment too.
    process.env.VAULT_FORWARD_simulator ||= process.env.PROCESSORS_URL;
    vaultSettings({ alone: false });
    process.env.VAULT_URL = await startService(vault, 'the card vault');
  }
  await import(pathToFileURL(server).href);
}

/**
 * The vault's settings when not given (unset: a value set empty is the vault's to refuse): its API
 * secret made up for this run, like the simulator's; its master and fingerprint keys from a
 * development key file made once under DATA_DIR (its cards outlive a run, so its keys must too). A
 * deployment gives VAULT_MASTER_KEYS and VAULT_FINGERPRINT_KEY from its secret store instead
 * (docs/security.md "Card data"). The vault alone (`npm run vault`) says which it made up.
 */
function vaultSettings({ alone }) {
  const env = process.env;
  const madeUp = [];
  const given = (name, value) => {
    if (env[name] !== undefined) return;
    env[name] = value();
    madeUp.push(name);
  };
  // Beside the server, no balancer in front: it stops at once with npm start, leaving its port free.
  if (!alone && env.VAULT_SHUTDOWN_DRAIN_MS === undefined) env.VAULT_SHUTDOWN_DRAIN_MS = '0';
  given('VAULT_API_SECRET', () => randomBytes(32).toString('hex'));
  // As a browser sends its Origin: no default port (PORT=80).
  given('VAULT_CHECKOUT_ORIGINS', () => ['localhost', '127.0.0.1'].map((host) => new URL(`http://${host}:${env.PORT || 4000}`).origin).join(','));
  if (env.VAULT_MASTER_KEYS === undefined || env.VAULT_FINGERPRINT_KEY === undefined) {
    const dataDir = env.DATA_DIR || '.data';
    const keyFile = join(dataDir, 'vault-keys.development.json');
    if (!existsSync(keyFile)) {
      mkdirSync(dataDir, { recursive: true });
      const made = { masterKeys: `dev1:${randomBytes(32).toString('base64')}`, fingerprintKey: randomBytes(32).toString('base64') };
      writeFileSync(keyFile, JSON.stringify(made, null, 2), { mode: 0o600 });
    }
    const keys = JSON.parse(readFileSync(keyFile, 'utf8'));
    given('VAULT_MASTER_KEYS', () => keys.masterKeys);
    given('VAULT_FINGERPRINT_KEY', () => keys.fingerprintKey);
  }
  if (alone && madeUp.length > 0) {
    console.warn(`The card vault runs with development settings for ${madeUp.join(', ')} (unset): a deployment gives each (docs/security.md "Card data")`);
  }
}

/**
 * A service that crashes after it listened (an exit other than 0, or a kill) stops the rest, saying
 * which: a server left without its simulator or its card vault would refuse every payment through
 * them. One asked to stop (Ctrl+C, a SIGTERM) exits 0 and is not told; /health says it is away.
 */
function stopsTheRestOnCrash(child, name) {
  child.once('exit', (code, signal) => {
    if (code === 0) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}): npm start stops with it; run it again`);
    // The server stops as on Ctrl+C (no load balancer to wait for), and npm start fails.
    process.once('exit', () => (process.exitCode = 1));
    process.kill(process.pid, 'SIGINT');
  });
}

/** A service in a child process; its URL is on the first line it prints (`listening on <url>`). */
function startService(file, name) {
  // Its IPC channel closes when this process ends however it ends (a kill -9 too), and it stops then.
  const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: process.env });
  child.unref();
  child.channel?.unref();
  // It stops with the server (a signal to this process, or its exit).
  process.on('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    let seen = '';
    let found = false;
    child.once('exit', (code) => reject(new Error(`${name} stopped (exit ${code}) before it listened`)));
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text);
      if (found) return;
      seen += text;
      const listening = /listening on (http:\/\/\S+)/.exec(seen);
      if (listening) {
        found = true;
        resolve(listening[1]);
        stopsTheRestOnCrash(child, name);
      }
    });
  }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
