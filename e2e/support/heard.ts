import type { BrowserContext, Page } from 'playwright-core';

/**
 * A screen reader's stand-in, in every frame of a context from its first moment: what it would say,
 * in order. A live region (`role` status, alert or log, `aria-live` polite or assertive) is heard
 * when its words change to new ones while it is not busy, and when its busy state ends with words
 * not yet heard; an alert put on the page with its words is heard at once; an element that takes the
 * focus is heard by its name and description. Inert, hidden and busy parts say nothing.
 */
const RECORD = `(() => {
  const heard = (window.__heard = []);
  // Also told to the test as it is said, where it listens across pages (a page left keeps nothing).
  const say = (entry) => {
    heard.push(entry);
    if (typeof window.__heardAcrossPages === 'function') window.__heardAcrossPages(location.pathname, entry).catch(() => {});
  };
  const said = new WeakMap();
  const LIVE = '[role="status"],[role="alert"],[role="log"],[aria-live="polite"],[aria-live="assertive"]';
  const silent = (el) => !el.isConnected || !!el.closest('[inert],[hidden],[aria-hidden="true"],[aria-busy="true"]');
  const words = (el) => (el.textContent || '').replace(/\\s+/g, ' ').trim();
  const check = (region, inserted) => {
    const text = words(region);
    if (silent(region)) return;
    if (text === '' ) { said.set(region, ''); return; }
    if (said.get(region) === text) return;
    // A status or polite region put on the page with its words already in it is not read (only an alert is).
    if (inserted && !said.has(region) && region.getAttribute('role') !== 'alert') { said.set(region, text); return; }
    said.set(region, text);
    say({ at: Math.round(performance.now()), how: 'live', text });
  };
  const regionsOf = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return [];
    const found = new Set();
    const up = el.closest(LIVE);
    if (up) found.add(up);
    for (const r of el.querySelectorAll(LIVE)) found.add(r);
    return [...found];
  };
  const start = () => {
    new MutationObserver((changes) => {
      const seen = new Map();
      for (const change of changes) {
        if (change.type === 'childList') {
          for (const node of change.addedNodes) for (const r of regionsOf(node)) seen.set(r, seen.get(r) ?? (node.nodeType === 1 && (node === r || node.contains(r))));
          for (const r of regionsOf(change.target)) if (!seen.has(r)) seen.set(r, false);
        } else if (change.type === 'characterData') {
          for (const r of regionsOf(change.target)) if (!seen.has(r)) seen.set(r, false);
        } else if (change.type === 'attributes') {
          for (const r of regionsOf(change.target)) if (!seen.has(r)) seen.set(r, false);
        }
      }
      for (const [r, inserted] of seen) check(r, inserted);
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-busy', 'inert', 'hidden'] });
    for (const r of document.querySelectorAll(LIVE)) check(r, true);
  };
  if (document.documentElement) start(); else document.addEventListener('DOMContentLoaded', start);
  document.addEventListener('focusin', (event) => {
    const el = event.target;
    if (!(el instanceof Element) || el.tagName === 'IFRAME') return;
    const labels = el.labels ? [...el.labels].map(words).join(' ') : '';
    const name = el.getAttribute('aria-label') || labels || (el.matches('input,select,textarea') ? '' : words(el)) || el.getAttribute('name') || '';
    const described = (el.getAttribute('aria-describedby') || '').split(/\s+/).map((id) => document.getElementById(id)).filter(Boolean).map(words).filter((s) => s !== '').join(' ');
    say({ at: Math.round(performance.now()), how: 'focus', text: described ? name + ', ' + described : name });
  }, true);
})();`;

export interface Heard {
  frame: string;
  how: 'live' | 'focus';
  text: string;
}

/** Starts the stand-in in every page and frame the context opens from now on. */
export async function listenAsScreenReader(context: BrowserContext): Promise<void> {
  await context.addInitScript(RECORD);
}

/**
 * Starts the stand-in as listenAsScreenReader does, and keeps what every document said as it says it,
 * a document since left too (the page a return goes back from): the answer lists it all so far.
 */
export async function listenAcrossPages(context: BrowserContext): Promise<() => Heard[]> {
  const all: Heard[] = [];
  await context.exposeBinding('__heardAcrossPages', (_source, frame: string, said: { how: 'live' | 'focus'; text: string }) => {
    all.push({ frame, how: said.how, text: said.text });
  });
  await listenAsScreenReader(context);
  return () => [...all];
}

/** What every frame of the page has said so far, frame by frame (its path), each in its order. */
export async function heardIn(page: Page): Promise<Heard[]> {
  const all: Heard[] = [];
  for (const frame of page.frames()) {
    const said = await frame.evaluate(() => (window as unknown as { __heard?: { how: 'live' | 'focus'; text: string }[] }).__heard ?? []).catch(() => []);
    const path = new URL(frame.url()).pathname;
    for (const s of said) all.push({ frame: path, how: s.how, text: s.text });
  }
  return all;
}
