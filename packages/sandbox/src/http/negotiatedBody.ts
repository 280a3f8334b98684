import { gzipSync } from 'node:zlib';

/** Types worth compressing. */
const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
/** Below this a gzip header costs more than it saves (the compress middleware's threshold too). */
export const GZIP_MIN_BYTES = 1024;

/** Whether a request's accept-encoding takes gzip. */
export const acceptsGzip = (acceptEncoding: string | undefined): boolean => /\bgzip\b/.test(acceptEncoding ?? '');

/** A body as one client asked for it, with the headers that say how. */
export interface NegotiatedBody {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/**
 * A body as the client asked for it: gzipped (by `zipped`, which may cache) when the client accepts
 * gzip and the body is text of GZIP_MIN_BYTES or more, with `Vary: Accept-Encoding` whenever the
 * encoding depends on that header, and always with its content-type and content-length.
 *
 * Those are every header the compress middleware (app.ts) reads, so it leaves such an answer alone
 * rather than rebuilding it as a web stream.
 */
export function negotiatedBody(body: Buffer, type: string, acceptEncoding: string | undefined, zipped: () => Buffer = () => gzipSync(body)): NegotiatedBody {
  const headers: Record<string, string> = { 'content-type': type };
  let sent = body;
  if (COMPRESSIBLE.test(type) && body.length >= GZIP_MIN_BYTES) {
    headers['vary'] = 'Accept-Encoding';
    if (acceptsGzip(acceptEncoding)) {
      sent = zipped();
      headers['content-encoding'] = 'gzip';
    }
  }
  headers['content-length'] = String(sent.byteLength);
  return { body: new Uint8Array(sent.buffer as ArrayBuffer, sent.byteOffset, sent.byteLength), headers };
}
