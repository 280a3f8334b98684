import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from './AppEnv';

/** Drained up to this size so the client reads its 413 and the connection stays usable; past it the 413 closes it. */
export const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

function tooLarge(maxBytes: number, drained: boolean): ApiError {
  return new ApiError(413, 'payload_too_large', `Body is larger than ${maxBytes} bytes`, drained ? {} : { connection: 'close' });
}

async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number): Promise<boolean> {
  let left = budget;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    left -= value.length;
    if (left < 0) {
      await reader.cancel().catch(() => undefined);
      return false;
    }
  }
}

/**
 * hono's bodyLimit answers 413 with the body unread, and the server then sometimes drops the connection
 * before the client read the 413 (issue 11); this reads the rest away first.
 */
export function limitBody(maxBytes: number, drainBytes: number = MAX_DRAIN_BYTES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Decided from the headers when they suffice: touching `c.req.raw.body` makes @hono/node-server
    // build a web stream over the socket that the route then reads through.
    const declared = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (declared !== undefined && !chunked) {
      const length = Number(declared);
      if (Number.isFinite(length) && length <= maxBytes) return next();
      const body = c.req.raw.body;
      if (!body) return next();
      if (!Number.isFinite(length) || length > drainBytes) throw tooLarge(maxBytes, false);
      throw tooLarge(maxBytes, await discard(body.getReader(), drainBytes));
    }
    // From the network, a request with neither a length nor chunks has no body (HTTP/1.1).
    if (!chunked && c.env?.incoming) return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) throw tooLarge(maxBytes, await discard(reader, drainBytes - size));
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
