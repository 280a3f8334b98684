import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { extname, join, normalize, sep } from 'node:path';
import { negotiatedBody } from './negotiatedBody';

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
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
};

export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Undefined when it escapes dir or is not a file. */
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

const GZIP_CACHE_ENTRIES = 256;
const gzipped = new Map<string, Buffer>();

function gzipOnce(path: string, body: Buffer, version: string): Buffer {
  const key = `${path}\0${version}`;
  let zipped = gzipped.get(key);
  if (!zipped) {
    zipped = gzipSync(body, { level: 9 });
    if (gzipped.size >= GZIP_CACHE_ENTRIES) gzipped.delete(gzipped.keys().next().value as string);
    gzipped.set(key, zipped);
  }
  return zipped;
}

function bodyResponse(body: Buffer, type: string, cacheControl: string, acceptEncoding: string | undefined, zipped: () => Buffer): Response {
  const negotiated = negotiatedBody(body, type, acceptEncoding, zipped);
  return new Response(negotiated.body, { headers: { ...negotiated.headers, 'cache-control': cacheControl } });
}

/** Compressed once from a cache: the widget's chunks are the same for every payer. */
export async function fileResponse(path: string, cacheControl: string, acceptEncoding?: string): Promise<Response> {
  const [body, info] = await Promise.all([readFile(path), stat(path)]);
  return bodyResponse(body, contentTypeOf(path), cacheControl, acceptEncoding, () => gzipOnce(path, body, `${info.size}:${info.mtimeMs}`));
}

const IMMUTABLE_CACHE_ENTRIES = 512;

/** Hashed chunks, served as immutable: read and gzipped once, then answered from memory. */
export function immutableFiles(dir: string, cacheControl: string): (relativePath: string, acceptEncoding: string) => Promise<Response | undefined> {
  const known = new Map<string, { body: Buffer; type: string; zipped?: Buffer }>();
  return async (relativePath, acceptEncoding) => {
    let entry = known.get(relativePath);
    if (!entry) {
      const file = await fileUnder(dir, relativePath);
      if (!file) return undefined;
      entry = { body: await readFile(file), type: contentTypeOf(file) };
      if (known.size >= IMMUTABLE_CACHE_ENTRIES) known.delete(known.keys().next().value as string);
      known.set(relativePath, entry);
    }
    const cached = entry;
    return bodyResponse(cached.body, cached.type, cacheControl, acceptEncoding, () => (cached.zipped ??= gzipSync(cached.body, { level: 9 })));
  };
}
