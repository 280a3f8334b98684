// What a widget chunk carries, by source module: `node scripts/chunk-contents.mjs [main] [--top 60]`.
// Maps the minified chunk back through source maps and splits its gzip in proportion (as
// source-map-explorer does), to find what the entry chunk can leave to a lazy one.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { rollup } from 'rollup';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const chunkName = args.find((a) => !a.startsWith('--')) ?? 'main';
const top = Number(args[args.indexOf('--top') + 1]) || 60;

process.env.BUILD_ONLY = 'widget';
const configs = (await import(join(rootDir, 'rollup.config.mjs'))).default;
const config = configs.find((c) => typeof c.input === 'object' && 'boot' in c.input);
const dir = mkdtempSync(join(tmpdir(), 'chunk-contents-'));
try {
  const bundle = await rollup({ ...config, onwarn: () => undefined });
  await bundle.write({ ...config.output, dir, sourcemap: true });
  await bundle.close();
  const file = readdirSync(join(dir, 'assets')).find((f) => f.startsWith(`${chunkName}-`) && f.endsWith('.js'));
  if (!file) throw new Error(`no chunk named ${chunkName}`);
  const code = readFileSync(join(dir, 'assets', file), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(dir, 'assets', `${file}.map`), 'utf8')));
  const lines = code.split('\n');
  const spans = new Map();
  const add = (source, text) => spans.set(source, (spans.get(source) ?? '') + text);
  // Each mapping owns the code up to the next mapping on its line.
  const byLine = new Map();
  map.eachMapping((m) => {
    const list = byLine.get(m.generatedLine) ?? [];
    list.push(m);
    byLine.set(m.generatedLine, list);
  });
  lines.forEach((line, i) => {
    const list = (byLine.get(i + 1) ?? []).sort((a, b) => a.generatedColumn - b.generatedColumn);
    if (list.length === 0) return add('(unmapped)', line);
    add('(unmapped)', line.slice(0, list[0].generatedColumn));
    list.forEach((m, j) => add(m.source ?? '(unmapped)', line.slice(m.generatedColumn, list[j + 1]?.generatedColumn ?? line.length)));
  });
  const total = gzipSync(code, { level: 9 }).length;
  const rows = [...spans].map(([source, text]) => ({ source: label(source), bytes: text.length, alone: gzipSync(text, { level: 9 }).length }));
  const aloneSum = rows.reduce((s, r) => s + r.alone, 0);
  const grouped = new Map();
  for (const r of rows) {
    const g = grouped.get(r.source) ?? { bytes: 0, alone: 0 };
    g.bytes += r.bytes;
    g.alone += r.alone;
    grouped.set(r.source, g);
  }
  const sorted = [...grouped].sort((a, b) => b[1].bytes - a[1].bytes);
  console.log(`${file}: ${code.length} B minified, ${total} B gzip, ${sorted.length} modules`);
  for (const [source, g] of sorted.slice(0, top)) {
    console.log(`${String(g.bytes).padStart(7)} B  ~${String(Math.round((g.alone / aloneSum) * total)).padStart(6)} B gz  ${source}`);
  }
  const pkgs = new Map();
  for (const [source, g] of grouped) {
    const key = source.startsWith('node_modules/') ? source.split('/').slice(0, source.split('/')[1].startsWith('@') ? 3 : 2).join('/') : source.split('/').slice(0, 4).join('/');
    pkgs.set(key, (pkgs.get(key) ?? 0) + g.bytes);
  }
  console.log('\nby package or folder:');
  for (const [k, v] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${String(v).padStart(7)} B  ${k}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function label(source) {
  const path = source.replace(/^(\.\.\/)+/, '/');
  const abs = path.startsWith('/') ? path : join(dir, 'assets', source);
  const rel = relative(rootDir, abs);
  return rel.startsWith('..') ? source : rel;
}
