// `npm run check:spec-rules`: proves each rule of docs/spec-coverage.md has a test that fails when the
// rule changes (scripts/spec-rules.json's mutations), mutating in memory only, so an interrupted run
// leaves nothing behind and npm test's other steps never see a mutant.
//
//   node scripts/spec-rules.mjs                  every row
//   node scripts/spec-rules.mjs --sample 3       three rows chosen at random, seeded by the date
//   node scripts/spec-rules.mjs --sample 3 --seed 42
//   node scripts/spec-rules.mjs --row "Two-digit"   the rows whose text holds this
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(rootDir, 'node_modules/vitest/vitest.mjs');
const config = 'scripts/spec-rules.vitest.config.ts';
const PROJECTS = [['packages/core/', 'core'], ['packages/widget/', 'widget'], ['packages/checkout/', 'checkout'], ['packages/console/', 'console'], ['packages/sandbox/', 'sandbox']];

function option(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

function docsRows() {
  const rows = [];
  let section = '';
  for (const line of readFileSync(join(rootDir, 'docs/spec-coverage.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) section = line.slice(3).trim().replace(/^(\d+)\..*$/, '$1');
    else if (line.startsWith('| ') && !/^\|\s*(SPEC \d|Rule)\s*\|/.test(line)) {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
      rows.push({ section, row: cells[0], cited: cells.at(-1) });
    }
  }
  return rows;
}

/** Cited as `path` (core's, from packages/core/src), or after its package's name: widget, sandbox, e2e. */
function missingCitedFiles(cited) {
  const packages = ['widget', 'sandbox', 'checkout', 'console', 'react', 'node', 'simulator', 'core', 'e2e'];
  const missing = [];
  for (const [, word, file] of cited.matchAll(/(?:\b(\w+) )?`([\w./-]+\.(?:test\.tsx?|e2e\.ts))`/g)) {
    const pkg = packages.includes(word) ? word : 'core';
    const path = file.startsWith('e2e/') ? file : pkg === 'e2e' ? `e2e/${file}` : `packages/${pkg}/src/${file}`;
    if (!existsSync(join(rootDir, path))) missing.push(path);
  }
  return missing;
}

/** A small seeded generator (mulberry32), so a sample can be run again with its seed. */
function random(seedText) {
  let seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const projectOf = (file) => PROJECTS.find(([prefix]) => file.startsWith(prefix))?.[1];

function runTests(files, mutation) {
  const dir = mkdtempSync(join(tmpdir(), 'spec-rules-'));
  const out = join(dir, 'report.json');
  try {
    const projects = [...new Set(files.map(projectOf))].flatMap((p) => ['--project', p]);
    const env = { ...process.env, SPEC_RULE_MUTATION: mutation ? JSON.stringify(mutation) : '' };
    delete env.TEST_DATABASE_URL;
    const run = spawnSync(process.execPath, [vitest, 'run', '--config', config, ...projects, '--reporter=json', `--outputFile=${out}`, ...files], { cwd: rootDir, env, encoding: 'utf8' });
    let report;
    try {
      report = JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      return { failed: 0, passed: 0, suitesFailed: 1, output: run.stdout + run.stderr };
    }
    const loadErrors = report.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
    return { failed: report.numFailedTests, passed: report.numPassedTests, suitesFailed: loadErrors, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const entries = JSON.parse(readFileSync(join(rootDir, 'scripts/spec-rules.json'), 'utf8'));
const rows = docsRows();
const keyOf = (r) => `${r.section} | ${r.row}`;
const rowKeys = new Set(rows.map(keyOf));
const entryKeys = new Set(entries.map(keyOf));
const problems = [];
for (const e of entries) if (!rowKeys.has(keyOf(e))) problems.push(`entry names no row of docs/spec-coverage.md: ${keyOf(e)}`);
for (const e of entries) for (const f of [...e.tests, ...e.mutations.flatMap((m) => m.tests ?? [])]) if (!projectOf(f)) problems.push(`${keyOf(e)}: no vitest project for ${f}`);
for (const r of rows) for (const f of missingCitedFiles(r.cited)) problems.push(`${keyOf(r)} cites a file that is not there: ${f}`);
// Every row's mutation still finds its text once, sampled or not: a rule moved in the code goes stale here, every run.
for (const e of entries) {
  for (const m of e.mutations) {
    let text = '';
    try {
      text = readFileSync(join(rootDir, m.file), 'utf8');
    } catch {
      problems.push(`${keyOf(e)}: the mutated file is not there: ${m.file}`);
      continue;
    }
    if (text.split(m.find).length !== 2) problems.push(`${keyOf(e)}: its mutation's text is not found once in ${m.file}: ${m.find}`);
  }
}

let chosen = entries;
const rowFilter = option('--row');
if (rowFilter) chosen = chosen.filter((e) => e.row.includes(rowFilter));
if (rowFilter && chosen.length === 0) problems.push(`no row with an entry holds "${rowFilter}"`);
const sample = option('--sample');
const seed = option('--seed') ?? new Date().toISOString().slice(0, 10);
if (sample) {
  const next = random(seed);
  const pool = [...chosen];
  chosen = [];
  while (pool.length > 0 && chosen.length < Number(sample)) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
  console.log(`A sample of ${chosen.length} of ${entries.length} rows, seed ${seed} (--seed ${seed} runs it again).`);
}

const started = Date.now();
// A mutant failing tests that already fail proves nothing: the chosen files run once unchanged first.
const allFiles = [...new Set(chosen.flatMap((e) => [...e.tests, ...e.mutations.flatMap((m) => m.tests ?? [])]))];
const baseline = allFiles.length > 0 ? runTests(allFiles, null) : { failed: 0, suitesFailed: 0 };
if (baseline.failed > 0 || baseline.suitesFailed > 0) {
  console.log(baseline.output);
  problems.push(`the cited tests fail without any mutation (${baseline.failed} tests, ${baseline.suitesFailed} files that did not load)`);
}

const results = [];
if (problems.length === 0) {
  // A markdown table, to paste into a note as it is.
  console.log('| row | mutation | cited tests run | result | s |\n|---|---|---|---|---|');
  for (const e of chosen) {
    for (const m of e.mutations) {
      const t = Date.now();
      const text = readFileSync(join(rootDir, m.file), 'utf8');
      let result;
      if (text.split(m.find).length !== 2) result = 'STALE (text not found once)';
      else {
        const run = runTests(m.tests ?? e.tests, m);
        result = run.failed > 0 ? `caught (${run.failed} failed)` : run.suitesFailed > 0 ? 'BROKEN (a file did not load)' : 'NOT CAUGHT';
        if (run.failed === 0 && run.suitesFailed > 0) console.log(run.output);
      }
      results.push({ e, m, result, seconds: (Date.now() - t) / 1000 });
      const short = (s) => (s.length > 60 ? `${s.slice(0, 57)}...` : s).replace(/\n/g, '⏎').replace(/\|/g, '\\|');
      const cells = [
        `${e.section} › ${short(e.row)}`,
        `${m.file.replace(/^packages\//, '')}: ${short(m.find)} -> ${short(m.replace)}`,
        (m.tests ?? e.tests).map((f) => f.replace(/^packages\/([^/]+)\/src\//, '$1 ')).join(', '),
        result,
        ((Date.now() - t) / 1000).toFixed(1),
      ];
      console.log(`| ${cells.join(' | ')} |`);
    }
  }
}

const caught = results.filter((r) => r.result.startsWith('caught'));
const rowsCaught = chosen.filter((e) => {
  const own = results.filter((r) => r.e === e);
  return own.length > 0 && own.every((r) => r.result.startsWith('caught'));
});
if (!sample && !rowFilter) {
  const unwritten = rows.filter((r) => !entryKeys.has(keyOf(r)));
  const nothingCited = unwritten.filter((r) => r.cited === '-' || r.cited.startsWith('- '));
  console.log(`\nno mutation written (${unwritten.length - nothingCited.length} rows; ${nothingCited.length} more cite no test):`);
  for (const r of unwritten) if (!nothingCited.includes(r)) console.log(`  ${r.section} › ${r.row}`);
}
for (const p of problems) console.log(`\nPROBLEM: ${p}`);
console.log(`\nrows: ${chosen.length} checked, ${rowsCaught.length} caught in full; mutations: ${results.length} run, ${caught.length} caught; ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(problems.length > 0 || caught.length < results.length ? 1 : 0);
