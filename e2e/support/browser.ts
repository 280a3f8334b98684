import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

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

/**
 * How long one Playwright action or wait may take unless the test says otherwise. Playwright's own
 * default is none for actions (a click on a button that never shows waits until the test's 60 s
 * time-out, which names only the test); 30 s fails first and names the locator that never came.
 */
export const ACTION_TIMEOUT_MS = 30_000;

/** Every context (and page) of `browser` gets ACTION_TIMEOUT_MS as its default. */
function withActionTimeout(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return context;
  };
  // browser.newPage makes its own context without going through newContext.
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    page.context().setDefaultTimeout(ACTION_TIMEOUT_MS);
    return page;
  };
  return browser;
}

export async function launchChromium(): Promise<Browser> {
  return withActionTimeout(await chromium.launch({
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
  }));
}
