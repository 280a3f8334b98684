// `npm start`: build when any source is newer than the last build, then run the sandbox server
// (checkout origin on PORT, demo shop on DEMO_PORT). A second start on a built tree skips the build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(rootDir, 'dist/.build-stamp');
const server = join(rootDir, 'packages/sandbox/dist/server.mjs');

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
  if (!existsSync(stamp) || !existsSync(server)) return true;
  const built = statSync(stamp).mtimeMs;
  const inputs = ['packages', 'rollup.config.mjs', 'scripts/rollup-widget-html.mjs', 'package-lock.json'];
  return inputs.some((p) => newestMtime(join(rootDir, p)) > built);
}

if (needsBuild()) {
  console.log('Building (sources changed since the last build)...');
  const build = spawnSync(process.execPath, [join(rootDir, 'scripts/build.mjs')], { stdio: 'inherit', cwd: rootDir });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import(pathToFileURL(server).href);
