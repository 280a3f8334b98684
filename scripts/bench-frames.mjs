// Benchmark: what Chromium itself takes to show a frame inside a cross-site frame, as the card vault's
// fields sit inside the checkout's, against one frame alone, as the bare iframe floor of `bench:open`.
// Empty pages on loopback, so what is left is the browser's own work (navigations, processes, commits),
// with the inner frame on the shop's site, on the checkout's, or on a site of its own. Driven two ways:
// through Chromium's DevTools HTTP endpoint only (nothing attached to the pages: as a payer's browser
// runs), and by playwright-core as `bench:open` drives it (a fresh context, an init script in every
// frame), which pauses each new frame process until it has attached. Between two opens in Chromium
// alone it waits `--pause` ms: a closed frame's process is kept a moment for reuse, and an open within
// it would find its process running (a fresh playwright-core context shares no process).
//
//   npm run bench:frames                       # 12 rounds
//   npm run bench:frames -- --rounds 20 --pause 0
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { median } from './bench-stats.mjs';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '12' }, pause: { type: 'string', default: '3000' } } });
const pauseMs = Number(values.pause);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of at least 1');
if (!Number.isInteger(pauseMs) || pauseMs < 0) throw new Error('--pause takes a whole number of milliseconds');
const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);

// The shop on 127.0.0.1, the checkout on localhost (as bench:open has them); the inner frame on one
// of three sites. 127.0.0.2 is loopback too, and a site of its own.
const INNER = { shop: '127.0.0.1', checkout: 'localhost', own: '127.0.0.2' };
const CASES = [
  { name: 'one frame', inner: '' },
  ...Object.keys(INNER).map((inner) => ({ name: `in a frame, on the ${inner === 'own' ? 'site of its own' : `${inner}'s site`}`, inner })),
];

/** Each page reports its start (its first script) to the shop's page, which sends the times here. */
const results = new Map();
const page = (body) => `<!doctype html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;
const report = (name) => `<script>top.postMessage({ ${name}: performance.timeOrigin + performance.now() }, '*')</script>`;
function answer(request, response, port) {
  const url = new URL(request.url, 'http://x');
  // Written into the pages: only the values this script makes.
  const run = /^\d{1,6}$/.exec(url.searchParams.get('run') ?? '')?.[0] ?? '';
  const inner = Object.hasOwn(INNER, url.searchParams.get('inner') ?? '') ? url.searchParams.get('inner') : '';
  const send = (html) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(html);
  };
  if (url.pathname === '/shop') {
    // One second after its load, as a payer's click: the checkout's frame, and the times when both pages have started.
    return send(page(`<script>
      const times = {};
      const want = ${inner ? 2 : 1};
      addEventListener('message', (event) => {
        Object.assign(times, event.data);
        if (Object.keys(times).length === want + 1) fetch('/result?run=${run}', { method: 'POST', body: JSON.stringify(times) });
      });
      addEventListener('load', () => setTimeout(() => {
        times.open = performance.timeOrigin + performance.now();
        const frame = document.createElement('iframe');
        frame.src = 'http://localhost:${port}/checkout?inner=${inner}';
        document.body.append(frame);
      }, 1000));
    </script>`));
  }
  if (url.pathname === '/checkout') return send(page(report('checkout') + (inner ? `<iframe src="http://${INNER[inner]}:${port}/fields"></iframe>` : '<input>')));
  if (url.pathname === '/fields') return send(page(report('fields') + '<input>'));
  if (url.pathname === '/result' && request.method === 'POST') {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      results.get(run)?.(JSON.parse(body));
      response.writeHead(204).end();
    });
    return;
  }
  response.writeHead(404).end();
}

// On loopback only: 127.0.0.1 (the shop, and localhost) and 127.0.0.2 (the site of its own), one port.
const server = createServer((request, response) => answer(request, response, port));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = server.address().port;
const ownSite = createServer((request, response) => answer(request, response, port));
await new Promise((resolve, reject) => ownSite.once('error', reject).listen(port, '127.0.0.2', resolve));
let runs = 0;
/** Ms from the frame's creation to the start of the page that holds the input. */
function timed(open) {
  const run = String((runs += 1));
  let timer;
  const done = new Promise((resolve, reject) => {
    results.set(run, resolve);
    timer = setTimeout(() => reject(new Error('no page reported within 10 s')), 10_000);
  });
  return open(run).then(() => done).then((times) => (times.fields ?? times.checkout) - times.open).finally(() => {
    clearTimeout(timer);
    results.delete(run);
  });
}
const shopUrl = (run, inner) => `http://127.0.0.1:${port}/shop?run=${run}&inner=${inner}`;

/** Chromium alone: its DevTools HTTP endpoint opens and closes tabs; nothing attaches to them. */
async function plainChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'bench-frames-'));
  const browser = spawn(CHROMIUM, ['--headless', '--no-sandbox', '--no-first-run', `--user-data-dir=${profile}`, '--remote-debugging-port=0', 'about:blank'], { stdio: 'ignore' });
  const portFile = join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 100 && !existsSync(portFile); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const endpoint = `http://127.0.0.1:${readFileSync(portFile, 'utf8').split('\n')[0]}`;
  return {
    open: async (inner) => {
      let id = '';
      const ms = await timed(async (run) => {
        id = (await (await fetch(`${endpoint}/json/new?${encodeURIComponent(shopUrl(run, inner))}`, { method: 'PUT' })).json()).id;
      });
      await fetch(`${endpoint}/json/close/${id}`);
      // Past Chromium's keeping a closed frame's process for a while, which the next open would reuse.
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      return ms;
    },
    close: async () => {
      browser.kill();
      await new Promise((resolve) => browser.once('exit', resolve));
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** As bench:open drives Chromium: a fresh context each open, an init script in every frame. */
async function withPlaywright() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  return {
    open: async (inner) => {
      const context = await browser.newContext();
      await context.addInitScript(() => {});
      try {
        return await timed(async (run) => void (await (await context.newPage()).goto(shopUrl(run, inner))));
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

try {
  for (const [driver, start] of [['Chromium alone', plainChromium], ['driven by playwright-core', withPlaywright]]) {
    const browser = await start();
    const times = Object.fromEntries(CASES.map(({ name }) => [name, []]));
    try {
      await browser.open(''); // the first tab of a browser starts its processes
      for (let round = 0; round < rounds; round++) for (const { name, inner } of CASES) times[name].push(await browser.open(inner));
    } finally {
      await browser.close();
    }
    const floor = median(times[CASES[0].name]);
    console.log(`${driver}, ${rounds} rounds, ms from the frame's creation to the start of the page with the input (medians):`);
    for (const { name } of CASES) {
      const m = median(times[name]);
      console.log(`  ${name.padEnd(40)} ${m.toFixed(1).padStart(6)}  ${(m / floor).toFixed(2)}x one frame  (${Math.round(Math.min(...times[name]))}-${Math.round(Math.max(...times[name]))})`);
    }
  }
} finally {
  server.close();
  ownSite.close();
}
