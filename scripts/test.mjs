// `npm test`: typecheck, build, unit tests (core's with coverage), the sandbox's route suite, then the
// browser suite, then the payer's flows in Firefox and WebKit. Each step starts once the steps it needs passed, so both cores stay busy; a failed
// step skips its dependants. TEST_SEQUENTIAL=1 runs every step alone, streaming.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
// The route and browser suites start from one migrated and seeded PGlite (packages/sandbox/test/sharedTemplate.ts).
const templateDir = mkdtempSync(join(tmpdir(), 'pasarela-test-template-'));
process.env.PASARELA_TEST_TEMPLATE_DIR = templateDir;
process.on('exit', () => rmSync(templateDir, { recursive: true, force: true }));
const { TEST_DATABASE_URL, ...envWithoutPostgres } = process.env;
const vitest = 'node_modules/vitest/vitest.mjs';
const sequential = process.env.TEST_SEQUENTIAL === '1';

const step = (name, args, env = process.env) => ({ name, args, env });
// TypeScript 7 checks the tree in a quarter of 5.9's CPU (9 against 32 CPU-s); 5.9 stays for rollup-plugin-dts, which needs its compiler API.
const typecheck = step('typecheck', ['node_modules/typescript7/bin/tsc', '--noEmit', '-p', 'tsconfig.json']);
const build = step('build', ['scripts/build.mjs']);
// The DOM packages' tests wait on real timers for a second or so: they run first, before the suites
// that load both cores. Coverage is measured on core's own tests only: elsewhere it cost a tenth of
// their time and counted nothing more. Two workers each, so the last step has both cores.
const workers = ['--maxWorkers', '2'];
const dom = step(
  'unit tests of the widget, loader, React package and console',
  [vitest, 'run', ...workers, '--project', 'checkout', '--project', 'react', '--project', 'react18', '--project', 'widget', '--project', 'widget-mocking', '--project', 'console'],
  envWithoutPostgres,
);
// With a PostgreSQL given, the files that need one run again on it, in addition to the PGlite run.
const sandboxTestFiles = (dir) => readdirSync(join(rootDir, dir), { recursive: true })
  .filter((f) => String(f).endsWith('.test.ts'))
  .map((f) => join(dir, String(f)));
const needsPostgres = (file) => {
  const text = readFileSync(join(rootDir, file), 'utf8');
  return text.includes("process.env['TEST_DATABASE_URL']") && text.includes('skipIf(!url)');
};
const POSTGRES_FILES = [...sandboxTestFiles('packages/sandbox/src'), ...sandboxTestFiles('packages/sandbox/test'), ...sandboxTestFiles('packages/vault/src')].filter(needsPostgres);
// Three workers: a third of the route suite's time is spent waiting (network faults' time-outs,
// drains), which a third file fills (alone on a quiet machine: 111 s against 133 with two).
const routeWorkers = ['--maxWorkers', '3'];
const sandboxOnPglite = step('sandbox route suite on PGlite', [vitest, 'run', ...routeWorkers, '--project', 'sandbox'], envWithoutPostgres);
const core = step('core unit tests with coverage', [vitest, 'run', '--coverage', '--project', 'core'], envWithoutPostgres);
const node = step('@pasarela/node, @pasarela/gateways, simulator, card vault and Stripe adapter unit tests', [vitest, 'run', '--project', 'node', '--project', 'gateways', '--project', 'simulator', '--project', 'vault', '--project', 'gateway-stripe'], envWithoutPostgres);
const postgres = TEST_DATABASE_URL
  ? step('sandbox and card vault tests that need PostgreSQL, on it', [vitest, 'run', ...workers, '--project', 'sandbox', '--project', 'vault', ...POSTGRES_FILES])
  : undefined;
const e2e = step('browser end-to-end tests', [vitest, 'run', '--project', 'e2e']);
// The payer's core flows in Firefox ESR and WebKitGTK (issue 92), each engine's file in a worker of its
// own, after the Chromium suite, which fills both cores. Beside it (one worker) they took 470 s and the
// Chromium suite 716 s against 533 alone: npm test 1,001 s in a clean clone, where after it they take
// about 107 s. An engine not installed skips its file with a notice (with CI set, .ci/run having
// installed them, it fails).
const engines = step('payer flows in Firefox ESR and WebKitGTK', [vitest, 'run', '--maxWorkers', '2', '--project', 'engines'], envWithoutPostgres);
// Three rows of docs/spec-coverage.md mutated (about 10 CPU-s), never beside the browser suite.
const specRules = step('SPEC rules caught by their cited tests (a sample)', ['scripts/spec-rules.mjs', '--sample', '3'], envWithoutPostgres);

/** One after the other, not side by side: side by side on PGlite they took 1,128 and 1,366 s and two tests timed out, apart about 100 and 500 s. */
const sandboxSuites = [sandboxOnPglite, ...(postgres ? [postgres] : [])];
const needs = new Map([
  [build, []], [typecheck, []], [core, []], [specRules, [core]], [dom, []], [node, [dom]],
  ...sandboxSuites.map((s) => [s, [build, dom]]),
  [e2e, [build, dom]],
  [engines, [build, dom]],
]);
const after = new Map([[e2e, sandboxSuites], [engines, [e2e]], ...sandboxSuites.map((s) => [s, [specRules]])]);
const steps = [build, typecheck, core, specRules, dom, node, sandboxOnPglite, ...(postgres ? [postgres] : []), e2e, engines];
const streamed = e2e;

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

/** Printed again after every summary, so the end of a long log names the failure. */
function failuresIn(text) {
  const lines = text.split('\n');
  const section = lines.findIndex((l) => /⎯+ Failed Tests? \d+ ⎯+|⎯+ Failed Suites? \d+ ⎯+|⎯+ Unhandled Errors? ⎯+/.test(l));
  const picked = section >= 0
    ? lines.slice(section).filter((l) => !/^\s*(Test Files|Tests|Start at|Duration)\b/.test(l))
    : lines.filter((l) => /\bFAIL\b|×|✗|\berror\b/i.test(l));
  const limit = 150;
  return (picked.length > limit ? [...picked.slice(0, limit), `... ${picked.length - limit} more lines above in the step's output`] : picked).join('\n').trim();
}

const failedBrowserFiles = (text) => [...new Set([...text.matchAll(/\bFAIL\s+(?:e2e|engines)\s+(e2e\/[\w./-]+\.(?:e2e|engines)\.ts)/g)].map((m) => m[1]))];

/**
 * On a loaded two-core machine one step in ~250 outlasts its time-out: at most two failed files of a
 * browser step (Chromium's suite, or the payer's flows in Firefox and WebKit) run once more, and the
 * first failures stay printed.
 */
async function runWithSecondChance(s, stream) {
  const first = await run(s, stream);
  if ((s !== e2e && s !== engines) || first.status === 0) return first;
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
