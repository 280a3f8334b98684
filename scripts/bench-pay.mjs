// Benchmark: from the press of Pay on a filled card form to the receipt on screen, in the checkout
// embedded in the demo shop, against the floor: a bare form in a cross-origin iframe that POSTs once
// and shows the answer. Both under Lighthouse's mobile profile, set through CDP on every frame's
// target (Network.emulateNetworkConditions: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up;
// Emulation.setCPUThrottlingRate: 4x), in Debian's Chromium. The two sides take turns in each round,
// so a busy machine slows them alike; the report gives the medians of each side and of the rounds'
// ratios (PRODUCT.md's bar: within 1.5x), and where the checkout's time went: each request made
// after Pay (API calls and chunks, from the frame's Resource Timing) and the rendering after the
// last answer.
// Each run pays a new link with a new approved card (SPEC 8 refuses the same card and amount
// within 5 minutes as a possible duplicate). The form is filled as a payer types it, then left a
// moment (a payer reads the button before pressing it), so what the form fetches while typed is in.
// Usage: npm run bench:pay [-- --runs 9 --think 1000 --server packages/sandbox/dist/<file>.mjs]
//        npm run bench:pay -- --against /tmp/before/packages/sandbox/dist/server.mjs (another build,
//        paired in the same rounds: its medians and its ratio to this build)
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serverOption, startSandbox } from './sandbox-process.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) ? value : fallback;
};
const runs = option('runs', 9);
/** ms between the form filled and Pay pressed. */
const thinkMs = option('think', 1000);
const server = serverOption();
const againstArg = process.argv.indexOf('--against');
const against = againstArg > 0 && process.argv[againstArg + 1] ? resolve(process.cwd(), process.argv[againstArg + 1]) : undefined;

/** Lighthouse's mobile profile ("Slow 4G" with a mid-range phone's CPU). */
const MOBILE = {
  network: { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 },
  cpuRate: 4,
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A random Visa number with a good Luhn digit: any card outside the test table is approved. */
function randomVisa() {
  const digits = [4, 1, 1, 1, ...Array.from({ length: 11 }, () => Math.floor(Math.random() * 10))];
  const sum = digits.reduce((acc, d, i) => {
    const doubled = (digits.length - i) % 2 === 1 ? d * 2 : d;
    return acc + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

/** The floor: a merchant page and, on another origin, a form that POSTs once and shows the answer. */
async function startFloor() {
  const listen = (handler) => new Promise((done) => {
    const s = createServer(handler);
    s.listen(0, '127.0.0.1', () => done(s));
  });
  const frameServer = await listen((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 1, codOper: `OP${Date.now()}`, amount: 25, description: 'Benchmark', received: body.length }));
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><body><form>
<input name="cardnumber"><input name="expirationDate"><input name="cvc"><input name="name"><input name="email">
<button type="submit">Pagar</button></form><script>
document.querySelector('form').addEventListener('submit', (e) => {
  e.preventDefault();
  fetch('/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(Object.fromEntries(new FormData(e.target))) })
    .then((r) => r.json())
    .then((answer) => { const h = document.createElement('h1'); h.textContent = 'Comprobante de pago ' + answer.codOper; document.body.replaceChildren(h); });
});
</script></body>`);
  });
  const frameUrl = `http://localhost:${frameServer.address().port}/pf/widget`;
  const parentServer = await listen((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><meta charset="utf-8"><body><script>
window.Checkout = { open() { const f = document.createElement('iframe'); f.src = '${frameUrl}'; f.style.cssText = 'width:100%;height:700px;border:0'; document.body.append(f); } };
</script></body>`);
  });
  return { url: `http://127.0.0.1:${parentServer.address().port}/`, stop: () => { frameServer.close(); parentServer.close(); } };
}

/**
 * Runs in every frame from its first moment: reports, on the frame's clock, the first animation frame
 * that shows the receipt's heading after Pay was pressed (window.__benchPaidAt).
 */
function watchReceipt() {
  if (!location.pathname.startsWith('/pf/')) return;
  const tick = () => {
    if (window.__benchPaidAt) {
      const heading = [...document.querySelectorAll('h1, h2')].find((h) => /comprobante de pago|payment receipt/i.test(h.textContent ?? '') && h.getClientRects().length > 0);
      if (heading) {
        const paid = window.__benchPaidAt;
        const resources = performance.getEntriesByType('resource')
          .filter((r) => r.startTime >= paid - 1)
          .map((r) => ({ name: new URL(r.name).pathname, kind: r.initiatorType, start: r.startTime - paid, end: r.responseEnd - paid }));
        return void window.__benchReceiptShown({ ms: performance.now() - paid, resources });
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** Every target of the page (its cross-origin frames have their own renderer) under the mobile profile. */
async function throttle(context, page) {
  const targets = [page, ...page.frames().filter((f) => f !== page.mainFrame())];
  for (const target of targets) {
    let cdp;
    try {
      cdp = await context.newCDPSession(target);
    } catch {
      continue; // a same-process frame: its page's session covers it
    }
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', MOBILE.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuRate });
  }
}

/** One payment, in a fresh browser context: Pay pressed -> receipt heading on screen, in ms. */
async function payOnce(browser, target) {
  const code = target.sandbox ? (await (await fetch(`${target.sandbox.url}/sandbox/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 25, description: 'Benchmark' }),
  })).json()).code : '';
  const context = await browser.newContext({ locale: 'es-PA' });
  try {
    let shown;
    const receipt = new Promise((done) => (shown = done));
    await context.exposeBinding('__benchReceiptShown', (_source, seen) => shown(seen));
    await context.addInitScript(watchReceipt);
    const page = await context.newPage();
    await page.goto(target.url);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function', null, { timeout: 120_000 });
    await page.evaluate((c) => window.Checkout.open({ code: c }), code);
    const frame = page.frameLocator('iframe[src*="/pf/"]');
    await frame.locator('[name="cardnumber"]').waitFor({ state: 'visible', timeout: 120_000 });
    await throttle(context, page);
    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    const fields = { cardnumber: randomVisa(), expirationDate: `12/${nextYear}`, cvc: '123', name: 'María José Núñez', email: 'maria.nunez@example.com', phone: '+507 6123-4567' };
    for (const [name, value] of Object.entries(fields)) {
      const field = frame.locator(`[name="${name}"]`);
      if (await field.count()) await field.pressSequentially(value, { delay: 5 });
    }
    await page.waitForTimeout(thinkMs);
    // Pressed in the frame, on its clock: the time starts with the click's own task.
    await frame.locator('form button[type="submit"]').evaluate((button) => {
      window.__benchPaidAt = performance.now();
      button.click();
    });
    const seen = await Promise.race([receipt, new Promise((_, reject) => setTimeout(() => reject(new Error(`no receipt within 60 s (${target.name})`)), 60_000))]);
    return seen;
  } finally {
    await context.close();
  }
}

/** A request's name in the report: the API call's path without its codes, or the chunk's file. */
const requestName = (r) => (r.name.includes('/api/') ? r.name.replace(/\/[A-Z0-9]*\d[A-Z0-9]*$/, '/:code') : r.name.split('/').pop().replace(/-[A-Za-z0-9_-]{6,}\./, '.'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const floor = await startFloor();
const ours = await startSandbox({ SPLASH_MS: '0' }, server);
const other = against ? await startSandbox({ SPLASH_MS: '0' }, against) : null;
const shopUrl = (sandbox) => `${sandbox.demoUrl.replace('//localhost:', '//127.0.0.1:')}/`;
const targets = [
  { name: 'checkout', sandbox: ours, url: shopUrl(ours) },
  ...(other ? [{ name: 'against', sandbox: other, url: shopUrl(other) }] : []),
  { name: 'floor', sandbox: null, url: floor.url },
];
const times = Object.fromEntries(targets.map((t) => [t.name, []]));
const ratios = Object.fromEntries(targets.map((t) => [t.name, []]));
const requests = Object.fromEntries(targets.map((t) => [t.name, []]));
try {
  // Round 0 warms the servers and the browser; it is not counted.
  for (let i = 0; i <= runs; i++) {
    const round = {};
    for (let k = 0; k < targets.length; k++) {
      const target = targets[(i + k) % targets.length];
      round[target.name] = await payOnce(browser, target);
    }
    if (i === 0) continue;
    for (const t of targets) {
      times[t.name].push(round[t.name].ms);
      ratios[t.name].push(round[t.name].ms / round.floor.ms);
      requests[t.name].push(round[t.name].resources);
    }
    process.stdout.write(`round ${i}: ${targets.map((t) => `${t.name} ${Math.round(round[t.name].ms)} ms`).join(', ')}\n`);
  }
  console.log(`\nPay -> receipt on screen under Lighthouse's mobile profile (CPU ${MOBILE.cpuRate}x, ${MOBILE.network.latency} ms round trip, 1.6 Mbit/s down, 750 kbit/s up), ${runs} paired rounds:`);
  for (const t of targets) {
    const label = t.name === 'floor' ? 'floor (bare form in a cross-origin iframe: one POST, the answer shown)' : t.name === 'against' ? `checkout from ${against}` : 'checkout (demo shop, embedded)';
    console.log(`  ${label}: median ${Math.round(median(times[t.name]))} ms (min ${Math.round(Math.min(...times[t.name]))}, max ${Math.round(Math.max(...times[t.name]))})`);
  }
  for (const t of targets.filter((x) => x.name !== 'floor')) {
    const r = ratios[t.name];
    console.log(`  ratio ${t.name} / floor: ${(median(times[t.name]) / median(times.floor)).toFixed(2)}x of the medians, ${median(r).toFixed(2)}x median of the rounds (${Math.min(...r).toFixed(2)}x-${Math.max(...r).toFixed(2)}x); bar 1.5x`);
  }
  if (other) {
    const paired = times.checkout.map((ms, i) => ms / times.against[i]);
    console.log(`  this build / against: ${median(paired).toFixed(2)}x median of the rounds`);
  }
  // Where the time went: every request made after Pay, by name, in how many rounds, and its median
  // start and end (ms after Pay); what follows the last answer is rendering.
  for (const t of targets) {
    console.log(`\nWhere the time went, ${t.name} (medians, ms after Pay):`);
    const byName = new Map();
    for (const round of requests[t.name]) {
      for (const r of round) {
        const name = `${r.kind} ${requestName(r)}`;
        if (!byName.has(name)) byName.set(name, []);
        byName.get(name).push(r);
      }
    }
    const rows = [...byName].sort((a, b) => median(a[1].map((r) => r.start)) - median(b[1].map((r) => r.start)));
    for (const [name, rs] of rows) {
      console.log(`  ${name}: ${rs.length} of ${runs} rounds, start ${Math.round(median(rs.map((r) => r.start)))}, end ${Math.round(median(rs.map((r) => r.end)))}`);
    }
    const lastEnds = requests[t.name].map((round) => Math.max(0, ...round.map((r) => r.end)));
    const render = times[t.name].map((ms, i) => ms - lastEnds[i]);
    console.log(`  requests: ${Math.round(median(requests[t.name].map((round) => round.length)))} per payment, the last answer in at ${Math.round(median(lastEnds))}; rendering after it ${Math.round(median(render))}; on screen ${Math.round(median(times[t.name]))}`);
  }
} finally {
  await browser.close();
  await ours.stop();
  await other?.stop();
  floor.stop();
}
