import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, PrimedAnswer } from '@pasarela/core';
import { fileVersion } from './fileVersion';
import { errorFields, type Logger } from '../ops/logger';

/** What the widget's server entry needs (packages/widget/src/prerender.tsx). */
export interface PrerenderInput {
  url: string;
  config: unknown;
  lang: Language;
  entries: Readonly<Record<string, string>>;
  answers: readonly PrimedAnswer[];
  /** The page's document.referrer. */
  referrer?: string | undefined;
}

export interface PrerenderedScreen {
  html: string;
  texts: Readonly<Record<string, string>>;
  /** Styled by the widget's later sheet (a receipt), which the page links before it. */
  laterStyles?: boolean | undefined;
}

/** Null: the browser renders it as usual. */
export type Prerender = (input: PrerenderInput) => Promise<PrerenderedScreen | null>;

export const PRERENDER_LIMIT_MS = 500;

type Entry = (input: PrerenderInput) => Promise<PrerenderedScreen | null>;

/** Imported on first use and again after a rebuild; missing, failing or slow, pages carry no prerendered screen. */
export function widgetPrerender(widgetDist: string, logger: Logger): Prerender {
  const file = join(widgetDist, 'server', 'prerender.mjs');
  let loaded: { mtimeMs: number; entry: Promise<Entry | null> } | undefined;
  const version = fileVersion(file);
  const entry = async (): Promise<Entry | null> => {
    const mtimeMs = version();
    if (mtimeMs === undefined) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      const module = import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<{ prerenderFirstScreen?: Entry; warmUp?: () => Promise<void> }>;
      void module.then((m) => m.warmUp?.()).catch(() => undefined);
      loaded = {
        mtimeMs,
        entry: module.then(
          (m) => m.prerenderFirstScreen ?? null,
          (error: unknown) => {
            logger.warn({ ...errorFields(error), file }, 'widget prerender module failed to load');
            return null;
          },
        ),
      };
    }
    return loaded.entry;
  };
  // Read at start, not by the first page.
  void entry();
  return async (input) => {
    const render = await entry();
    if (!render) return null;
    let timer: NodeJS.Timeout | undefined;
    // Past the limit the page goes as the browser draws it, said in the log: how often, an operator reads there.
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => {
      logger.info({ path: new URL(input.url).pathname, limitMs: PRERENDER_LIMIT_MS }, 'widget prerender ran past its limit: the page goes without it');
      resolve(null);
    }, PRERENDER_LIMIT_MS)));
    try {
      return await Promise.race([render(input), late]);
    } catch (error) {
      logger.warn({ ...errorFields(error), path: new URL(input.url).pathname }, 'widget prerender failed');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}
