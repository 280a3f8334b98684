import { gzipSync } from 'node:zlib';
import { negotiatedBody } from './negotiatedBody';

/**
 * A response body that is the same for every request (the translation catalog of one language),
 * encoded and gzipped once instead of on every request: it is asked for by every payer's first
 * screen, alongside the page.
 */
export function constantBody(body: string, contentType: string): (acceptEncoding: string | undefined) => Response {
  const raw = Buffer.from(body, 'utf8');
  let zipped: Buffer | undefined;
  return (acceptEncoding) => {
    const negotiated = negotiatedBody(raw, contentType, acceptEncoding, () => (zipped ??= gzipSync(raw, { level: 9 })));
    return new Response(negotiated.body, { headers: negotiated.headers });
  };
}
