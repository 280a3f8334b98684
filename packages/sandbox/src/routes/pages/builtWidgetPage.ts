import { readFile } from 'node:fs/promises';
import { fileVersion } from '../../http/fileVersion';
import { styleHashesOf } from '../../http/widgetSecurity';

/** The built widget page (packages/widget/dist/index.html) and the CSP hashes of its <style> elements. */
export interface BuiltWidgetPage {
  html: string;
  styleHashes: string[];
  /** The build it is: the file's modification time. */
  mtimeMs: number;
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
        const html = await readFile(file, 'utf8');
        cached = { html, styleHashes: styleHashesOf(html), mtimeMs };
      }
      return cached;
    } catch {
      return undefined;
    }
  };
}
