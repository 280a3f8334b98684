// `npm start`: build when a source is newer than the last build, then the simulated processors (unless
// PROCESSORS_URL names running ones) and the sandbox server (PORT, DEMO_PORT).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(rootDir, 'dist/.build-stamp');
const server = join(rootDir, 'packages/sandbox/dist/server.mjs');
const simulator = join(rootDir, 'packages/simulator/dist/simulator.mjs');

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
  if (!existsSync(stamp) || !existsSync(server) || !existsSync(simulator)) return true;
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
} else {
  if (!process.env.PROCESSORS_URL) {
    // Made up for this run unless set: a simulator started apart needs the server's, set on both.
    process.env.SIMULATOR_API_SECRET ||= randomBytes(32).toString('hex');
    process.env.SIMULATOR_NOTIFICATION_SECRET ||= randomBytes(32).toString('hex');
    process.env.PROCESSORS_URL = await startSimulator();
  }
  await import(pathToFileURL(server).href);
}

function startSimulator() {
  const child = spawn(process.execPath, [simulator], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  // It stops with the server (a signal to this process, or its exit).
  process.on('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    let seen = '';
    child.once('exit', (code) => reject(new Error(`the simulator stopped (exit ${code}) before it listened`)));
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text);
      seen += text;
      const found = /listening on (http:\/\/\S+)/.exec(seen);
      if (found) resolve(found[1]);
    });
  }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
