// Benchmark: the open bench's main measure (bench-open.mjs) in the three engines payers use, side by
// side in the same rounds: from Checkout.open() on the demo shop's page (another site than the
// checkout) to the card field on screen, against the floor (a bare cross-origin iframe that makes one
// API call and shows an input), each in a fresh browser context, 1 s after the page's load event.
// Chromium (Debian's) and Firefox ESR are driven by puppeteer-core, WebKitGTK by WebKitWebDriver under
// Xvfb (e2e/engines/webkit-window.py, a fresh window process for each open). Chromium runs without
// site isolation here (its frames share the page's process, as on most Android phones): the script
// that times the frame is given to every frame of the page by the driver.
// The time is taken inside the frame, on the first animation frame that shows an enabled card field
// (it is focused where the engine allows: WebKit refuses a frame's programmatic focus without a tap).
// With `--splash 3000` (SPEC 2's splash as shipped) the field is drawn and takes typing beneath the
// splash, and each open is a page's first: the bar is the splash plus 1.5x the floor (PRODUCT.md).
// Usage: npm run build && node scripts/bench-open-engines.mjs [--runs 5] [--engines chromium,firefox,webkit] [--splash 0]
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { freePort, startSandbox } from './sandbox-process.mjs';
import { startFloor } from './bare-iframe-floor.mjs';
import { isCardFieldFramePath } from './card-field-frame.mjs';
import { median } from './bench-stats.mjs';
import { ANDROID_PROCESS_ARGS } from './phone-profile.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
};
const runs = Number(option('runs', 5));
const engines = String(option('engines', 'chromium,firefox,webkit')).split(',');
const splashMs = Number(option('splash', 0));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Run in every frame from its start: the frame with the card field reports when it shows. */
const WATCH = `(${function watch(isCardFieldFramePath) {
  if (window === window.top || !isCardFieldFramePath(location.pathname)) return;
  const tick = () => {
    const field = document.querySelector('[name="cardnumber"], input[autocomplete="cc-number"]');
    if (field && !field.disabled && field.getClientRects().length > 0 && getComputedStyle(field).visibility === 'visible') {
      field.focus();
      return void window.top.postMessage({ benchFieldShown: performance.timeOrigin + performance.now(), focused: document.activeElement === field }, '*');
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}})(${isCardFieldFramePath});`;


/** In the top page: open() now, and the frame's report when it comes. */
const OPEN = (code) => {
  window.__benchShown = new Promise((resolve) => window.addEventListener('message', (e) => e.data?.benchFieldShown && resolve(e.data)));
  const started = performance.timeOrigin + performance.now();
  window.Checkout.open({ code });
  return started;
};

/** Chromium or Firefox through puppeteer-core: a browser context per open. */
async function puppeteerEngine(name) {
  const browser = name === 'firefox'
    ? await puppeteer.launch({ browser: 'firefox', executablePath: '/usr/bin/firefox-esr', headless: true })
    : await puppeteer.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', ...ANDROID_PROCESS_ARGS],
    });
  return {
    name,
    version: await browser.version(),
    async open(url, code) {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.evaluateOnNewDocument(WATCH);
        await page.goto(url);
        await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
        await sleep(1000);
        const started = await page.evaluate(OPEN, code);
        const shown = await page.evaluate(() => Promise.race([window.__benchShown, new Promise((_, reject) => setTimeout(() => reject(new Error('no card field within 30 s')), 30_000))]));
        return { ms: Math.round(shown.benchFieldShown - started), focused: shown.focused };
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}

/** WebKitGTK through WebKitWebDriver under Xvfb: a driver, a session and a window process per open. */
async function webkitEngine() {
  const script = join(mkdtempSync(join(tmpdir(), 'bench-webkit-')), 'watch.js');
  writeFileSync(script, WATCH);
  const xvfb = spawn('/usr/bin/Xvfb', ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  const display = await new Promise((resolve) => xvfb.stdio[3].once('data', (d) => resolve(String(d).trim())));
  const env = { ...process.env, DISPLAY: `:${display}`, ENGINE_INIT_SCRIPT: script };
  const binary = fileURLToPath(new URL('../e2e/engines/webkit-window.py', import.meta.url));
  const send = async (url, method, body) => {
    const res = await fetch(url, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const { value } = await res.json();
    if (!res.ok) throw new Error(`WebDriver ${method} ${url}: ${value.error}: ${value.message}`);
    return value;
  };
  const execute = (base, id, fn, args) => send(`${base}/session/${id}/execute/sync`, 'POST', { script: `return (${fn}).apply(null, arguments)`, args });
  let version = '';
  return {
    name: 'webkit',
    get version() {
      return version;
    },
    async open(url, code) {
      const port = await freePort();
      const driver = spawn('/usr/bin/WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: 'ignore' });
      const base = `http://127.0.0.1:${port}`;
      let id;
      try {
        for (let i = 0; ; i++) {
          try {
            if ((await fetch(`${base}/status`)).ok) break;
          } catch (error) {
            if (i > 200) throw error;
          }
          await sleep(50);
        }
        const session = await send(`${base}/session`, 'POST', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary, args: [] } } } });
        version = `WebKitGTK ${session.capabilities.browserVersion}`;
        id = session.sessionId;
        await send(`${base}/session/${id}/window/rect`, 'POST', { width: 1280, height: 740 });
        await send(`${base}/session/${id}/url`, 'POST', { url });
        while (!(await execute(base, id, '() => typeof window.Checkout?.open === "function"', []))) await sleep(50);
        await sleep(1000);
        const started = await execute(base, id, OPEN.toString(), [code]);
        for (const until = Date.now() + 30_000; Date.now() < until; await sleep(50)) {
          const shown = await execute(base, id, '() => window.__benchShown && Promise.race([window.__benchShown, new Promise((r) => setTimeout(() => r(null), 20))])', []);
          if (shown) return { ms: Math.round(shown.benchFieldShown - started), focused: shown.focused };
        }
        throw new Error('no card field within 30 s');
      } finally {
        if (id) await send(`${base}/session/${id}`, 'DELETE').catch(() => undefined);
        driver.kill();
      }
    },
    close: async () => void xvfb.kill(),
  };
}

const available = { chromium: existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'), firefox: existsSync('/usr/bin/firefox-esr'), webkit: existsSync('/usr/bin/WebKitWebDriver') };
const started = [];
for (const name of engines.filter((e) => available[e])) started.push(name === 'webkit' ? await webkitEngine() : await puppeteerEngine(name));
const floor = await startFloor();
const sandbox = await startSandbox({ SPLASH_MS: String(splashMs) });
const shopUrl = `${sandbox.demoUrl.replace('//localhost:', '//127.0.0.1:')}/`;
const newCode = async () => (await (await fetch(`${sandbox.url}/sandbox/links`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 25, description: 'Benchmark' }),
})).json()).code;
try {
  const results = Object.fromEntries(started.map((e) => [e.name, { checkout: [], floor: [], ratios: [], focused: 0 }]));
  // The first round warms the servers and each browser; engines and sides take turns.
  for (let i = 0; i < runs + 1; i++) {
    for (const engine of started) {
      const checkout = await engine.open(shopUrl, await newCode());
      const bare = await engine.open(floor.url, '');
      if (i === 0) continue;
      const r = results[engine.name];
      r.checkout.push(checkout.ms);
      r.floor.push(bare.ms);
      r.ratios.push(checkout.ms / bare.ms);
      if (checkout.focused) r.focused += 1;
    }
  }
  console.log(`open() -> card field on screen, splash ${splashMs} ms, ${runs} rounds, fresh browser context each, 1 s after the load event (medians):`);
  console.log('| engine | checkout ms | floor ms | ratio of medians | median of each round\'s ratio (range) | card field focused |');
  console.log('|---|---|---|---|---|---|');
  for (const engine of started) {
    const r = results[engine.name];
    console.log(`| ${engine.name} (${engine.version}) | ${median(r.checkout)} | ${median(r.floor)} | ${(median(r.checkout) / median(r.floor)).toFixed(2)}x | ${median(r.ratios).toFixed(2)}x (${Math.min(...r.ratios).toFixed(2)}-${Math.max(...r.ratios).toFixed(2)}x) | ${r.focused} of ${runs} |`);
  }
  if (splashMs > 0) {
    for (const engine of started) {
      const r = results[engine.name];
      const budget = Math.round(splashMs + 1.5 * median(r.floor));
      console.log(`${engine.name}: first open ${median(r.checkout)} ms, bar: the splash's ${splashMs} ms + 1.5x the floor = ${budget} ms: ${median(r.checkout) <= budget ? 'within' : 'over'}`);
    }
  }
} finally {
  await sandbox.stop();
  floor.stop();
  for (const engine of started) await engine.close();
}
