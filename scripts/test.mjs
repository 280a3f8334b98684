// `npm test`: typecheck, build, unit and integration tests (with core's coverage), then the browser
// end-to-end suite against the built bundles and a running sandbox.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const steps = [
  ['typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['build', ['scripts/build.mjs']],
  [
    'unit and integration tests',
    ['node_modules/vitest/vitest.mjs', 'run', '--coverage', '--project', 'core', '--project', 'checkout', '--project', 'widget', '--project', 'sandbox'],
  ],
  ['browser end-to-end tests', ['node_modules/vitest/vitest.mjs', 'run', '--project', 'e2e']],
];

for (const [name, args] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: rootDir, stdio: 'inherit' });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
