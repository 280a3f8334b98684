// Benchmark: from Checkout.open() on the merchant page to a focusable card field inside the checkout
// iframe, in headless Chromium, against the floor of any iframe checkout measured in the same run
// (PRODUCT.md "Speed"): a bare iframe on another origin that makes one API call and shows an input.
// Each open comes a settle time (1 s) after the page's load event, as a payer's click does: right at
// the load event a fresh context still spends 300-450 ms of CPU in a renderer on this 2-core machine
// (measured too, for information). Also measured: the page after Checkout.preload(), the default
// SPEC splash and reopens, the returns from a bank or 3DS page, where each side's time and CPU went
// (navigation timings, /proc), and `--against` builds paired in the same rounds.
// Usage: npm run bench:open [-- --runs 15 --splash-runs 5 --return-runs 5 --settle 1000 --server packages/sandbox/dist/<file>.mjs]
//        npm run bench:open -- --runs 20 --against packages/sandbox/dist/<other>.mjs [--against ...] [--splash-runs 10] [--return-runs 8]
//        (an --against build may sit in another built tree: /tmp/before/packages/sandbox/dist/server.mjs
//        serves /tmp/before/packages/widget/dist, so a change to the widget is compared too)
//        npm run bench:open -- --phone [...]   (everything on a payer's phone: scripts/phone-profile.mjs)
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { chromium } from 'playwright-core';
import { basename, resolve } from 'node:path';
import { serverOption, startSandbox } from './sandbox-process.mjs';
import { startFloor } from './bare-iframe-floor.mjs';
import { cardFieldsIn, isCardFieldFramePath } from './card-field-frame.mjs';
import { ANDROID_PROCESS_ARGS, MOBILE, PHONE_CONTEXT, assertOneProcess, throttlePage } from './phone-profile.mjs';
import { median, percentile } from './bench-stats.mjs';

const option = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? NaN : Number(process.argv[at + 1]);
  return Number.isFinite(value) ? value : fallback;
};
const runs = option('runs', 15);
const settleMs = option('settle', 1000);
const server = serverOption();
const against = process.argv.flatMap((arg, i) => (arg === '--against' && process.argv[i + 1] ? [resolve(process.cwd(), process.argv[i + 1])] : []));
const nameOf = (file) => (file.startsWith(resolve('packages/sandbox/dist')) ? basename(file) : file);
/** PRODUCT.md's "the same on a payer's phone": every open, reopen and return under Lighthouse's mobile profile. */
const phone = process.argv.includes('--phone');
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync', ...(phone ? ANDROID_PROCESS_ARGS : [])];
/** A fresh context (a cold cache), a phone's screen under --phone. */
const newContext = (browser, options = {}) => browser.newContext(phone ? { ...options, ...PHONE_CONTEXT } : options);
let oneProcessChecked = false;
/** A page, throttled from its first request under --phone. */
async function newPage(context) {
  const page = await context.newPage();
  if (phone) await throttlePage(context, page);
  return page;
}
/** Once, after the first open: every frame is in the page's process, so the throttling reached them all. */
async function checkOneProcess(context, page) {
  if (!phone || oneProcessChecked) return;
  await assertOneProcess(context, page);
  oneProcessChecked = true;
}

/** CPU ms per process so far, from /proc/<pid>/task/<tid>/schedstat: which process an open's CPU went to. Empty without /proc. */
function cpuSnapshot(sandboxPid) {
  const processes = new Map();
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return processes;
  }
  for (const pid of pids) {
    let kind;
    try {
      // Chromium rewrites its processes' titles: their arguments may be separated by spaces, not NULs.
      kind = processKind(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/), sandboxPid);
    } catch {
      continue;
    }
    if (!kind) continue;
    let ns = 0;
    try {
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
        } catch {
          // the thread ended in between
        }
      }
    } catch {
      continue;
    }
    processes.set(pid, { kind, ms: ns / 1e6 });
  }
  return processes;
}

function processKind(pid, argv, sandboxPid) {
  if (pid === String(process.pid)) return 'benchmark';
  if (pid === String(sandboxPid)) return 'server';
  if (!/chrom/i.test(argv[0] ?? '')) return undefined;
  const type = argv.find((arg) => arg.startsWith('--type='))?.slice('--type='.length);
  if (!type) return 'browser';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'utility') return /network/i.test(argv.find((arg) => arg.startsWith('--utility-sub-type=')) ?? '') ? 'network' : 'utility';
  return type;
}

/** A process started in between is counted apart: Chromium starts a spare renderer when the open takes the one it had. */
function cpuUsed(before, after) {
  const used = {};
  for (const [pid, { kind, ms }] of after) {
    const earlier = before.get(pid);
    const key = earlier ? kind : 'started';
    used[key] = (used[key] ?? 0) + ms - (earlier?.ms ?? 0);
  }
  return used;
}


/**
 * On the first animation frame that shows a card field, focuses it and reports the time through a
 * binding, not Playwright's locator: its polls (0, 20, 70... 770 ms) and ~300 KB helper would hold up the page.
 */
function watchCardField(isCardFieldFramePath) {
  if (!isCardFieldFramePath(location.pathname)) return;
  // When the frame's document was made (its renderer took the page) and when the parser (or the
  // floor's script) put the card field in it: the phases between the answer and the screen.
  const documentAt = performance.now();
  let insertedAt = 0;
  const inserted = new MutationObserver(() => {
    if (insertedAt || !document.querySelector('[name="cardnumber"]')) return;
    insertedAt = performance.now();
    inserted.disconnect();
  });
  inserted.observe(document, { childList: true, subtree: true });
  const tick = () => {
    const field = document.querySelector('[name="cardnumber"]');
    if (field && !field.disabled && field.getClientRects().length > 0 && getComputedStyle(field).visibility === 'visible') {
      field.focus();
      if (document.activeElement === field) {
        // The frame's navigation, on the same clock: when its request left, its answer's first and
        // last byte arrived, and its page was parsed.
        const nav = performance.getEntriesByType('navigation')[0];
        // 0 is "not yet": the field can be on screen before the page's last byte, or its parsing.
        const at = (ms) => (ms > 0 ? performance.timeOrigin + ms : null);
        const phases = nav
          ? { request: at(nav.requestStart), firstByte: at(nav.responseStart), document: at(documentAt), inserted: at(insertedAt || performance.now()), lastByte: at(nav.responseEnd), parsed: at(nav.domInteractive) }
          : {};
        return void window.__benchCardFieldFocused({ at: at(performance.now()), phases });
      }
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** What every frame of the page runs: watchCardField's source and the frame test's, which it is given. */
const WATCH_CARD_FIELD = `(${watchCardField})(${isCardFieldFramePath});`;

async function openOnce(browser, target, settle) {
  const code = target.sandbox ? (await (await fetch(`${target.sandbox.url}/sandbox/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 25, description: 'Benchmark' }),
  })).json()).code : '';
  const context = await newContext(browser);
  try {
    let focusedAt;
    const focused = new Promise((resolve) => (focusedAt = resolve));
    await context.exposeBinding('__benchCardFieldFocused', (_source, at) => focusedAt(at));
    await context.addInitScript(WATCH_CARD_FIELD);
    const page = await newPage(context);
    await page.goto(target.url);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    // as a shop's checkout page would, once it has loaded: a hidden frame on the checkout's origin
    if (target.preload) await page.evaluate(() => window.Checkout.preload());
    if (settle > 0) await page.waitForTimeout(settle);
    const cpuBefore = cpuSnapshot(target.sandbox?.child?.pid);
    const started = await page.evaluate((c) => {
      window.__benchReady = new Promise((resolve) => {
        const t = performance.timeOrigin + performance.now();
        window.__benchStarted = t;
        window.Checkout.open({ code: c, onReady: () => resolve(performance.timeOrigin + performance.now() - t) });
      });
      return window.__benchStarted;
    }, code);
    const seen = await Promise.race([focused, new Promise((_, reject) => setTimeout(() => reject(new Error('no focusable card field within 30 s')), 30_000))]);
    const cpu = cpuUsed(cpuBefore, cpuSnapshot(target.sandbox?.child?.pid));
    await checkOneProcess(context, page);
    // And Playwright finds it visible and focused, as a payer's tap would leave it.
    const field = (await cardFieldsIn(page.frameLocator('iframe[src*="/pf/widget"]'))).locator('[name="cardnumber"]');
    // and open() has taken the hidden frame out of the page
    if (target.preload && (await page.locator('iframe').count()) !== 1) throw new Error('the preload frame is still in the page after open()');
    const still = await field.evaluate((el) => (document.activeElement === el && el.getClientRects().length > 0 ? 'ok' : String(document.activeElement?.outerHTML).slice(0, 160)));
    if (still !== 'ok') throw new Error(`the card field lost the focus (${target.sandbox ? 'checkout' : 'floor'}; focus on ${still})`);
    const ready = target.sandbox ? Math.round(await page.evaluate(() => window.__benchReady)) : null;
    const phases = Object.fromEntries(Object.entries(seen.phases).map(([name, at]) => [name, at === null ? null : Math.round(at - started)]));
    return { focused: Math.round(seen.at - started), ready, phases, cpu };
  } finally {
    await context.close();
  }
}

/** The page's first open() with SPEC 2's splash, then a reopen on the same page (no splash), in ms from each open(). */
async function openTwice(browser, target, settle) {
  const newCode = async () => (await (await fetch(`${target.sandbox.url}/sandbox/links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 25, description: 'Benchmark' }),
  })).json()).code;
  const context = await newContext(browser);
  try {
    const seen = [];
    let waiting = null;
    await context.exposeBinding('__benchCardFieldFocused', (_source, at) => (waiting ? waiting(at) : seen.push(at)));
    await context.addInitScript(WATCH_CARD_FIELD);
    const page = await newPage(context);
    await page.goto(target.url);
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    if (settle > 0) await page.waitForTimeout(settle);
    const openAndWait = async (code) => {
      const focused = new Promise((resolve) => (waiting = resolve));
      const started = await page.evaluate((c) => {
        const t = performance.timeOrigin + performance.now();
        window.__benchHandle = window.Checkout.open({ code: c });
        return t;
      }, code);
      const at = await Promise.race([focused, new Promise((_, reject) => setTimeout(() => reject(new Error('no focusable card field within 30 s')), 30_000))]);
      waiting = null;
      return Math.round(at.at - started);
    };
    // A link made once and opened many times, as shops do.
    const code = await newCode();
    const first = await openAndWait(code);
    await checkOneProcess(context, page);
    await page.evaluate(() => window.__benchHandle.close());
    if (settle > 0) await page.waitForTimeout(settle);
    // The payer opens it again on the same page.
    const reopen = await openAndWait(code);
    return { first, reopen };
  } finally {
    await context.close();
  }
}

function report(what, times) {
  console.log(`${what}: median ${median(times)} ms, p90 ${percentile(times, 90)} ms, min ${Math.min(...times)} ms, max ${Math.max(...times)} ms (${times.length} runs, fresh browser context each)`);
}

/** On another site than the checkout (127.0.0.1 against localhost), so the frame gets a process of its own, as the floor's. */
const shopUrl = (sandbox) => `${sandbox.demoUrl.replace('//localhost:', '//127.0.0.1:')}/`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });
if (phone) {
  const { latency, downloadThroughput, uploadThroughput } = MOBILE.network;
  console.log(`On a phone: Lighthouse's mobile profile (CPU ${MOBILE.cpuRate}x slower, ${latency} ms round trip, ${(downloadThroughput * 8 / 1024 / 1024).toFixed(1)} Mbit/s down, ` +
    `${Math.round(uploadThroughput * 8 / 1024)} kbit/s up, ${PHONE_CONTEXT.viewport.width}x${PHONE_CONTEXT.viewport.height} at ${PHONE_CONTEXT.deviceScaleFactor}x), ` +
    "every frame in the page's process as Chrome on Android has them, a cold cache on every first open; the floor under the same profile");
}
// `--runs 0` leaves the opens out (to measure only the default settings or the returns).
if (runs > 0) {
  const floor = await startFloor();
  const fast = await startSandbox({ SPLASH_MS: '0' }, server);
  const others = [];
  for (const file of against) others.push({ file, sandbox: await startSandbox({ SPLASH_MS: '0' }, file) });
  const LABELS = {
    checkout: 'checkout, the shop page as it is (no preload)',
    preloaded: 'checkout, the shop page called Checkout.preload() when it loaded',
    floor: 'floor (bare cross-origin iframe, one API call, an input)',
  };
  const SIDES = against.length ? ['checkout'] : ['checkout', 'preloaded'];
  for (const { file } of others) LABELS[nameOf(file)] = `checkout from ${nameOf(file)}, the shop page as it is`;
  try {
    // The targets take turns, so a busy machine slows them alike; the first round warms each server
    // and the browser. First every round opens each after the settle time (the budget's measurement),
    // then every round opens each right at the load event (for information).
    const modes = against.length || phone ? { click: settleMs } : { click: settleMs, atLoad: 0 };
    const targets = against.length
      ? {
          checkout: { sandbox: fast, url: shopUrl(fast) },
          ...Object.fromEntries(others.map(({ file, sandbox }) => [nameOf(file), { sandbox, url: shopUrl(sandbox) }])),
          floor: { sandbox: null, url: floor.url },
        }
      : {
          checkout: { sandbox: fast, url: shopUrl(fast) },
          preloaded: { sandbox: fast, url: shopUrl(fast), preload: true },
          floor: { sandbox: null, url: floor.url },
        };
    const names = Object.keys(targets);
    const results = Object.fromEntries(Object.keys(modes).map((mode) => [mode, Object.fromEntries(names.map((name) => [name, { times: [], ready: [], ratios: [], phases: [], cpu: [] }]))]));
    // One mode after the other, so the opens at the load event (and their busy browser) do not sit
    // between the settled ones.
    for (const [mode, settle] of Object.entries(modes)) {
      for (let i = 0; i < runs + 1; i++) {
        const order = names.map((_, k) => names[(i + k) % names.length]);
        const round = {};
        for (const name of order) round[name] = await openOnce(browser, targets[name], settle);
        if (i === 0) continue;
        for (const name of names) {
          const r = results[mode][name];
          r.times.push(round[name].focused);
          r.ready.push(round[name].ready);
          r.ratios.push(round[name].focused / round.floor.focused);
          r.toCheckout ??= [];
          r.toCheckout.push(round[name].focused / round.checkout.focused);
          r.phases.push(round[name].phases);
          r.cpu.push(round[name].cpu);
        }
      }
    }
    const ratio = (r, f) =>
      `${(median(r.times) / median(f.times)).toFixed(2)}x of the medians, ${median(r.ratios).toFixed(2)}x median of each round ` +
      `(rounds ${Math.min(...r.ratios).toFixed(2)}x-${Math.max(...r.ratios).toFixed(2)}x)`;
    const phaseLine = (m) => {
      const phases = ['request', 'firstByte', 'document', 'inserted', 'lastByte', 'parsed'];
      // A phase not reached when the field showed is left out of its median, and counted.
      const side = (rows) => phases.map((phase) => {
        const known = rows.map((row) => row[phase]).filter((ms) => typeof ms === 'number');
        const notYet = rows.length - known.length;
        return `${phase} ${known.length ? median(known) : '-'}${notYet ? ` (${notYet} of ${rows.length} not yet)` : ''}`;
      }).join(', ');
      return `where the time went (medians, ms after open()): ${names.map((name) => `${name} ${side(m[name].phases)}, on screen ${median(m[name].times)}`).join('; ')}`;
    };
    const cpuLine = (m) => {
      const kinds = ['renderer', 'browser', 'server', 'started', 'benchmark', 'gpu', 'network', 'utility', 'zygote'];
      const side = (rows) => {
        const totals = rows.map((row) => Object.values(row).reduce((sum, ms) => sum + ms, 0));
        const parts = kinds.filter((kind) => rows.some((row) => row[kind] > 0)).map((kind) => `${kind} ${Math.round(median(rows.map((row) => row[kind] ?? 0)))}`);
        return `${Math.round(median(totals))} in all (${parts.join(', ')})`;
      };
      return m.checkout.cpu.some((row) => Object.keys(row).length > 0)
        ? `CPU per open (medians, ms of CPU on the machine's ${availableParallelism()} cores from just before open() to just after the field on screen; "started": processes started meanwhile): ${names.map((name) => `${name} ${side(m[name].cpu)}`).join('; ')}`
        : 'CPU per open: not measured (no /proc on this system)';
    };
    const print = (m) => {
      for (const name of names) report(`${LABELS[name]}: open() -> card field on screen and focused, splash 0 ms`, m[name].times);
      for (const side of SIDES) console.log(`ratio to the floor, ${side}: ${ratio(m[side], m.floor)}`);
      console.log(phaseLine(m));
      console.log(cpuLine(m));
      for (const side of SIDES) report(`${side}: open() -> ready event (the checkout live: its script has taken over the form)`, m[side].ready);
      for (const { file } of others) {
        const r = m[nameOf(file)];
        console.log(`${nameOf(file)} against this build: ${median(r.times)} against ${median(m.checkout.times)} ms on screen (medians), ` +
          `${(median(r.times) / median(m.checkout.times)).toFixed(2)}x of the medians, ${median(r.toCheckout).toFixed(2)}x median of each round; ` +
          `ready ${median(r.ready)} against ${median(m.checkout.ready)} ms`);
      }
    };
    console.log(`Opened ${settleMs} ms after the merchant page's load event, as a payer's click:`);
    print(results.click);
    if (results.atLoad) {
      console.log(`Opened at the load event (the fresh browser context still busy), for information:`);
      print(results.atLoad);
    }
  } finally {
    await Promise.all(others.map(({ sandbox }) => sandbox.stop()));
    await fast.stop();
    floor.stop();
  }
}

// SPEC 2's splash: first open no later than the splash plus 1.5x the floor, a reopen within 1.5x the floor.
const splashRuns = option('splash-runs', against.length ? 0 : 5);
if (splashRuns > 0) {
  const builds = [{ name: 'this build', sandbox: await startSandbox({ SPLASH_MS: '3000' }, server) }];
  for (const file of against) builds.push({ name: nameOf(file), sandbox: await startSandbox({ SPLASH_MS: '3000' }, file) });
  const floorAgain = await startFloor();
  try {
    const times = Object.fromEntries(builds.map(({ name }) => [name, { first: [], reopen: [], toThis: [] }]));
    const floorTimes = [];
    for (let i = 0; i < splashRuns + 1; i++) {
      const order = builds.map((_, k) => builds[(i + k) % builds.length]);
      const round = {};
      for (const { name, sandbox } of order) round[name] = await openTwice(browser, { sandbox, url: shopUrl(sandbox) }, settleMs);
      const f = await openOnce(browser, { sandbox: null, url: floorAgain.url }, settleMs);
      if (i === 0) continue;
      for (const { name } of builds) {
        times[name].first.push(round[name].first);
        times[name].reopen.push(round[name].reopen);
        times[name].toThis.push(round[name].reopen / round['this build'].reopen);
      }
      floorTimes.push(f.focused);
    }
    const floorMedian = median(floorTimes);
    for (const { name } of builds) {
      const { first, reopen, toThis } = times[name];
      const of = name === 'this build' ? '' : ` (${name})`;
      report(`default settings (splash 3000 ms), first open() on the page -> card field on screen and focused${of}`, first);
      report(`default settings (splash 3000 ms), reopen on the same page -> card field on screen and focused${of}`, reopen);
      console.log(`default settings, reopen${of}: ${(median(reopen) / floorMedian).toFixed(2)}x the floor (target: within 1.5x)`);
      // The field is drawn and focused beneath the splash (splash-input.e2e.ts), so it comes before the splash lifts.
      const firstBudget = Math.round(3000 + 1.5 * floorMedian);
      console.log(`default settings, first open${of}: ${median(first)} ms (target: the splash's 3000 ms + 1.5x the floor, ${firstBudget} ms here: ${median(first) <= firstBudget ? 'within' : 'over'}); ${(median(first) / floorMedian).toFixed(2)}x the floor`);
      if (name !== 'this build') console.log(`${name} against this build, reopen: ${median(reopen)} against ${median(times['this build'].reopen)} ms (medians), ${median(toThis).toFixed(2)}x median of each round`);
    }
    report('floor in the same rounds', floorTimes);
  } finally {
    await Promise.all(builds.map(({ sandbox }) => sandbox.stop()));
    floorAgain.stop();
  }
}

// The returns from a bank or 3DS page, from the click on the outside page's button to the next screen's first frame.
const returnRuns = option('return-runs', 5);

function watchReturn() {
  if (!location.pathname.startsWith('/pf/')) return;
  // The card vault's fields hold no card after a refused challenge (the checkout never had it): the form with its reason is the end.
  const vaultFields = () => document.querySelector('iframe.vault-fields');
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility === 'visible';
  const until = performance.now() + 30_000;
  const tick = () => {
    if (shown(document.getElementById('receipt-title'))) {
      return void window.__benchReturnSeen({ at: performance.timeOrigin + performance.now(), screen: 'receipt' });
    }
    if (shown(document.getElementById('card-decline')) && shown(vaultFields())) {
      return void window.__benchReturnSeen({ at: performance.timeOrigin + performance.now(), screen: 'form' });
    }
    const field = document.querySelector('[name="cardnumber"]');
    if (shown(document.getElementById('card-decline')) && shown(field) && !field.disabled && field.value !== '') {
      field.focus();
      if (document.activeElement === field) return void window.__benchReturnSeen({ at: performance.timeOrigin + performance.now(), screen: 'form' });
    }
    if (performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const RETURN_STEPS = {
  '3ds-approved': { method: 'card', answer: 'approve', next: 'receipt' },
  '3ds-refused': { method: 'card', answer: 'fail', next: 'form' },
  'clave-approved': { method: 'clave', answer: 'approve', next: 'receipt' },
};

/** Each order's quantities differ, so no two orders in a run are the same payment (the duplicate rule would refuse it). */
async function returnOnce(browser, sandbox, step, order) {
  const { method, answer, next } = RETURN_STEPS[step];
  const context = await newContext(browser, { locale: 'es-PA', viewport: { width: 360, height: 740 } });
  try {
    let seen;
    await context.exposeBinding('__benchReturnSeen', (_source, report) => seen?.(report));
    await context.addInitScript(watchReturn);
    const page = await newPage(context);
    await page.goto(shopUrl(sandbox));
    await page.waitForFunction(() => typeof window.Checkout?.open === 'function');
    // 1-9 of one product, 2-9 of the other: 72 different orders.
    for (let i = 0; i < order % 9; i++) await page.locator('[data-product="geisha"] [data-step="1"]').click();
    for (let i = 0; i < Math.floor(order / 9) % 8; i++) await page.locator('[data-product="cacao"] [data-step="1"]').click();
    await page.waitForTimeout(settleMs);
    await page.locator('#pay-button').click();
    const frame = page.frameLocator('iframe[src*="/pf/widget"]');
    await frame.locator('[name="name"]').waitFor({ timeout: 30_000 });
    const card = await cardFieldsIn(frame);
    await card.locator('[name="cardnumber"]').waitFor({ timeout: 30_000 });
    if (method === 'card') {
      const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
      await card.locator('[name="cardnumber"]').fill('4000 0000 0000 3220');
      await card.locator('[name="expirationDate"]').fill(`12/${nextYear}`);
      await card.locator('[name="cvc"]').fill('123');
      await frame.locator('[name="name"]').fill('María José Núñez');
      await frame.locator('[name="email"]').fill('maria.nunez@example.com');
      await frame.locator('[name="phone"]').fill('+507 6123-4567');
      await frame.getByRole('checkbox', { name: 'No soy un robot' }).check();
      await frame.getByText('Verificado', { exact: true }).waitFor({ timeout: 10_000 });
      await frame.locator('#method-panel-card button[type="submit"]').click();
    } else {
      await frame.getByRole('radiogroup', { name: /método de pago/i }).getByRole('radio', { name: /Clave/ }).check();
      await frame.getByRole('button', { name: /continuar al banco/i }).click();
    }
    // The page's answer, not its dialog's "stay here" (styled as an approval, hidden until asked).
    const button = frame.locator(`form button.${answer}`);
    await button.waitFor({ timeout: 20_000 });
    // The bank's or issuer's page, wherever it is served (the processors' service has an origin of its own).
    const outside = await (await button.elementHandle())?.ownerFrame();
    if (!outside) throw new Error(`no bank or 3DS page in the frame (${step})`);
    const reported = new Promise((resolve) => (seen = resolve));
    const clicked = await outside.evaluate((name) => {
      const at = performance.timeOrigin + performance.now();
      document.querySelector(`form button.${name}`).click();
      return at;
    }, answer);
    const report = await Promise.race([reported, new Promise((_, reject) => setTimeout(() => reject(new Error(`${step}: nothing shown within 30 s`)), 30_000))]);
    if (report.screen !== next) throw new Error(`${step}: the ${report.screen} showed, not the ${next}`);
    return Math.round(report.at - clicked);
  } finally {
    await context.close();
  }
}

if (returnRuns > 0) {
  const builds = [{ name: 'this build', sandbox: await startSandbox({ SPLASH_MS: '3000' }, server) }];
  for (const file of against) builds.push({ name: nameOf(file), sandbox: await startSandbox({ SPLASH_MS: '3000' }, file) });
  const floorAgain = await startFloor();
  const steps = Object.keys(RETURN_STEPS);
  try {
    const times = Object.fromEntries(builds.map(({ name }) => [name, Object.fromEntries(steps.map((step) => [step, { ms: [], ratios: [], toThis: [] }]))]));
    const floorTimes = [];
    for (let i = 0; i < returnRuns + 1; i++) {
      const order = builds.map((_, k) => builds[(i + k) % builds.length]);
      const round = {};
      for (const { name, sandbox } of order) {
        round[name] = {};
        for (const [k, step] of steps.entries()) round[name][step] = await returnOnce(browser, sandbox, step, i * steps.length + k);
      }
      const f = (await openOnce(browser, { sandbox: null, url: floorAgain.url }, settleMs)).focused;
      if (i === 0) continue;
      floorTimes.push(f);
      for (const { name } of builds) {
        for (const step of steps) {
          const t = times[name][step];
          t.ms.push(round[name][step]);
          t.ratios.push(round[name][step] / f);
          t.toThis.push(round[name][step] / round['this build'][step]);
        }
      }
    }
    const LABEL = {
      '3ds-approved': '3DS challenge approved -> receipt shown',
      '3ds-refused': '3DS challenge refused -> card form taking typing, with the reason',
      'clave-approved': 'Clave bank page approved -> receipt shown',
    };
    const floorMedian = median(floorTimes);
    for (const { name } of builds) {
      const of = name === 'this build' ? '' : ` (${name})`;
      for (const step of steps) {
        const t = times[name][step];
        report(`default settings, return: ${LABEL[step]}${of}`, t.ms);
        console.log(`  ${(median(t.ms) / floorMedian).toFixed(2)}x the floor's median, ${median(t.ratios).toFixed(2)}x median of each round (target: within 1.5x)` +
          (name === 'this build' ? '' : `; against this build ${median(t.toThis).toFixed(2)}x median of each round`));
      }
    }
    report('floor in the same rounds', floorTimes);
  } finally {
    await Promise.all(builds.map(({ sandbox }) => sandbox.stop()));
    floorAgain.stop();
  }
}
await browser.close();
