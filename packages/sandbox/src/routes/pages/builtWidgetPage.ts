import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { fileVersion } from '../../http/fileVersion';
import { styleHashesOf } from '../../http/widgetSecurity';

/** The built widget page (packages/widget/dist/index.html) and the CSP hashes of its <style> elements. */
export interface BuiltWidgetPage {
  html: string;
  styleHashes: string[];
  /** The build it is: the file's modification time. */
  mtimeMs: number;
  /**
   * The address of the build's later style sheet (its manifest.json `laterStyles`), which a page
   * links when the screen rendered into it is styled by it; undefined when the build names none.
   */
  laterStylesHref: string | undefined;
}

/** The widget build's manifest.json (scripts/rollup-widget-html.mjs), as far as pages read it. */
const ManifestSchema = v.object({ laterStyles: v.pipe(v.string(), v.regex(/^assets\/[\w.-]+\.css$/)) });

/** The later style sheet's address, from the manifest beside the page; undefined without one. */
async function laterStylesHrefOf(pageFile: string): Promise<string | undefined> {
  try {
    const parsed = v.safeParse(ManifestSchema, JSON.parse(await readFile(join(dirname(pageFile), 'manifest.json'), 'utf8')));
    return parsed.success ? `/widget/${parsed.output.laterStyles}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The built widget page, read and hashed once; again only when a rebuild changes the file (looked at
 * at most once a second, http/fileVersion.ts). Undefined while the widget is not built.
 */
export function builtWidgetPage(file: string): () => Promise<BuiltWidgetPage | undefined> {
  let cached: BuiltWidgetPage | undefined;
  const version = fileVersion(file);
  return async () => {
    try {
      const mtimeMs = version();
      if (mtimeMs === undefined) return undefined;
      if (cached?.mtimeMs !== mtimeMs) {
        const [html, laterStylesHref] = await Promise.all([readFile(file, 'utf8'), laterStylesHrefOf(file)]);
        cached = { html, styleHashes: styleHashesOf(html), mtimeMs, laterStylesHref };
      }
      return cached;
    } catch {
      return undefined;
    }
  };
}
