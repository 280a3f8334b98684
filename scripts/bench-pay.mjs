// Benchmark: from Pay on a filled card form to the receipt on screen, in the checkout embedded in the
// demo shop, against the floor (a bare cross-origin form that POSTs once), both under Lighthouse's
// mobile profile through CDP (150 ms RTT, 1.6/0.75 Mbit/s, 4x CPU). Sides take turns each round, so a
// busy machine slows them alike: the ratios compare (PRODUCT.md: within 1.3x), not the times. Also
// prints where the checkout's time went (requests after Pay, Server-Timing, rendering). Each run pays
// a new link with a new card (SPEC 8's duplicate rule). A payment with no receipt is recorded (what the
// payer saw, its answers' statuses, the link's transactions) and the rounds go on: the figures are those
// of the payments that reached their receipt, with the count of those that did not.
// Usage: npm run bench:pay [-- --runs 9 --think 1000 --warm 100 --server packages/sandbox/dist/<file>.mjs --processors in-process --profile]
//        (--warm: card payments through each server's API before the rounds, untimed; 0 for none)
//        (--profile: the paying frame's JavaScript from Pay to the receipt, the functions with the most self time)
//        npm run bench:pay -- --against /tmp/before/packages/sandbox/dist/server.mjs (another build,
//        paired in the same rounds: its medians and its ratio to this build)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { serverOption, startSandbox } from './sandbox-process.mjs';
import { cardFieldsIn, vaultFieldsFrameOf } from './card-field-frame.mjs';
import { cardPaymentRequest, newBenchLink, randomVisa, tokenize } from './api-card-payments.mjs';
import { MOBILE, throttleSession } from './phone-profile.mjs';
import { median } from './bench-stats.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) ? value : fallback;
};
const runs = option('runs', 9);
const thinkMs = option('think', 1000);
const warmPayments = option('warm', 100);
const server = serverOption();
const againstArg = process.argv.indexOf('--against');
const against = againstArg > 0 && process.argv[againstArg + 1] ? resolve(process.cwd(), process.argv[againstArg + 1]) : undefined;
const processorsArg = process.argv.indexOf('--processors');
const inProcess = processorsArg > 0 && process.argv[processorsArg + 1] === 'in-process';
const load = () => loadavg()[0].toFixed(2);

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
  return { url: `http://127.0.0.1:${parentServer.address().port}/`, payUrl: `http://127.0.0.1:${frameServer.address().port}/pay`, stop: () => { frameServer.close(); parentServer.close(); } };
}

/** As `npm start` runs it: the same tree's simulator, books in memory, secrets made up for the run. */
async function startProcessors(serverFile) {
  const simulator = join(dirname(serverFile ?? resolve('packages/sandbox/dist/server.mjs')), '../../simulator/dist/simulator.mjs');
  if (!existsSync(simulator)) throw new Error(`${simulator} is missing: run \`npm run build\` in its tree, or pass --processors in-process`);
  const secret = randomBytes(32).toString('hex');
  const apiSecret = randomBytes(32).toString('hex');
  const child = spawn(process.execPath, [simulator], { env: { ...process.env, SIMULATOR_JOURNAL: 'memory', SIMULATOR_API_SECRET: apiSecret, SIMULATOR_NOTIFICATION_SECRET: secret }, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((done, fail) => {
    let seen = '';
    child.once('exit', (code) => fail(new Error(`the simulator stopped (exit ${code}) before it listened`)));
    child.stdout.on('data', (chunk) => {
      seen += chunk.toString();
      const found = /listening on (http:\/\/\S+)/.exec(seen);
      if (found) done(found[1]);
    });
  });
  return { env: { PROCESSORS_URL: url, SIMULATOR_API_SECRET: apiSecret, SIMULATOR_NOTIFICATION_SECRET: secret }, stop: () => child.kill('SIGTERM') };
}

async function startBuild(serverFile) {
  const processors = inProcess ? null : await startProcessors(serverFile);
  // PROCESSORS_URL '' keeps startSandbox from starting a simulator of its own: the processors run in the server.
  const sandbox = await startSandbox({ SPLASH_MS: '0', ...(processors ? processors.env : { PROCESSORS_URL: '' }) }, serverFile);
  return { ...sandbox, stop: async () => { await sandbox.stop(); processors?.stop(); } };
}

/** Looks after each change to the page, not every frame: a loop would make the browser draw every 16 ms, slowing the heavier page more. */
function watchReceipt() {
  if (!location.pathname.startsWith('/pf/')) return;
  let asked = false;
  const look = () => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(tick);
  };
  const tick = () => {
    asked = false;
    if (window.__benchPaidAt) {
      const heading = [...document.querySelectorAll('h1, h2')].find((h) => /comprobante de pago|payment receipt/i.test(h.textContent ?? '') && h.getClientRects().length > 0);
      if (heading) {
        // The clock stops when the receipt is found, before the figures below are gathered.
        const shownAt = performance.now();
        const paid = window.__benchPaidAt;
        const resources = performance.getEntriesByType('resource')
          .filter((r) => r.startTime >= paid - 1)
          .map((r) => ({
            name: new URL(r.name).pathname, kind: r.initiatorType, start: r.startTime - paid, end: r.responseEnd - paid, received: r.transferSize,
            // The server's own account of its time (Server-Timing), same-origin calls only.
            server: Object.fromEntries((r.serverTiming ?? []).map((t) => [t.name, { ms: t.duration, desc: t.description }])),
          }));
        observer.disconnect();
        return void window.__benchReceiptShown({ ms: shownAt - paid, resources });
      }
    }
  };
  const observer = new MutationObserver(look);
  const start = () => observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true, attributes: true });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

async function throttle(context, page) {
  const targets = [page, ...page.frames().filter((f) => f !== page.mainFrame())];
  let paying;
  for (const target of targets) {
    let cdp;
    try {
      cdp = await context.newCDPSession(target);
    } catch {
      continue; // a same-process frame: its page's session covers it
    }
    await throttleSession(cdp);
    if (target !== page && /\/pf\//.test(target.url())) paying = cdp;
  }
  return paying;
}

function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.split('/').pop().replace(/-[A-Za-z0-9_-]{6,}\./, '.') : '';
    const key = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`.trim();
    ms.set(key, (ms.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return ms;
}
const profileArg = process.argv.includes('--profile');

const RECEIPT_WAIT_MS = 60_000;

/** A payment with no receipt in time: what its frame showed, its answers after Pay and what the sandbox recorded. */
async function whatThePayerSaw(page, target, code, answers) {
  const frame = page.frames().find((f) => /\/pf\//.test(f.url()));
  const shown = frame
    ? await frame.evaluate(() => {
      const visible = (el) => el.getClientRects().length > 0 && !el.closest('[hidden]');
      const texts = (selector) => [...document.querySelectorAll(selector)].filter(visible).map((el) => (el.textContent ?? '').trim()).filter((t) => t !== '');
      return {
        address: location.pathname,
        headings: texts('h1, h2'),
        alerts: texts('[role="alert"], [role="status"], .field__error'),
        fields: Object.fromEntries([...document.querySelectorAll('form input[name]')].filter(visible).map((el) => [el.name, el.value])),
        invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => el.getAttribute('name')),
        button: document.querySelector('form button[type="submit"]')?.textContent?.trim(),
      };
    }).catch((error) => ({ unreadable: String(error) }))
    : { unreadable: 'no checkout frame' };
  // The card vault's fields: their errors, never what was typed.
  const fields = vaultFieldsFrameOf(page);
  const vault = fields
    ? await fields.evaluate(() => ({
      alerts: [...document.querySelectorAll('.field__error')].map((el) => (el.textContent ?? '').trim()).filter((t) => t !== ''),
      invalid: [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => el.getAttribute('name')),
    })).catch((error) => ({ unreadable: String(error) }))
    : null;
  let recorded = null;
  if (target.sandbox && code) {
    const answer = await fetch(`${target.sandbox.url}/sandbox/transactions?code=${encodeURIComponent(code)}`).catch(() => null);
    recorded = answer?.ok ? (await answer.json()).transactions?.map((t) => ({ codOper: t.codOper, status: t.status, method: t.method })) ?? [] : `answered ${answer?.status ?? 'nothing'}`;
  }
  return { target: target.name, waitedMs: RECEIPT_WAIT_MS, shown, vault, answers, recorded };
}

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
    await frame.locator('[name="name"]').waitFor({ state: 'visible', timeout: 120_000 });
    const card = await cardFieldsIn(frame);
    await card.locator('[name="cardnumber"]').waitFor({ state: 'visible', timeout: 120_000 });
    const paying = await throttle(context, page);
    // What each request after Pay sent (its body's bytes): the upload is the slower way at 750 kbit/s.
    const sent = new Map();
    let pressed = false;
    paying?.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (!pressed || !request.hasPostData) return;
      const path = new URL(request.url).pathname;
      if (request.postData !== undefined) return void sent.set(path, Buffer.byteLength(request.postData));
      // A body the event left out (a compressed one too): asked for, as bytes when CDP sends base64.
      void paying.send('Network.getRequestPostData', { requestId }).then(({ postData, base64Encoded }) => sent.set(path, base64Encoded ? Buffer.from(postData, 'base64').length : Buffer.byteLength(postData)), () => undefined);
    });
    if (profileArg && paying) {
      await paying.send('Profiler.enable');
      await paying.send('Profiler.setSamplingInterval', { interval: 200 });
    }
    const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
    const fields = { cardnumber: randomVisa(), expirationDate: `12/${nextYear}`, cvc: '123', name: 'María José Núñez', email: 'maria.nunez@example.com', phone: '+507 6123-4567' };
    for (const [name, value] of Object.entries(fields)) {
      const field = (['cardnumber', 'expirationDate', 'cvc'].includes(name) ? card : frame).locator(`[name="${name}"]`);
      if (await field.count()) await field.pressSequentially(value, { delay: 5 });
    }
    await page.waitForTimeout(thinkMs);
    if (profileArg && paying) await paying.send('Profiler.start');
    pressed = true;
    // The answers after Pay, for a payment that shows no receipt.
    const answers = [];
    page.on('response', (response) => answers.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`));
    // Pressed in the frame, on its clock: the time starts with the click's own task.
    await frame.locator('form button[type="submit"]').evaluate((button) => {
      window.__benchPaidAt = performance.now();
      button.click();
    });
    const seen = await Promise.race([receipt, new Promise((done) => setTimeout(() => done(null), RECEIPT_WAIT_MS))]);
    if (!seen) return { failed: await whatThePayerSaw(page, target, code, answers) };
    if (profileArg && paying) seen.profile = selfTimes((await paying.send('Profiler.stop')).profile);
    for (const r of seen.resources) r.sent = sent.get(r.name);
    return seen;
  } finally {
    await context.close();
  }
}

/**
 * Each side's servers as a node that has served payers meets the next one: `--warm` card payments (100
 * by default) through its API before the first round, sequential, not timed, so its code is optimised
 * and its statements prepared (a node's first payments take several times as long: measured 333, 177
 * and 95 ms of server time for its first three, about 15 ms after 60). The floor's server is paid as
 * many times. The browser's warm-up is round 0, as before.
 */
async function warmServers(target) {
  if (target.sandbox && !target.sandbox.vault) {
    console.log(`${target.name}: a build without a card vault (before issue 90) is not warmed: it takes no token`);
    return;
  }
  if (target.sandbox) {
    const code = await newBenchLink(target.sandbox.url);
    for (let i = 0; i < warmPayments; i++) {
      const { path, init } = cardPaymentRequest(code, await tokenize(target.sandbox.vault.url));
      const res = await fetch(`${target.sandbox.url}${path}`, init);
      const body = await res.text();
      if (!res.ok) throw new Error(`the warm-up's card payment ${i + 1} on ${target.name} answered ${res.status}: ${body.slice(0, 300)}`);
    }
    return;
  }
  for (let i = 0; i < warmPayments; i++) {
    const res = await fetch(floor.payUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ cardnumber: randomVisa(), cvc: '123' }) });
    await res.arrayBuffer();
  }
}

const requestName = (r) => (r.name.includes('/api/') ? r.name.replace(/\/[A-Z0-9]*\d[A-Z0-9]*$/, '/:code') : r.name.split('/').pop().replace(/-[A-Za-z0-9_-]{6,}\./, '.'));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
});
const floor = await startFloor();
const ours = await startBuild(server);
const other = against ? await startBuild(against) : null;
const shopUrl = (sandbox) => `${sandbox.demoUrl.replace('//localhost:', '//127.0.0.1:')}/`;
const targets = [
  { name: 'checkout', sandbox: ours, url: shopUrl(ours) },
  ...(other ? [{ name: 'against', sandbox: other, url: shopUrl(other) }] : []),
  { name: 'floor', sandbox: null, url: floor.url },
];
const times = Object.fromEntries(targets.map((t) => [t.name, []]));
const ratios = Object.fromEntries(targets.map((t) => [t.name, []]));
const requests = Object.fromEntries(targets.map((t) => [t.name, []]));
const loads = [];
const profiles = {};
// Payments with no receipt, per side, each with what the payer saw.
const failures = Object.fromEntries(targets.map((t) => [t.name, []]));
const pairedRatios = [];
console.log(`load average at the start: ${load()} (two cores: about 1 is this run alone)`);
console.log(`processors: ${inProcess ? 'in the server process' : "the simulator's service over HTTP, as npm start runs it"}`);
try {
  for (const target of targets) await warmServers(target);
  // Round 0 warms the browser and the pages' own paths; it is not counted.
  for (let i = 0; i <= runs; i++) {
    const round = {};
    for (let k = 0; k < targets.length; k++) {
      const target = targets[(i + k) % targets.length];
      // A payment that broke before Pay (its form never shown) is a round without a receipt too.
      round[target.name] = await payOnce(browser, target).catch((error) => ({ failed: { target: target.name, error: String(error?.message ?? error) } }));
    }
    for (const t of targets) {
      if (!round[t.name].failed) continue;
      if (i > 0) failures[t.name].push(round[t.name].failed);
      process.stdout.write(`round ${i}: ${t.name} showed no receipt within ${RECEIPT_WAIT_MS / 1000} s${i === 0 ? ' (warm-up round)' : ''}: ${JSON.stringify(round[t.name].failed)}\n`);
    }
    if (i === 0) continue;
    for (const t of targets) {
      const seen = round[t.name];
      if (seen.failed) continue;
      if (seen.profile) (profiles[t.name] ??= []).push(seen.profile);
      times[t.name].push(seen.ms);
      // A ratio needs the floor's payment of the same round.
      if (!round.floor.failed) ratios[t.name].push(seen.ms / round.floor.ms);
      requests[t.name].push(seen.resources);
    }
    if (other) pairedRatios.push(round.checkout.failed || round.against.failed ? null : round.checkout.ms / round.against.ms);
    loads.push(Number(load()));
    process.stdout.write(`round ${i}: ${targets.map((t) => `${t.name} ${round[t.name].failed ? 'no receipt' : `${Math.round(round[t.name].ms)} ms`}`).join(', ')}; load average ${load()}\n`);
  }
  const reached = (name) => `${times[name].length} of ${runs} reached the receipt${failures[name].length ? `, ${failures[name].length} did not` : ''}`;
  console.log(`\nPay -> receipt on screen under Lighthouse's mobile profile (CPU ${MOBILE.cpuRate}x, ${MOBILE.network.latency} ms round trip, 1.6 Mbit/s down, 750 kbit/s up), ${runs} paired rounds, load average ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)} (median ${median(loads).toFixed(2)}):`);
  for (const t of targets) {
    const label = t.name === 'floor' ? 'floor (bare form in a cross-origin iframe: one POST, the answer shown)' : t.name === 'against' ? `checkout from ${against}` : 'checkout (demo shop, embedded)';
    if (times[t.name].length === 0) {
      console.log(`  ${label}: no payment reached the receipt (${failures[t.name].length} did not)`);
      continue;
    }
    console.log(`  ${label}: median ${Math.round(median(times[t.name]))} ms (min ${Math.round(Math.min(...times[t.name]))}, max ${Math.round(Math.max(...times[t.name]))}); ${reached(t.name)}`);
  }
  for (const t of targets.filter((x) => x.name !== 'floor')) {
    const r = ratios[t.name];
    if (r.length === 0 || times.floor.length === 0) continue;
    console.log(`  ratio ${t.name} / floor: ${(median(times[t.name]) / median(times.floor)).toFixed(2)}x of the medians, ${median(r).toFixed(2)}x median of the rounds (${Math.min(...r).toFixed(2)}x-${Math.max(...r).toFixed(2)}x, ${r.length} rounds with both receipts); bar 1.3x (PRODUCT.md)`);
  }
  if (other) {
    const paired = pairedRatios.filter((x) => x !== null);
    if (paired.length > 0) console.log(`  this build / against: ${median(paired).toFixed(2)}x median of the ${paired.length} rounds with both receipts`);
  }
  for (const t of targets) {
    for (const failed of failures[t.name]) console.log(`  no receipt (${t.name}): ${JSON.stringify(failed)}`);
  }
  // Where the time went: every request made after Pay, by name, in how many rounds, and its median
  // start and end (ms after Pay); what follows the last answer is rendering.
  for (const t of targets.filter((x) => times[x.name].length > 0)) {
    console.log(`\nWhere the time went, ${t.name} (medians, ms after Pay, the ${times[t.name].length} payments that reached the receipt):`);
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
      // The server's parts by name (Server-Timing), medians of the rounds that sent them.
      const parts = [...new Set(rs.flatMap((r) => Object.keys(r.server ?? {})))].map((part) => {
        const seen = rs.map((r) => r.server?.[part]).filter(Boolean);
        const desc = seen.at(-1)?.desc ? ` (${seen.at(-1).desc})` : '';
        return `${part} ${median(seen.map((p) => p.ms)).toFixed(1)}${desc}`;
      });
      const bytes = (xs) => (xs.length ? `${Math.round(median(xs))} B` : '?');
      const sizes = `sent ${bytes(rs.map((r) => r.sent).filter((n) => n !== undefined))}, received ${bytes(rs.map((r) => r.received).filter((n) => n > 0))}`;
      console.log(`  ${name}: ${rs.length} of ${times[t.name].length} payments, start ${Math.round(median(rs.map((r) => r.start)))}, end ${Math.round(median(rs.map((r) => r.end)))}; ${sizes}${parts.length ? `; server: ${parts.join(', ')}` : ''}`);
    }
    const chunks = requests[t.name].map((round) => round.filter((r) => /\.(m?js|css)$/.test(r.name)).length);
    const firstStarts = requests[t.name].map((round) => Math.min(...round.map((r) => r.start)));
    const lastEnds = requests[t.name].map((round) => Math.max(0, ...round.map((r) => r.end)));
    const render = times[t.name].map((ms, i) => ms - lastEnds[i]);
    if (profiles[t.name]) {
      // The frame's JavaScript between Pay and the receipt: the functions with the most self time, medians of the rounds.
      const names = new Set(profiles[t.name].flatMap((p) => [...p.keys()]));
      const rows = [...names].map((name) => [name, median(profiles[t.name].map((p) => p.get(name) ?? 0))]).sort((a, b) => b[1] - a[1]);
      const total = median(profiles[t.name].map((p) => [...p.values()].reduce((a, b) => a + b, 0)));
      console.log(`  the frame's profile, Pay to receipt: ${Math.round(total)} ms sampled (idle included); most self time:`);
      for (const [name, ms] of rows.slice(0, 15)) console.log(`    ${ms.toFixed(1)} ms ${name}`);
    }
    console.log(`  requests: ${Math.round(median(requests[t.name].map((round) => round.length)))} per payment (${median(chunks)} of them JS or CSS chunks); the page's work before the first ${Math.round(median(firstStarts))}, the last answer in at ${Math.round(median(lastEnds))}; rendering after it ${Math.round(median(render))}; on screen ${Math.round(median(times[t.name]))}`);
  }
} finally {
  await browser.close();
  await ours.stop();
  await other?.stop();
  floor.stop();
}
