import type { Context } from 'hono';
import { decodeBody, WireFormatError } from '@pasarela/core';
import { ApiError } from './ApiError';

/** Largest API body accepted; a card payment with custom fields is a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Reads a POST/PUT body by Content-Type: `text/plain` is SPEC 7's hex-of-base64 JSON,
 * `application/json` is plain JSON (WIRE_ENCODING=off, admin API). Bad input is a 4xx, never a 500.
 */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = await c.req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ApiError(413, 'payload_too_large', `Body is larger than ${MAX_BODY_BYTES} bytes`);
  }
  if (type === 'text/plain') {
    try {
      return decodeBody(text);
    } catch (error) {
      if (error instanceof WireFormatError) throw new ApiError(400, 'invalid_body', `Malformed body (${error.reason}): ${error.message}`);
      throw error;
    }
  }
  if (type === 'application/json') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(400, 'invalid_body', 'Malformed body: not JSON');
    }
  }
  throw new ApiError(415, 'unsupported_media_type', 'Send text/plain (encoded) or application/json');
}

/** Reads a body that must be a JSON object. */
export async function readObjectBody(c: Context): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_body', 'Body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
