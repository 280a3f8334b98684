// Benchmark: from Checkout.open() on the merchant page to a focusable card-number field inside the
// checkout iframe, in headless Chromium on localhost. Prints the median and spread of many runs,
// with the SPEC splash (3000 ms) and with the splash set to 0 to show the time our code takes, and
// the floor of any iframe checkout measured the same way in the same run (PRODUCT.md "Speed"): a
// bare iframe on another origin that makes one API call and then shows an input.
// Usage: npm run bench:open [-- --runs 15]
import { createServer } from 'node:http';
import { chromium } from 'playwright-core';
import { startSandbox } from './sandbox-process.mjs';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 15;
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** The floor: a parent page and, on another origin, a frame that makes one API call, then shows an input. */
async function startFloor() {
  const listen = (handler) =>
    new Promise((resolve) => {
      const server = createServer(handler);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  const frameServer = await listen((req, res) => {
    if (req.url?.startsWith('/api')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ amount: 25, description: 'Benchmark' }));
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><body><script>
fetch('/api/payment').then((r) => r.json()).then(() => {
  const input = document.createElement('input');
  input.name = 'cardnumber';
  document.body.append(input);
});
</script></body>`);
  });
  const frameOrigin = `http://localhost:${frameServer.address().port}`;
  const parentServer = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><body><script>
window.Checkout = { open() { const f = document.createElement('iframe'); f.src = '${frameOrigin}/pf/widget'; document.body.append(f); } };
</script></body>`);
  });
  return {
    url: `http://127.0.0.1:${parentServer.address().port}/`,
    stop: () => { frameServer.close(); parentServer.close(); },
  };
}

async function measure(splashMs) {
  const floor = splashMs === null ? await startFloor() : null;
  const sandbox = floor ? null : await startSandbox({ SPLASH_MS: String(splashMs) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  const times = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const code = sandbox ? (await (await fetch(`${sandbox.url}/sandbox/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 25, description: 'Benchmark' }),
      })).json()).code : '';
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(sandbox ? `${sandbox.demoUrl}/` : floor.url);
      await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
      const started = await page.evaluate((c) => {
        const t = Date.now();
        window.Checkout.open({ code: c });
        return t;
      }, code);
      const field = page.frameLocator('iframe[src*="/pf/widget"]').locator('[name="cardnumber"]');
      await field.waitFor({ state: 'visible', timeout: 30_000 });
      await field.focus();
      const elapsed = Date.now() - started;
      if (i > 0) times.push(elapsed); // the first run warms the server and the browser's cache
      await context.close();
    }
  } finally {
    await browser.close();
    await sandbox?.stop();
    floor?.stop();
  }
  return times;
}

const results = {};
for (const splashMs of [3000, 0, null]) {
  const times = await measure(splashMs);
  results[String(splashMs)] = median(times);
  const what = splashMs === null ? 'floor (bare cross-origin iframe, one API call, an input)' : `open() -> focusable card field, splash ${splashMs} ms`;
  console.log(
    `${what}: median ${median(times)} ms, ` +
      `p90 ${pct(times, 90)} ms, min ${Math.min(...times)} ms, max ${Math.max(...times)} ms (${times.length} runs, fresh browser context each)`,
  );
}
console.log(`ratio to the floor, splash 0: ${(results['0'] / results['null']).toFixed(2)}x (PRODUCT.md budget: 1.5x)`);
