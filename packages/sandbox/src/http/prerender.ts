import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, PrimedAnswer } from '@pasarela/core';
import { fileVersion } from './fileVersion';
import { errorFields, type Logger } from '../ops/logger';

/** What the widget's server entry needs to render a page's first screen (packages/widget/src/prerender.tsx). */
export interface PrerenderInput {
  /** The page's full address. */
  url: string;
  /** The page's config block value. */
  config: unknown;
  lang: Language;
  entries: Readonly<Record<string, string>>;
  answers: readonly PrimedAnswer[];
  /** The request's Referer header (the page's document.referrer), when it has one. */
  referrer?: string | undefined;
}

/** The first screen's markup and the catalogue's texts it shows. */
export interface PrerenderedScreen {
  html: string;
  texts: Readonly<Record<string, string>>;
  /** Styled by the widget's later style sheet (a receipt), which the page links before it. */
  laterStyles?: boolean | undefined;
}

/** The first screen's markup and texts, or null: the browser then renders it as usual. */
export type Prerender = (input: PrerenderInput) => Promise<PrerenderedScreen | null>;

/** A render that takes longer than this is dropped: the page leaves without it. */
export const PRERENDER_LIMIT_MS = 500;

type Entry = (input: PrerenderInput) => Promise<PrerenderedScreen | null>;

/**
 * The widget's server entry (widget dist `server/prerender.mjs`), imported on first use and again
 * after a rebuild. Without it (the widget not built), or when it fails or is slow, pages simply
 * carry no prerendered screen; a failure is logged.
 */
export function widgetPrerender(widgetDist: string, logger: Logger): Prerender {
  const file = join(widgetDist, 'server', 'prerender.mjs');
  let loaded: { mtimeMs: number; entry: Promise<Entry | null> } | undefined;
  const version = fileVersion(file);
  const entry = async (): Promise<Entry | null> => {
    const mtimeMs = version();
    if (mtimeMs === undefined) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      const module = import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<{ prerenderFirstScreen?: Entry; warmUp?: () => Promise<void> }>;
      // Its screens' modules are read now, not by the first page of each.
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
  // Read at start (with its screens' modules), not by the first page.
  void entry();
  return async (input) => {
    const render = await entry();
    if (!render) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PRERENDER_LIMIT_MS)));
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
