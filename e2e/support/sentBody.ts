import { gunzipSync } from 'node:zlib';
import type { Request } from 'playwright-core';
import { decodeBody } from '@pasarela/core';

/** A request's body text as the server reads it, unpacked when it came gzip-compressed (the widget's bodies of 1 KB or more). */
export async function sentText(request: Request): Promise<{ text: string; sentBytes: number; gzip: boolean }> {
  const raw = request.postDataBuffer() ?? Buffer.alloc(0);
  const gzip = (await request.allHeaders())['content-encoding'] === 'gzip';
  return { text: (gzip ? gunzipSync(raw) : raw).toString('utf8'), sentBytes: raw.length, gzip };
}

/** The same, then SPEC 7's encoding decoded or JSON parsed; undefined when it has none. */
export async function sentBody(request: Request): Promise<unknown> {
  const { text } = await sentText(request);
  if (text === '') return undefined;
  return (await request.allHeaders())['content-type']?.startsWith('text/plain') ? decodeBody(text) : JSON.parse(text);
}
