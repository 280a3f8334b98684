import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../scripts/sandbox-process.mjs';

// An operator's `npm start` on one DATA_DIR: a second server on that folder refuses to start (PGlite
// takes one process: a second one wrote over the first's rows); a crash of npm start (kill -9) leaves
// no simulator or card vault holding their ports and stores, and the same command starts again; a
// service that crashes under a running npm start stops it.
const root = join(__dirname, '..');
const started: ChildProcess[] = [];
let dataDir = '';
afterAll(async () => {
  for (const child of started) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** npm start, up once its /health answers; stopped early, it fails with what it printed. */
async function npmStart(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  await vi.waitFor(async () => {
    if (exited !== undefined) throw Object.assign(new Error(`npm start stopped (exit ${exited}):\n${output}`), { stopped: true });
    expect((await fetch(`http://127.0.0.1:${env['PORT']}/health`)).status).toBe(200);
  }, { timeout: 90_000, interval: 200 }).catch((error: unknown) => {
    throw (error as { stopped?: boolean }).stopped ? error : new Error(`npm start did not answer /health:\n${output}`, { cause: error });
  });
  return { child, output: () => output };
}

/** Free ports for npm start's four listeners; another test may take one first, then they are picked again. */
const freePorts = async () => ({ PORT: String(await freePort()), DEMO_PORT: String(await freePort()), VAULT_PORT: String(await freePort()), SIMULATOR_PORT: String(await freePort()) });

describe('npm start on one data directory', () => {
  it('refuses a second server on its folder, after a kill -9 leaves no service behind and starts again, and stops when its card vault crashes', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pasarela-npm-start-'));
    // From the suite's migrated folders, as its other servers start: a fresh folder's initdb and
    // migrations took the server past 90 s on a loaded machine.
    const [serverTemplate, vaultTemplate] = [process.env['PASARELA_DATA_TEMPLATE'], process.env['PASARELA_VAULT_DATA_TEMPLATE']];
    if (serverTemplate) await cp(serverTemplate, dataDir, { recursive: true });
    if (vaultTemplate) await cp(vaultTemplate, join(dataDir, 'vault'), { recursive: true });
    let ports = await freePorts();
    let first: Awaited<ReturnType<typeof npmStart>> | undefined;
    for (let attempt = 1; !first; attempt++) {
      first = await npmStart({ ...ports, DATA_DIR: dataDir, HOST: '127.0.0.1' }).catch(async (error: unknown) => {
        if (attempt >= 3 || !/EADDRINUSE/.test(String(error))) throw error;
        ports = await freePorts();
        return undefined;
      });
    }
    const env = { ...ports, DATA_DIR: dataDir, HOST: '127.0.0.1' };
    const vaultPid = Number((await readFile(join(dataDir, 'vault', 'pasarela.pid'), 'utf8')).split(' ')[0]);
    expect(alive(vaultPid)).toBe(true);

    // A second server on the same folder, on ports of its own, beside the running one.
    const second = spawn(process.execPath, ['packages/sandbox/dist/server.mjs'], {
      cwd: root, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), DEMO_PORT: String(await freePort()), PROCESSORS_URL: `http://127.0.0.1:${ports.SIMULATOR_PORT}`, SIMULATOR_API_SECRET: 'x'.repeat(32), SIMULATOR_NOTIFICATION_SECRET: 'y'.repeat(32), VAULT_URL: `http://127.0.0.1:${ports.VAULT_PORT}`, VAULT_API_SECRET: 'z'.repeat(32) },
    });
    started.push(second);
    let said = '';
    second.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    second.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const code = await new Promise((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(said).toContain(`The data directory ${dataDir} is in use by process ${first.child.pid}`);

    first.child.kill('SIGKILL');
    await vi.waitFor(() => expect(alive(vaultPid)).toBe(false), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect(await fetch(`http://127.0.0.1:${ports.SIMULATOR_PORT}/`).then(() => 'listening', () => 'gone')).toBe('gone'), { timeout: 15_000, interval: 100 });

    const again = await npmStart(env);
    // Each of its checks waits 1 s at most for the vault and the simulator: asked until they answer in time on a busy machine.
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${ports.PORT}/health`)).json(), { timeout: 20_000, interval: 250 }).toMatchObject({ status: 'ok', cardVault: 'ok', simulator: 'ok' });
    // A service that crashes under it (its card vault killed) stops npm start, which says which and fails,
    // instead of a server left refusing every typed card; its simulator goes with it.
    const againVaultPid = Number((await readFile(join(dataDir, 'vault', 'pasarela.pid'), 'utf8')).split(' ')[0]);
    const exited = new Promise<number | null>((resolve) => again.child.once('exit', resolve));
    process.kill(againVaultPid, 'SIGKILL');
    expect(await exited).toBe(1);
    expect(again.output()).toContain('the card vault stopped (SIGKILL): npm start stops with it; run it again');
    await vi.waitFor(async () => expect(await fetch(`http://127.0.0.1:${ports.SIMULATOR_PORT}/`).then(() => 'listening', () => 'gone')).toBe('gone'), { timeout: 15_000, interval: 100 });
    // Two starts of npm start, each given up to 90 s: beside two busy loops the pair took past the suite's 120 s.
  }, 240_000);
});
