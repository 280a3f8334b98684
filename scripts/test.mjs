// `npm test`: typecheck, build, unit and integration tests (with core's coverage), the sandbox's
// route suite again on PostgreSQL when one is given, then the browser end-to-end suite against the
// built bundles and a running sandbox.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
const vitest = 'node_modules/vitest/vitest.mjs';
// Each step: name, arguments for node, environment. The unit run uses PGlite; when a PostgreSQL is
// given in TEST_DATABASE_URL (CI starts one), the sandbox's route suite runs again against it.
const steps = [
  ['typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], process.env],
  ['build', ['scripts/build.mjs'], process.env],
  [
    'unit and integration tests (sandbox on PGlite)',
    [vitest, 'run', '--coverage', '--project', 'core', '--project', 'checkout', '--project', 'react', '--project', 'react18', '--project', 'widget', '--project', 'console', '--project', 'sandbox'],
    envWithoutPostgres,
  ],
  ...(TEST_DATABASE_URL ? [['sandbox route suite on PostgreSQL', [vitest, 'run', '--project', 'sandbox'], process.env]] : []),
  ['browser end-to-end tests', [vitest, 'run', '--project', 'e2e'], process.env],
];

for (const [name, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: rootDir, stdio: 'inherit', env });
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) process.exit(result.status ?? 1);
}
