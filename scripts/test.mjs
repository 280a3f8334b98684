// `npm test`: typecheck, build, unit and integration tests (with core's coverage), the sandbox's
// route suite again on PostgreSQL when one is given, then the browser end-to-end suite against the
// built bundles and a running sandbox.
//
// Steps that do not need each other run side by side, to keep two cores busy: the typecheck beside
// the build, core's covered tests beside the other unit tests, and the PostgreSQL route suite beside
// the browser suite (which waits on browsers and timers much of the time). A step run beside another
// prints its output after the first one's, so the two do not interleave. TEST_SEQUENTIAL=1 runs every step
// alone, one after the other.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
const vitest = 'node_modules/vitest/vitest.mjs';
const sequential = process.env.TEST_SEQUENTIAL === '1';

/** A step: its name, the arguments for node and its environment. */
const step = (name, args, env = process.env) => ({ name, args, env });
const typecheck = step('typecheck', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
const build = step('build', ['scripts/build.mjs']);
// The unit run uses PGlite; when a PostgreSQL is given in TEST_DATABASE_URL (CI starts one), the
// sandbox's route suite runs again against it. Core's coverage (95 % of its lines, vitest.config.ts)
// is measured on core's own tests, which cover all of it: collecting coverage in the other
// projects' workers cost a tenth of their time and counted nothing more.
const unit = step(
  'unit and integration tests (sandbox on PGlite)',
  [vitest, 'run', '--project', 'checkout', '--project', 'react', '--project', 'react18', '--project', 'widget', '--project', 'console', '--project', 'sandbox'],
  envWithoutPostgres,
);
const core = step('core unit tests with coverage', [vitest, 'run', '--coverage', '--project', 'core'], envWithoutPostgres);
const postgres = TEST_DATABASE_URL ? step('sandbox route suite on PostgreSQL', [vitest, 'run', '--project', 'sandbox']) : undefined;
const e2e = step('browser end-to-end tests', [vitest, 'run', '--project', 'e2e']);

// Each phase's steps run together: the first one streams its output, the others print theirs at their end.
const phases = [[build, typecheck], [unit, core], [e2e, ...(postgres ? [postgres] : [])]];

/** Runs one step; resolves to its exit status, seconds and (when not streamed) its output. */
function run({ name, args, env }, stream) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: rootDir, env, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      resolve({ name, status, seconds: (Date.now() - started) / 1000, output: stream ? undefined : Buffer.concat(output) });
    });
  });
}

const started = Date.now();
const results = [];
const failed = () => results.some((r) => r.status !== 0);
for (const phase of sequential ? phases.flat().map((s) => [s]) : phases) {
  console.log(`\n=== ${phase.map((s) => s.name).join(' | ')} ===`);
  const done = await Promise.all(phase.map((s, i) => run(s, i === 0)));
  // The steps that ran beside the first print their output after it, so nothing interleaves.
  for (const r of done) {
    if (r.output) {
      console.log(`\n=== ${r.name} (ran beside ${phase[0]?.name}) ===`);
      process.stdout.write(r.output);
    }
    console.log(`=== ${r.name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
  }
  results.push(...done);
  if (failed()) break;
}
console.log(`\n=== npm test: ${failed() ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const r of results) console.log(`    ${r.status === 0 ? 'ok    ' : 'FAILED'} ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`);
process.exit(failed() ? 1 : 0);
