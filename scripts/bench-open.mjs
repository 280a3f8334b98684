// Benchmark: from Checkout.open() on the merchant page to a focusable card-number field inside the
// checkout iframe, in headless Chromium on localhost. Prints the median and spread of many runs,
// with the SPEC splash (3000 ms) and with the splash set to 0 to show the time our code takes.
// Usage: npm run bench:open [-- --runs 15]
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

async function measure(splashMs) {
  const sandbox = await startSandbox({ SPLASH_MS: String(splashMs) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
  const times = [];
  try {
    for (let i = 0; i < runs + 1; i++) {
      const res = await fetch(`${sandbox.url}/sandbox/links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 25, description: 'Benchmark' }),
      });
      const { code } = await res.json();
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${sandbox.demoUrl}/`);
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
    await sandbox.stop();
  }
  return times;
}

for (const splashMs of [3000, 0]) {
  const times = await measure(splashMs);
  console.log(
    `open() -> focusable card field, splash ${splashMs} ms: median ${median(times)} ms, ` +
      `p90 ${pct(times, 90)} ms, min ${Math.min(...times)} ms, max ${Math.max(...times)} ms (${times.length} runs, fresh browser context each)`,
  );
}
