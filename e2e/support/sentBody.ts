import { gunzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { decodeBody } from '@pasarela/core';

/**
 * A request's body as the server reads it: unpacked when it came gzip-compressed (the widget's bodies
 * of 1 KB or more), then SPEC 7's encoding decoded or JSON parsed; undefined when it has none.
 */
export async function sentBody(request: Request): Promise<unknown> {
  const raw = request.postDataBuffer();
  if (!raw || raw.length === 0) return undefined;
  const headers = await request.allHeaders();
  const text = (headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  return headers['content-type']?.startsWith('text/plain') ? decodeBody(text) : JSON.parse(text);
}
