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

export function launchChromium(): Promise<Browser> {
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
