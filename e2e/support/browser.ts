import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';

/**
 * Debian's chromium: the browser PRODUCT.md names, the one payers use and checks from outside the
 * project drive. Every browser test file runs in it (headless), and in nothing lighter: a frame of
 * another site gets no storage in it, as in a private window, which the tests meet as payers do.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * PRODUCT.md: without a Chromium the browser suite is skipped with a loud notice, except when CI
 * is set, where a missing browser is a failure.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI) throw new Error(`CI is set but there is no Chromium at ${CHROMIUM_PATH}`);
  console.warn(
    `\n${'!'.repeat(72)}\n!! Browser end-to-end suite SKIPPED: no Chromium at ${CHROMIUM_PATH}.\n` +
      `!! Install Debian's chromium (apt-get install chromium) to run it.\n${'!'.repeat(72)}\n`,
  );
  return false;
}

/** The worker's Chromium: one per worker process, whose test files run one after another. */
let running: Promise<Browser> | undefined;

/**
 * Chromium reads only the last --disable-features, so this one repeats playwright-core 1.65's own
 * list (its chromiumSwitches) and adds the omnibox's popup: Chromium 156 loads that popup as a
 * WebUI page in a renderer process of its own for every window, so for every browser context a test
 * opens, which no test looks at. Without it the browser suite's Chromium used a fifth less CPU
 * (146 against 120 CPU-s for five files, one worker).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
  'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup',
  // A page a test serves itself (route.fulfill) has no network address, so Chromium's local network
  // checks would block its frames on 127.0.0.1 (the card vault's fields); payers' pages and the vault are public.
  'LocalNetworkAccessChecks',
];
// With --disable-site-isolation-trials below: a frame of another site shares its page's renderer
// process, as on most Android phones (Chrome there isolates only sites a payer logs in to).
const SHARED_PROCESS_FEATURES = ['IsolateOrigins', 'site-per-process'];

function start(isolated = false): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      // The checkout's frame in the shop's renderer process, not one of its own for every page a test
      // opens. Origins stay apart as the web defines them (messages, storage, scripts): only the
      // processes differ. Paired runs of the whole browser suite: 820 against 868 CPU-s, 424
      // against 444 s; ten files twice: 169 and 174 against 178 and 203 CPU-s. All files pass either way.
      ...(isolated ? [] : ['--disable-site-isolation-trials']),
      '--disable-sync',
      `--disable-features=${[...DISABLED_FEATURES, ...(isolated ? [] : SHARED_PROCESS_FEATURES)].join(',')}`,
    ],
  });
}

/**
 * A Chromium of the test's own with desktop Chrome's site isolation: every frame of another site in a
 * renderer process of its own, so focus and keys cross from the checkout to the card vault's frame
 * through the browser process, as on a payer's computer. The caller closes it.
 */
export function launchIsolatedChromium(): Promise<Browser> {
  return start(true);
}

/**
 * A test file's browser: the worker's Chromium, started by its first file and kept for the next
 * (a start costs about 1 CPU-s, and the suite's files share four workers). What the file opens
 * is its own: every page is in a browser context of its own, and the handle's close() closes the
 * contexts opened through it since it was handed out, never the browser. A browser that has gone
 * (a crash) is started again for the next file. The process goes with its worker.
 *
 * Its pages prefer reduced motion unless a test asks otherwise (`reducedMotion: 'no-preference'`),
 * as some payers' phones do: the waiting screens' spinners then stand still instead of drawing a
 * frame every 16 ms for as long as a test waits on them. Paired runs of the whole browser suite: 824
 * against 858 CPU-s, 421 against 440 s (ten waiting-heavy files: 7 % less). The splash's tests ask for motion.
 */
export async function launchChromium(): Promise<Browser> {
  let browser = await (running ??= start());
  if (!browser.isConnected()) browser = await (running = start());
  const before = new Set(browser.contexts());
  const closeOwnContexts = async () => {
    await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close()));
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return closeOwnContexts;
      if (property === 'newContext' || property === 'newPage') {
        return (options: BrowserContextOptions = {}) => target[property]({ reducedMotion: 'reduce', ...options });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
