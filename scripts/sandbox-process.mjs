// Starts the built sandbox (what `npm start` runs) as a child process on free ports with a fresh
// data directory, beside a simulator of its own unless PROCESSORS_URL names one and a card vault of
// its own unless VAULT_URL names one; used by the browser suite, the benchmarks and the fault scenarios.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('../', import.meta.url));
const serverFile = join(rootDir, 'packages/sandbox/dist/server.mjs');
const simulatorFile = join(rootDir, 'packages/simulator/dist/simulator.mjs');
const vaultFile = join(rootDir, 'packages/vault/dist/vault.mjs');

/**
 * The built card vault (`npm run vault`) in a child process, its store in a fresh directory and keys
 * made up for the run: the checkout's `origins` tokenize at it; `env`'s VAULT_FORWARD_<name> (and
 * VAULT_FORWARD_PORT_<name>) name the processors it forwards to. `env` is what the server is given
 * (VAULT_URL, VAULT_API_SECRET, VAULT_PUBLIC_URL); `forwarding` each processor's forwarding origin.
 */
export async function startVaultProcess(origins, forward = {}) {
  if (!existsSync(vaultFile)) throw new Error('packages/vault/dist/vault.mjs is missing: run `npm run build` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-vault-'));
  // A store with the vault's schema to start from (the browser suite's global setup makes one).
  const template = process.env.PASARELA_VAULT_DATA_TEMPLATE;
  if (template) cpSync(template, dataDir, { recursive: true });
  const apiSecret = randomBytes(24).toString('hex');
  const fingerprintKey = randomBytes(32).toString('base64');
  const child = spawn(process.execPath, [vaultFile], {
    cwd: rootDir,
    env: {
      // A test's vault stops at once unless the test asks for the drain (VAULT_SHUTDOWN_DRAIN_MS in its env).
      VAULT_SHUTDOWN_DRAIN_MS: '0', ...process.env, ...forward, VAULT_PORT: '0', VAULT_DATA_DIR: dataDir, VAULT_API_SECRET: apiSecret, VAULT_CHECKOUT_ORIGINS: origins.join(','),
      VAULT_MASTER_KEYS: `k1:${randomBytes(32).toString('base64')}`, VAULT_FINGERPRINT_KEY: fingerprintKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d) => (log += d.toString()));
  const forwarding = {};
  const forwardingPorts = Object.keys(forward).filter((k) => k.startsWith('VAULT_FORWARD_PORT_')).length;
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the card vault stopped (exit ${code}) before it listened:\n${log}`)));
    child.stdout?.on('data', (d) => {
      log += d.toString();
      // Its first line says where it listens, then one line per forwarding origin (packages/vault/src/main.ts).
      for (const [, name, origin] of log.matchAll(/forwarding to (\S+) from (http:\/\/\S+)/g)) forwarding[name] = origin;
      const found = /listening on (http:\/\/\S+)/.exec(log);
      if (found && Object.keys(forwarding).length >= forwardingPorts) resolve(found[1]);
    });
  });
  return {
    url,
    child,
    env: { VAULT_URL: url, VAULT_API_SECRET: apiSecret, VAULT_PUBLIC_URL: url },
    forwarding,
    dataDir,
    fingerprintKey,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Several sandboxes share one, as nodes share a processor. */
export async function startSimulatorProcess() {
  if (!existsSync(simulatorFile)) throw new Error('packages/simulator/dist/simulator.mjs is missing: run `npm run build` first');
  const secret = randomBytes(16).toString('hex');
  const apiSecret = randomBytes(16).toString('hex');
  const child = spawn(process.execPath, [simulatorFile], {
    cwd: rootDir,
    env: { ...process.env, SIMULATOR_PORT: '0', SIMULATOR_JOURNAL: 'memory', SIMULATOR_API_SECRET: apiSecret, SIMULATOR_NOTIFICATION_SECRET: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (d) => (log += d.toString()));
  const url = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator stopped (exit ${code}) before it listened:\n${log}`)));
    child.stdout?.on('data', (d) => {
      log += d.toString();
      // Its first line says where it listens (packages/simulator/src/main.ts).
      const found = /listening on (http:\/\/\S+)/.exec(log);
      if (found) resolve(found[1]);
    });
  });
  return {
    url,
    env: { PROCESSORS_URL: url, SIMULATOR_API_SECRET: apiSecret, SIMULATOR_NOTIFICATION_SECRET: secret },
    async books(port) {
      const res = await fetch(`${url}/v1/books?port=${encodeURIComponent(port)}`, { headers: { authorization: `Bearer ${apiSecret}` } });
      if (!res.ok) throw new Error(`GET /v1/books answered ${res.status}`);
      return (await res.json()).entries;
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

const handedOut = new Set();

/**
 * The lowest port the system hands out for outgoing connections (Linux's ip_local_port_range; elsewhere
 * IANA's 49152). A port taken from that range by listening on port 0 can be given, before the
 * test's server listens on it, to a connection another process opens (a PostgreSQL client, a fetch):
 * the server then fails with EADDRINUSE, as it did beside the PostgreSQL files. Ports below it are
 * never given to a connection.
 */
function lowestEphemeralPort() {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low)) return low;
  } catch {
    // not Linux
  }
  return 49152;
}
// Above every port browsers refuse to load (Chromium's and Firefox's lists end at 10080).
const LOWEST_TEST_PORT = 20_000;
const testPortCount = Math.max(0, lowestEphemeralPort() - LOWEST_TEST_PORT);

/** Listens on `port` (0: any) at 127.0.0.1 and closes: the port it got, or undefined when taken. */
function tryPort(port) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) => (error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(undefined) : reject(error)));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/**
 * A port nothing listens on now, below the outgoing connections' range (chosen at random, so that
 * test processes side by side rarely try the same one), and never one handed out before: two calls
 * in a row (PORT and DEMO_PORT) once got the same one.
 */
export async function freePort() {
  for (let attempt = 0; ; attempt++) {
    const wanted = testPortCount > 1000 && attempt < 50 ? LOWEST_TEST_PORT + Math.floor(Math.random() * testPortCount) : 0;
    if (handedOut.has(wanted)) continue;
    const port = await tryPort(wanted);
    if (port !== undefined && !handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

async function waitUntilUp(url, child, output) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sandbox exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/v1/translations/version`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`sandbox did not answer within 60 s:\n${output()}`);
}

export function serverOption(argv = process.argv, flag = '--server') {
  const at = argv.indexOf(flag);
  return at > 0 && argv[at + 1] ? resolve(process.cwd(), argv[at + 1]) : undefined;
}

/** Another process may take the port first: EADDRINUSE runs it again on new ports, twice at most. */
export async function onFreePorts(start) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort(), await freePort());
    } catch (error) {
      if (attempt >= 3 || error?.code !== 'EADDRINUSE') throw error;
    }
  }
}

/** Without PROCESSORS_URL it gets a simulator of its own; `PROCESSORS_URL: ''` starts none (an older build). */
export async function startSandbox(env = {}, server = serverFile) {
  if (!existsSync(server)) throw new Error('packages/sandbox/dist/server.mjs is missing: run `npm run build` first');
  if ('PROCESSORS_URL' in env || process.env.PROCESSORS_URL) return onFreePorts((port, demoPort) => startSandboxOn(port, demoPort, env, server));
  const simulator = await startSimulatorProcess();
  try {
    const sandbox = await onFreePorts((port, demoPort) => startSandboxOn(port, demoPort, { ...simulator.env, ...env }, server));
    const stop = sandbox.stop;
    return { ...sandbox, simulator, stop: async () => {
      await stop();
      await simulator.stop();
    } };
  } catch (error) {
    await simulator.stop();
    throw error;
  }
}

class PortTakenError extends Error {
  code = 'EADDRINUSE';
}

/**
 * Without VAULT_URL in `env` or the environment, a vault of its own for the sandbox's origins, forwarding
 * to the simulator (PROCESSORS_URL) and to the processors `env`'s VAULT_FORWARD_<name> name; a
 * processor it gives a forwarding origin (VAULT_FORWARD_PORT_stripe) has its API URL there
 * (STRIPE_API_URL), unless `env` sets one.
 */
async function startSandboxOn(port, demoPort, env, server) {
  if (env.VAULT_URL || process.env.VAULT_URL) return startServerProcess(port, demoPort, env, server);
  const forward = Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('VAULT_FORWARD_')));
  const processors = env.PROCESSORS_URL ?? process.env.PROCESSORS_URL;
  if (processors) forward.VAULT_FORWARD_simulator ??= processors;
  const vault = await startVaultProcess([`http://127.0.0.1:${port}`, `http://localhost:${port}`], forward);
  const apiUrls = vault.forwarding.stripe && !env.STRIPE_API_URL ? { STRIPE_API_URL: vault.forwarding.stripe } : {};
  try {
    const sandbox = await startServerProcess(port, demoPort, { ...vault.env, ...apiUrls, ...env }, server);
    const stop = sandbox.stop;
    return { ...sandbox, vault, stop: async () => {
      await stop();
      await vault.stop();
    } };
  } catch (error) {
    await vault.stop();
    throw error;
  }
}

async function startServerProcess(port, demoPort, env, server) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pasarela-e2e-'));
  // A migrated and seeded data directory to start from (the browser suite's global setup makes one),
  // unless the caller chose its own database.
  const template = process.env.PASARELA_DATA_TEMPLATE;
  if (template && !env.DATA_DIR && !env.DATABASE_URL) cpSync(template, dataDir, { recursive: true });
  let log = '';
  const child = spawn(process.execPath, [server], {
    cwd: rootDir,
    // No drain on stop (no load balancer to warn): a test's stop is immediate unless it asks for one.
    env: { ...process.env, PORT: String(port), DEMO_PORT: String(demoPort), DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (log += d.toString()));
  child.stderr?.on('data', (d) => (log += d.toString()));
  const url = `http://localhost:${port}`;
  try {
    await waitUntilUp(url, child, () => log);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    if (!env.PORT && !env.DEMO_PORT && /EADDRINUSE/.test(log)) throw new PortTakenError(String(error));
    throw error;
  }
  return {
    url,
    demoUrl: `http://localhost:${demoPort}`,
    output: () => log,
    child,
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
