import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

function launch(): Promise<Browser> {
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
      '--disable-sync',
    ],
  });
}

/** The Chromium this test worker's files share (vitest's `isolate: false` keeps it between them). */
let shared: Promise<Browser> | undefined;

/**
 * Chromium for a describe block: one browser per test worker, started by the first file that asks
 * (a start costs the whole browser about a CPU-second, and the suite asked for one some 80 times).
 * Every page lives in a context of its own, which is what isolates the tests, not the browser.
 * The block's `close()` closes the contexts it opened and leaves the browser to the next file.
 */
export async function launchChromium(): Promise<Browser> {
  const starting = (shared ??= launch().then((browser) => {
    // A browser that crashed or was closed is started again by the next file.
    browser.on('disconnected', () => {
      if (shared === starting) shared = undefined;
    });
    return browser;
  }));
  const browser = await starting.catch((error: unknown) => {
    if (shared === starting) shared = undefined;
    throw error;
  });
  const before = new Set(browser.contexts());
  const closeOwn = async () => {
    await Promise.all(browser.contexts().filter((context) => !before.has(context)).map((context) => context.close().catch(() => undefined)));
  };
  return new Proxy(browser, {
    get(target, property) {
      if (property === 'close') return closeOwn;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
