import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineName, EngineTab, FramePath, InPage } from './engine';

/** The checkout's frame on a shop page, wherever it has navigated (a bank's page, a return). */
export const CHECKOUT: FramePath = ['iframe[src*="/pf/widget"]'];
/** The top document (a shop page, or the checkout opened full page). */
export const TOP: FramePath = [];

/**
 * The first element `css` selects whose name (aria-label, its label's text, else its text) matches
 * the pattern and that is on screen; for a radio, a checkbox or a control drawn by its label, the label.
 * Sent to the page as source: self-contained.
 */
export function shownByName(css: string, source: string, flags: string): Element | null {
  const pattern = new RegExp(source, flags);
  for (const el of Array.from(document.querySelectorAll(css))) {
    const label = 'labels' in el ? (el as HTMLInputElement).labels?.[0] : undefined;
    const name = (el.getAttribute('aria-label') ?? label?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!pattern.test(name)) continue;
    // A radio or a checkbox by its label, where a payer's finger lands (the box itself may be drawn apart).
    const onScreen = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    if (label && onScreen(label) && /^(radio|checkbox)$/.test(el.getAttribute('type') ?? '')) return label;
    if (onScreen(el)) return el;
    if (label && onScreen(label)) return label;
  }
  return null;
}

/** The first element `css` selects that is on screen. */
export function shown(css: string): Element | null {
  return Array.from(document.querySelectorAll(css)).find((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden') ?? null;
}

/** The document's text as it reads on screen. */
const visibleText = () => (document.body ? document.body.innerText : '');

const screenshotDir = process.env['ENGINE_SCREENSHOTS'];

/**
 * A payer in one tab of an engine: waits that poll the page (every 100 ms, up to a limit that names
 * the engine and what was awaited) and actions on what a payer sees (names, texts).
 */
export class Payer {
  constructor(readonly engine: EngineName, readonly tab: EngineTab) {}

  /** `fn`'s answer once it is truthy; a frame not there yet is waited for as well. */
  async until<A extends unknown[], T>(what: string, path: FramePath, fn: InPage<A, T>, args: A, timeout = 20_000): Promise<Awaited<T>> {
    const until = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const value = await this.tab.evaluate(path, fn, ...args);
        if (value) return value;
        last = value;
      } catch (error) {
        last = error;
      }
      if (Date.now() > until) throw new Error(`${this.engine}: ${what} not seen within ${timeout} ms (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A text not seen in time fails with what the frame shows instead. */
  async seeText(path: FramePath, text: RegExp, timeout?: number): Promise<boolean> {
    try {
      return await this.until(`the text ${text}`, path, (source, flags) => new RegExp(source, flags).test(document.body ? document.body.innerText : ''), [text.source, text.flags], timeout);
    } catch (error) {
      const shown = await this.text(path).catch((reason: unknown) => `(unreadable: ${String(reason)})`);
      throw new Error(`${error instanceof Error ? error.message : String(error)}; the frame shows: ${JSON.stringify(shown.replace(/\s+/g, ' ').slice(0, 600))}`);
    }
  }

  text(path: FramePath): Promise<string> {
    return this.tab.evaluate(path, visibleText);
  }

  async see(path: FramePath, css: string, timeout?: number): Promise<void> {
    await this.until(css, path, (selector) => Array.from(document.querySelectorAll(selector)).some((el) => el.getClientRects().length > 0), [css], timeout);
  }

  /** Clicks the control named `name` once it shows. */
  async press(path: FramePath, css: string, name: RegExp, timeout?: number): Promise<void> {
    await this.until(`${css} named ${name}`, path, shownByNameInPage, [css, name.source, name.flags], timeout);
    await this.tab.click(path, shownByName, css, name.source, name.flags);
  }

  /** Clicks the element `css` selects once it shows. */
  async click(path: FramePath, css: string, timeout?: number): Promise<void> {
    await this.see(path, css, timeout);
    await this.tab.click(path, shown, css);
  }

  /** Types into the field `css` selects once it shows. */
  async fill(path: FramePath, css: string, text: string): Promise<void> {
    await this.see(path, css);
    await this.tab.fill(path, text, shown, css);
  }

  /** Types into the field whose label reads `name`. */
  async fillNamed(path: FramePath, name: RegExp, text: string): Promise<void> {
    await this.press(path, 'input', name);
    await this.tab.fill(path, text, shownByName, 'input', name.source, name.flags);
  }

  /** With ENGINE_SCREENSHOTS=<dir>: the tab as it is, in <dir>/<engine>-<name>.png. */
  async screenshot(name: string): Promise<void> {
    if (!screenshotDir) return;
    mkdirSync(screenshotDir, { recursive: true });
    await this.tab.screenshot(join(screenshotDir, `${this.engine}-${name}.png`));
  }
}

/** shownByName as a wait's truthy answer (an element does not cross back as JSON). */
function shownByNameInPage(css: string, source: string, flags: string): boolean {
  const pattern = new RegExp(source, flags);
  return Array.from(document.querySelectorAll(css)).some((el) => {
    const label = 'labels' in el ? (el as HTMLInputElement).labels?.[0] : undefined;
    const name = (el.getAttribute('aria-label') ?? label?.textContent ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const onScreen = (e: Element) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    return pattern.test(name) && (onScreen(el) || (label !== undefined && label !== null && onScreen(label)));
  });
}
