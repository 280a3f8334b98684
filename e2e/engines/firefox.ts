import puppeteer, { type Browser, type ElementHandle, type Frame, type KeyInput, type Page } from 'puppeteer-core';
import { KEY, type Engine, type EngineTab, type FramePath, type InPage, type TabOptions } from './engine';

/** WebDriver's key values as puppeteer names them. */
const PUPPETEER_KEYS: Record<string, KeyInput> = { [KEY.tab]: 'Tab', [KEY.enter]: 'Enter' };

export const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

/**
 * Debian's Firefox ESR, headless, over WebDriver BiDi (puppeteer-core; Playwright's BiDi path stops
 * on it). Each tab is a browser context of its own: two tabs are two browsers to the checkout.
 */
export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: {
      // As the Chromium suite's pages: spinners stand still while a test waits on them.
      'ui.prefersReducedMotion': 1,
      'intl.accept_languages': 'es-PA, es',
    },
  });
  const version = await browser.version();
  return { name: 'firefox', version, newTab: (options) => newTab(browser, options), close: () => browser.close() };
}

async function newTab(browser: Browser, { width, height = 740 }: TabOptions): Promise<EngineTab> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  // A page's "leave this page?" is answered yes, as WebKit's tabs do (webkit.ts).
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await page.setViewport({ width, height });
  const element = async <A extends unknown[]>(path: FramePath, find: InPage<A, Element | null | undefined>, args: A): Promise<ElementHandle<Element>> => {
    const frame = await frameAt(page, path);
    const found = (await frame.evaluateHandle(find as (...xs: unknown[]) => Element | null | undefined, ...args)).asElement();
    if (!found) throw new Error(`no element for ${find.toString().slice(0, 80)} (${JSON.stringify(args)})`);
    return found as ElementHandle<Element>;
  };
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    evaluate: async (path, fn, ...args) => (await frameAt(page, path)).evaluate(fn as (...xs: unknown[]) => never, ...args),
    click: async (path, find, ...args) => (await element(path, find, args)).click(),
    fill: async (path, text, find, ...args) => {
      const field = await element(path, find, args);
      await field.click();
      // Whatever was there goes, as a payer selecting it all and typing over it.
      await field.evaluate((el) => (el as HTMLInputElement).select());
      if (await field.evaluate((el) => (el as HTMLInputElement).value !== '')) await page.keyboard.press('Backspace');
      await field.type(text);
    },
    press: async (keys) => {
      for (const key of keys) await page.keyboard.press(PUPPETEER_KEYS[key] ?? (key as KeyInput));
    },
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close: () => context.close(),
  };
}

/** The frame at `path`, found again on every call: a frame that navigated or came back is a new one. */
async function frameAt(page: Page, path: FramePath): Promise<Frame> {
  let frame = page.mainFrame();
  for (const step of path) {
    const { css, nth } = typeof step === 'string' ? { css: step, nth: 0 } : step;
    const inner = await (await frame.$$(css))[nth]?.contentFrame();
    if (!inner) throw new Error(`no frame ${css} [${nth}]`);
    frame = inner;
  }
  return frame;
}
