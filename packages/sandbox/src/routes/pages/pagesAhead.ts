import { LANGUAGES, type Language } from '@pasarela/core';
import type { FirstScreenChanges, FirstScreenChange } from '../../push/firstScreenChanges';
import type { TransactionChange, TransactionEvents } from '../../push/transactionEvents';

// A shop creates a payment link and shows its Pay button; the payer clicks a moment later. The node
// that created the link makes that checkout's page meanwhile (the headers' frame-ancestors, the
// first screen's answers and its markup), so the page leaves at once, whole, when the payer's frame
// asks: no query and no render while the payer's browser starts the frame on the same machine
// (docs/performance.md "pages made ahead"). Once only: the first open takes it, later opens and
// reloads are made as they are asked. It is dropped as soon as anything it shows changes on any
// node (migration 012's NOTIFYs, a payment of the link), when those notices may have been missed,
// and after a while.

/** One checkout page made ahead, for one language. */
export interface PageAhead {
  /** The widget build it was made from (the page's head must be the same build's). */
  build: number;
  /** The CSP frame-ancestors sources of the link's merchant. */
  frameAncestors: string;
  /** The page after its head: the root with the first screen, the answers, the end. */
  tail: string;
}

/** Makes a link's page for one language; null when it cannot be made ahead (it is then made when asked). */
export type MakePageAhead = (code: string, lang: Language) => Promise<PageAhead | null>;

/**
 * How many links' pages are kept (the oldest goes first) and for how long, and how long after a
 * link is created its pages are begun: a shop that creates the link at the payer's click opens it
 * within that time, and its page is then made when asked, as before, instead of being made twice
 * over on a machine busy starting the payer's frame.
 */
export const PAGES_AHEAD = { links: 200, pendingLinks: 50, keepMs: 10 * 60_000, delayMs: 250 } as const;

interface LinkPages {
  code: string;
  /** The language made first. */
  lang: Language;
  madeAt: number;
  pages: Map<Language, PageAhead>;
  /** The language being made now, and its page to come. */
  making: { lang: Language; page: Promise<PageAhead | null> } | undefined;
  /** A payer's frame has asked for it: nothing more is made, nobody else gets it. */
  opened: boolean;
  /** Something it shows changed: it is not given. */
  dropped: boolean;
}

type Outcome = 'made' | 'served' | 'dropped';

export class PagesAhead {
  private readonly links = new Map<string, LinkPages>();
  private readonly pending: LinkPages[] = [];
  private working: Promise<void> | undefined;
  private make: MakePageAhead | undefined;
  private readonly now: () => number;
  private readonly delayMs: number;
  private readonly count: (outcome: Outcome) => void;

  constructor(options: { now?: () => number; delayMs?: number; count?: (outcome: Outcome) => void } = {}) {
    this.now = options.now ?? Date.now;
    this.delayMs = options.delayMs ?? PAGES_AHEAD.delayMs;
    this.count = options.count ?? (() => undefined);
  }

  /** How pages are made: by the widget's routes, which serve them (staticFiles.ts). */
  makeWith(make: MakePageAhead): void {
    this.make = make;
  }

  /**
   * Makes a new link's pages a moment after the answer that created it, one link at a time: `lang`
   * first (the language of whoever created it: a shop page's own request is the payer's), then the
   * others.
   */
  prepare(code: string, lang: Language): void {
    if (!this.make || this.pending.length >= PAGES_AHEAD.pendingLinks) return;
    const link: LinkPages = { code, lang, madeAt: this.now(), pages: new Map(), making: undefined, opened: false, dropped: false };
    this.links.delete(code);
    this.links.set(code, link);
    while (this.links.size > PAGES_AHEAD.links) this.links.delete(this.links.keys().next().value as string);
    this.pending.push(link);
    this.working ??= new Promise<void>((resolve) => setTimeout(resolve, this.delayMs).unref()).then(() => this.work());
  }

  /** Resolves when every link asked for so far has been made (or given up). */
  async idle(): Promise<void> {
    while (this.working) await this.working;
  }

  /**
   * The page made ahead for this link and language, once: the link's pages are used up by the
   * first ask, and none is made after it. A page still being made in that language is waited for
   * (it is further along than a page begun now).
   */
  async take(code: string, lang: Language): Promise<PageAhead | undefined> {
    const link = this.links.get(code);
    if (!link || link.opened) return undefined;
    link.opened = true;
    if (!link.making) this.links.delete(code);
    if (this.now() - link.madeAt > PAGES_AHEAD.keepMs) return undefined;
    const made = link.pages.get(lang) ?? (link.making?.lang === lang ? await link.making.page : undefined);
    if (!made || link.dropped) return undefined;
    this.count('served');
    return made;
  }

  /** Drops a link's pages: something they show changed. */
  forget(code: string): void {
    const link = this.links.get(code);
    if (!link) return;
    this.drop(link);
    this.links.delete(code);
  }

  forgetAll(): void {
    for (const link of this.links.values()) this.drop(link);
    this.links.clear();
  }

  /** Drops pages as what they show changes on any node; every page when notices may have been missed. */
  watch(changes: FirstScreenChanges, transactions: TransactionEvents): () => void {
    const onChange = (change: FirstScreenChange) => ('link' in change ? this.forget(change.link) : this.forgetAll());
    const onTransaction = (change: TransactionChange) => {
      if (change.linkCode !== null) this.forget(change.linkCode);
    };
    const onResume = () => this.forgetAll();
    changes.on('change', onChange);
    changes.onResume(onResume);
    transactions.on('change', onTransaction);
    transactions.onResume(onResume);
    return () => {
      changes.off('change', onChange);
      transactions.off('change', onTransaction);
    };
  }

  /** Makes nothing more and keeps nothing (the node is stopping). */
  close(): void {
    this.make = undefined;
    this.pending.length = 0;
    this.links.clear();
  }

  /** How many links have pages kept, being made or to be made. */
  get size(): number {
    return this.links.size;
  }

  private drop(link: LinkPages): void {
    link.dropped = true;
    if (link.pages.size > 0 || link.making) this.count('dropped');
  }

  private async work(): Promise<void> {
    try {
      for (let link = this.pending.shift(); link !== undefined; link = this.pending.shift()) {
        for (const lang of [link.lang, ...LANGUAGES.filter((other) => other !== link?.lang)]) {
          // Opened, changed or pushed out meanwhile: nothing more to make.
          const make = this.make;
          if (!make || link.opened || link.dropped || this.links.get(link.code) !== link) break;
          const page = make(link.code, lang).catch(() => null);
          link.making = { lang, page };
          const made = await page;
          link.making = undefined;
          if (made && !link.dropped) {
            link.pages.set(lang, made);
            this.count('made');
          }
        }
        if ((link.opened || link.pages.size === 0) && this.links.get(link.code) === link) this.links.delete(link.code);
      }
    } finally {
      this.working = undefined;
    }
  }
}
