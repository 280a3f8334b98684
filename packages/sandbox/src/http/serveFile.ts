import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The file under dir that relativePath names, or undefined when it escapes dir or is not a file. */
export async function fileUnder(dir: string, relativePath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = normalize(join(dir, decoded));
  if (full !== dir && !full.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return undefined;
  try {
    return (await stat(full)).isFile() ? full : undefined;
  } catch {
    return undefined;
  }
}

export async function fileResponse(path: string, cacheControl: string): Promise<Response> {
  const body = await readFile(path);
  return new Response(body, { headers: { 'content-type': contentTypeOf(path), 'cache-control': cacheControl } });
}
