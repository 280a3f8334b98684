import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium: the browser PRODUCT.md names, the one checks from outside the project drive. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's chromium-headless-shell (`.ci/run` installs it): the same Chromium build (its version,
 * Blink and V8) in the old headless mode, without the full browser around the pages. The whole
 * browser suite passed in it using about 40 % less CPU (docs/testing.md), so most files run in it;
 * the files about what the payer's browser loads and shows first, and the card payment, run in
 * CHROMIUM_PATH. Setting CHROMIUM_PATH runs every file in that browser.
 */
const HEADLESS_SHELL_PATH = '/usr/lib/chromium/chromium-headless-shell';

/** `full`: CHROMIUM_PATH always; `shell`: the headless shell when it is installed and CHROMIUM_PATH is not set. */
export type ChromiumKind = 'full' | 'shell';

/** The executable a file of the given kind launches. */
export function chromiumPathFor(kind: ChromiumKind): string {
  if (kind === 'shell' && !process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  return CHROMIUM_PATH;
}

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

export function launchChromium(kind: ChromiumKind = 'shell'): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPathFor(kind),
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
