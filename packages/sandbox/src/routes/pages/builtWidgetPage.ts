import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as v from 'valibot';
import { fileVersion } from '../../http/fileVersion';
import { scriptHashesOf, styleHashesOf } from '../../http/widgetSecurity';

export interface BuiltWidgetPage {
  html: string;
  styleHashes: string[];
  scriptHashes: string[];
  mtimeMs: number;
  /** The build's later style sheet, linked when the screen rendered into the page is styled by it. */
  laterStylesHref: string | undefined;
}

const ManifestSchema = v.object({ laterStyles: v.pipe(v.string(), v.regex(/^assets\/[\w.-]+\.css$/)) });

async function laterStylesHrefOf(pageFile: string): Promise<string | undefined> {
  try {
    const parsed = v.safeParse(ManifestSchema, JSON.parse(await readFile(join(dirname(pageFile), 'manifest.json'), 'utf8')));
    return parsed.success ? `/widget/${parsed.output.laterStyles}` : undefined;
  } catch {
    return undefined;
  }
}

/** Read and hashed once, again only when a rebuild changes the file (looked at once a second at most). */
export function builtWidgetPage(file: string): () => Promise<BuiltWidgetPage | undefined> {
  let cached: BuiltWidgetPage | undefined;
  const version = fileVersion(file);
  return async () => {
    try {
      const mtimeMs = version();
      if (mtimeMs === undefined) return undefined;
      if (cached?.mtimeMs !== mtimeMs) {
        const [html, laterStylesHref] = await Promise.all([readFile(file, 'utf8'), laterStylesHrefOf(file)]);
        cached = { html, styleHashes: styleHashesOf(html), scriptHashes: scriptHashesOf(html), mtimeMs, laterStylesHref };
      }
      return cached;
    } catch {
      return undefined;
    }
  };
}
