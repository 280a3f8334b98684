// `npm test`: typecheck, build, unit and integration tests (with core's coverage), the sandbox's
// route suite (on the PostgreSQL in TEST_DATABASE_URL when one is given), then the browser
// end-to-end suite against the built bundles and a running sandbox.
//
// Each step starts as soon as the steps it needs have passed, so two cores stay busy from the first
// second to the last: the typecheck, core's covered tests, the DOM packages' unit tests and the
// build at once; a sample of SPEC rule mutations once core's tests pass; the sandbox's route suites
// as soon as the build, the DOM tests and that sample are done; the
// browser suite once those have ended. The browser suite, the longest, streams its output; a step that ends while it
// runs prints its output after it, so nothing interleaves. A failed step skips the steps that need
// it and lets the others finish. TEST_SEQUENTIAL=1 runs every step alone, one after the other,
// streaming.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
// The route suites and the browser suite start from one migrated and seeded PGlite, made by
// whichever suite's global setup comes first in this directory (packages/sandbox/test/sharedTemplate.ts).
const templateDir = mkdtempSync(join(tmpdir(), 'pasarela-test-template-'));
process.env.PASARELA_TEST_TEMPLATE_DIR = templateDir;
process.on('exit', () => rmSync(templateDir, { recursive: true, force: true }));
const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
const vitest = 'node_modules/vitest/vitest.mjs';
const sequential = process.env.TEST_SEQUENTIAL === '1';

/** A step: its name, the arguments for node and its environment. */
const step = (name, args, env = process.env) => ({ name, args, env });
// TypeScript 7 (`typescript7`, the native compiler) checks the whole tree in a quarter of the CPU of
// TypeScript 5.9's `tsc` (about 9 against 32 CPU-s); 5.9 stays for the build, whose declaration
// bundler (rollup-plugin-dts) calls its compiler API, which 7 does not have.
const typecheck = step('typecheck', ['node_modules/typescript7/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
const build = step('build', ['scripts/build.mjs']);
// The unit tests of the packages with a DOM (happy-dom: widget, loader, React, console) wait on
// real timers and lazy imports for a second or so: they run first, beside the build, the typecheck
// and core's run, before the browser suite and the sandbox suites load both cores (beside those
// they missed their waits). Core's coverage (95 % of its lines,
// vitest.config.ts) is measured on core's own tests, which cover all of it: collecting coverage in
// the other projects' workers cost a tenth of their time and counted nothing more.
// Two workers each (vitest's default on two cores is one): whichever step ends last has both cores
// to itself instead of one, while the steps beside it share them anyway.
const workers = ['--maxWorkers', '2'];
const dom = step(
  'unit tests of the widget, loader, React package and console',
  [vitest, 'run', ...workers, '--project', 'checkout', '--project', 'react', '--project', 'react18', '--project', 'widget', '--project', 'console'],
  envWithoutPostgres,
);
// The route suite runs in full on PGlite, as on a machine without PostgreSQL, whether or not one
// is given. With a PostgreSQL given (CI starts one), the files that need one (two nodes on one
// database, races split across them, a connection dropped under a node: they skip themselves
// without TEST_DATABASE_URL) run again on it, an addition to what every machine runs and never in
// its place.
const sandboxTestFiles = (dir) => readdirSync(join(rootDir, dir), { recursive: true })
  .filter((f) => String(f).endsWith('.test.ts'))
  .map((f) => join(dir, String(f)));
const needsPostgres = (file) => {
  const text = readFileSync(join(rootDir, file), 'utf8');
  return text.includes("process.env['TEST_DATABASE_URL']") && text.includes('skipIf(!url)');
};
const POSTGRES_FILES = [...sandboxTestFiles('packages/sandbox/src'), ...sandboxTestFiles('packages/sandbox/test')].filter(needsPostgres);
const sandboxOnPglite = step('sandbox route suite on PGlite', [vitest, 'run', ...workers, '--project', 'sandbox'], envWithoutPostgres);
const core = step('core unit tests with coverage', [vitest, 'run', '--coverage', '--project', 'core'], envWithoutPostgres);
const node = step('@pasarela/node, @pasarela/gateways, simulator and Stripe adapter unit tests', [vitest, 'run', '--project', 'node', '--project', 'gateways', '--project', 'simulator', '--project', 'gateway-stripe'], envWithoutPostgres);
const postgres = TEST_DATABASE_URL
  ? step('sandbox tests that need PostgreSQL, on it', [vitest, 'run', ...workers, '--project', 'sandbox', ...POSTGRES_FILES])
  : undefined;
const e2e = step('browser end-to-end tests', [vitest, 'run', '--project', 'e2e']);
// Three rows of docs/spec-coverage.md, chosen by the date, have their rule mutated (in memory, the
// tree untouched) and their cited tests run (scripts/spec-rules.mjs): about 10 CPU-s (35 when the
// row drawn runs a route-suite file), after core's tests and before the route suites, so it never
// runs beside the browser suite.
const specRules = step('SPEC rules caught by their cited tests (a sample)', ['scripts/spec-rules.mjs', '--sample', '3'], envWithoutPostgres);

/**
 * What each step needs first. The sandbox suites read the build and wait for the DOM tests' end;
 * the browser suite waits for the sandbox suites too. Each of the two saturates both cores alone,
 * so one after the other they take no longer than side by side, and neither starves the other's
 * waits: side by side on PGlite (no PostgreSQL given) they took 1,128 and 1,366 s and two tests
 * outlasted their limits, where one after the other they take about 100 and 500 s.
 */
const sandboxSuites = [sandboxOnPglite, ...(postgres ? [postgres] : [])];
const needs = new Map([
  [build, []], [typecheck, []], [core, []], [specRules, [core]], [dom, []], [node, [dom]],
  ...sandboxSuites.map((s) => [s, [build, dom]]),
  [e2e, [build, dom]],
]);
/** Steps that wait for others to end, whether they passed or not (a failed route suite still lets the browser suite run). */
const after = new Map([[e2e, sandboxSuites], ...sandboxSuites.map((s) => [s, [specRules]])]);
const steps = [build, typecheck, core, specRules, dom, node, sandboxOnPglite, ...(postgres ? [postgres] : []), e2e];
/** The step whose output streams while the others wait to print theirs. */
const streamed = e2e;

/** Runs one step; resolves to its exit status, seconds and (when not streamed) its output. */
function run({ name, args, env }, stream) {
  const started = Date.now();
  if (stream) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    // Piped even when streamed, so a failed step's failures can be repeated at the end.
    const child = spawn(process.execPath, args, { cwd: rootDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    const collect = (to) => (chunk) => {
      output.push(chunk);
      if (stream) to.write(chunk);
    };
    child.stdout.on('data', collect(process.stdout));
    child.stderr.on('data', collect(process.stderr));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const all = Buffer.concat(output);
      const text = plainText(all);
      resolve({ name, status, seconds: (Date.now() - started) / 1000, output: stream ? undefined : all, text, failures: status === 0 ? '' : failuresIn(text) });
    });
  });
}

/** A step's output as text without its colours (vitest colours it even into a pipe on CI). */
// eslint-disable-next-line no-control-regex
const plainText = (output) => output.toString().replace(/\x1b\[[0-9;]*m/g, '');

/**
 * The part of a failed step's output (plain text) that says what failed: vitest's "Failed Tests"
 * section (the failing tests with their errors), or else the lines that mark a failure. Printed
 * again after every step's summary, so the end of a long log names the failure.
 */
function failuresIn(text) {
  const lines = text.split('\n');
  const section = lines.findIndex((l) => /⎯+ Failed Tests? \d+ ⎯+|⎯+ Failed Suites? \d+ ⎯+|⎯+ Unhandled Errors? ⎯+/.test(l));
  const picked = section >= 0
    ? lines.slice(section).filter((l) => !/^\s*(Test Files|Tests|Start at|Duration)\b/.test(l))
    : lines.filter((l) => /\bFAIL\b|×|✗|\berror\b/i.test(l));
  const limit = 150;
  return (picked.length > limit ? [...picked.slice(0, limit), `... ${picked.length - limit} more lines above in the step's output`] : picked).join('\n').trim();
}

/** The browser test files that failed in a run's output (plain text). */
const failedBrowserFiles = (text) => [...new Set([...text.matchAll(/\bFAIL\s+e2e\s+(e2e\/[\w./-]+\.e2e\.ts)/g)].map((m) => m[1]))];

/**
 * Runs a step; when the browser suite fails in at most two files, runs those files once more, each
 * with a fresh sandbox and browser, and the step passes if they do. The first run's failures are
 * kept and printed at the end either way ("failed once, passed when run again"), so a test that
 * fails now and then is seen in every log that it happens in. On a loaded two-core machine one
 * step of one test in ~250 now and then outlasts its time-out; more than two failed files, or a
 * file failing twice, is a real failure.
 */
async function runWithSecondChance(s, stream) {
  const first = await run(s, stream);
  if (s !== e2e || first.status === 0) return first;
  const files = failedBrowserFiles(first.text);
  if (files.length === 0 || files.length > 2) return first;
  console.log(`\n=== ${s.name}: running ${files.join(', ')} again, alone ===`);
  const again = await run({ ...s, args: [...s.args, ...files] }, stream);
  return {
    ...again,
    seconds: first.seconds + again.seconds,
    failures: again.status === 0 ? '' : again.failures,
    flaky: again.status === 0 ? `${files.join(', ')} failed once, then passed when run again; the first failure:\n${first.failures}` : '',
  };
}

const started = Date.now();
const results = [];
const failed = () => results.some((r) => r.status !== 0);
/** Prints a step's end (and its output, if it was not streamed). */
function report(r) {
  if (r.output) {
    console.log(`\n=== ${r.name} ===`);
    process.stdout.write(r.output);
  }
  console.log(`=== ${r.name}: ${r.status === 0 ? 'ok' : r.status === 'skipped' ? 'skipped' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
}

if (sequential) {
  for (const s of steps) {
    const r = await runWithSecondChance(s, true);
    results.push(r);
    report(r);
    if (failed()) break;
  }
} else {
  console.log(`\n=== side by side: ${steps.map((s) => s.name).join(' | ')} ===`);
  /** Prints held back while the streamed step runs, in the order the steps ended. */
  const held = [];
  let streaming = false;
  const running = new Map();
  const startStep = (s) => {
    running.set(s, (async () => {
      const needed = await Promise.all(needs.get(s).map((n) => running.get(n)));
      await Promise.all((after.get(s) ?? []).map((n) => running.get(n)));
      const stream = s === streamed;
      if (stream) streaming = true;
      const r = needed.every((n) => n.status === 0)
        ? await runWithSecondChance(s, stream)
        : { name: s.name, status: 'skipped', seconds: 0, output: undefined };
      if (s === streamed) streaming = false;
      results.push(r);
      if (streaming) held.push(r);
      else {
        report(r);
        if (s === streamed) held.splice(0).forEach(report);
      }
      return r;
    })());
  };
  steps.forEach(startStep);
  await Promise.all(running.values());
  held.splice(0).forEach(report);
}
console.log(`\n=== npm test: ${failed() ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
for (const r of results) console.log(`    ${r.status === 0 ? 'ok     ' : r.status === 'skipped' ? 'skipped' : 'FAILED '} ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`);
for (const r of results.filter((x) => x.flaky)) console.log(`\n=== ${r.name}: ${r.flaky}`);
for (const r of results.filter((x) => x.failures)) console.log(`\n=== what failed in ${r.name} ===\n${r.failures}`);
process.exit(failed() ? 1 : 0);
