// Minified + gzip sizes of what ships; the build prints them, e2e/budgets.e2e.ts enforces PRODUCT.md's budgets.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = (p) => fileURLToPath(new URL(`../${p}`, import.meta.url));

/** PRODUCT.md: first load <= 90 KB (our own ceiling 65.65 KB), the loader <= 8 KB, 1 KB = 1000 B; docs/performance.md has the figures. */
export const BUDGETS = {
  loaderGzipBytes: 8_000,
  widgetFirstLoadGzipBytes: 65_650,
};

const gz = (buf) => gzipSync(buf, { level: 9 }).length;

function fileSizes(path) {
  const buf = readFileSync(path);
  return { bytes: buf.length, gzipBytes: gz(buf) };
}

function servedHtml(template) {
  const config = JSON.stringify({
    apiBase: '/api/v1',
    wireEncoding: true,
    clientKey: 'pk_sandbox_pasarela_guest',
    env: 'demo',
    splashMs: 3000,
    version: '2.219.0',
    imageBase: '',
  });
  return template.replace(
    '<!--pasarela-config-->',
    `<script type="application/json" id="pasarela-config">${config}</script>`,
  );
}

export function measureSizes() {
  const loaderDir = root('packages/checkout/dist');
  const widgetDir = root('packages/widget/dist');
  const loader = {};
  for (const name of ['checkout.js', 'checkout.mjs']) {
    if (existsSync(`${loaderDir}/${name}`)) loader[name] = fileSizes(`${loaderDir}/${name}`);
  }
  // Outputs that are not downloaded by a payer's browser, listed so every file the build writes shows.
  const other = {};
  for (const path of [
    'packages/checkout/dist/checkout.d.ts',
    'packages/checkout/dist/checkout.cjs',
    'packages/checkout/dist/pure.mjs',
    'packages/react/dist/index.js',
    'packages/react/dist/index.cjs',
    'packages/widget/dist/index.html',
    'packages/sandbox/dist/server.mjs',
    // The sandbox console: a developer's page, never a payer's.
    'packages/console/dist/console.js',
    'packages/console/dist/console.css',
  ]) {
    if (existsSync(root(path))) other[path] = fileSizes(root(path));
  }
  const widget = { chunks: {}, firstLoad: null };
  if (existsSync(`${widgetDir}/manifest.json`)) {
    const manifest = JSON.parse(readFileSync(`${widgetDir}/manifest.json`, 'utf8'));
    for (const file of readdirSync(`${widgetDir}/assets`)) {
      widget.chunks[file] = fileSizes(`${widgetDir}/assets/${file}`);
    }
    const html = Buffer.from(servedHtml(readFileSync(`${widgetDir}/index.html`, 'utf8')));
    const parts = [
      { file: 'index.html (served, CSS inlined)', bytes: html.length, gzipBytes: gz(html) },
      // The boot chunk too: a page with its first screen rendered in loads the entry through it.
      ...[manifest.entry, ...manifest.staticImports, ...(manifest.boot ? [manifest.boot] : [])].map((f) => ({
        file: f.replace('assets/', ''),
        ...widget.chunks[f.replace('assets/', '')],
      })),
    ];
    widget.firstLoad = {
      parts,
      bytes: parts.reduce((s, p) => s + p.bytes, 0),
      gzipBytes: parts.reduce((s, p) => s + p.gzipBytes, 0),
      lazyChunks: manifest.lazy.length,
      laterStyles: manifest.laterStyles ?? null,
    };
  }
  return { loader, widget, other };
}

const kb = (n) => `${(n / 1000).toFixed(2)} KB`;

export function formatSizes({ loader, widget, other }) {
  const lines = ['', 'Sizes (minified / gzip):'];
  for (const [name, s] of Object.entries(loader)) {
    lines.push(`  loader  ${name.padEnd(28)} ${kb(s.bytes).padStart(10)} / ${kb(s.gzipBytes).padStart(9)}`);
  }
  for (const [name, s] of Object.entries(widget.chunks)) {
    lines.push(`  widget  ${name.padEnd(28)} ${kb(s.bytes).padStart(10)} / ${kb(s.gzipBytes).padStart(9)}`);
  }
  for (const [name, s] of Object.entries(other)) {
    lines.push(`  other   ${name.padEnd(36)} ${kb(s.bytes).padStart(10)} / ${kb(s.gzipBytes).padStart(9)}`);
  }
  if (widget.firstLoad) {
    lines.push(
      `  widget first load (HTML + boot + entry + static imports): ${kb(widget.firstLoad.gzipBytes)} gzip` +
        ` (budget ${kb(BUDGETS.widgetFirstLoadGzipBytes)}); ${widget.firstLoad.lazyChunks} chunks load lazily` +
        (widget.firstLoad.laterStyles ? `, and the later styles (${widget.firstLoad.laterStyles.replace('assets/', '')})` : ''),
    );
  }
  const consoleParts = ['packages/console/dist/console.js', 'packages/console/dist/console.css'].map((p) => other[p]).filter(Boolean);
  if (consoleParts.length > 0) {
    lines.push(`  sandbox console (/sandbox/console, JS + CSS): ${kb(consoleParts.reduce((sum, p) => sum + p.gzipBytes, 0))} gzip`);
  }
  if (loader['checkout.js']) {
    lines.push(`  loader script tag: ${kb(loader['checkout.js'].gzipBytes)} gzip (budget ${kb(BUDGETS.loaderGzipBytes)})`);
  }
  return lines.join('\n');
}
