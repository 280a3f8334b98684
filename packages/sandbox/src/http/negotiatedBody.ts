import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = /^(text\/|application\/json|image\/svg\+xml)/;
/** Below this a gzip header costs more than it saves (the compress middleware's threshold too). */
export const GZIP_MIN_BYTES = 1024;

export const acceptsGzip = (acceptEncoding: string | undefined): boolean => /\bgzip\b/.test(acceptEncoding ?? '');

export interface NegotiatedBody {
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/**
 * Gzipped for text of GZIP_MIN_BYTES or more, with Vary, content-type and content-length: every header
 * the compress middleware reads, so it leaves the answer alone rather than rebuild it as a web stream.
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
