import { gunzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { decodeBody, hasCentsAsWritten, unstorableTextIn, WireFormatError } from '@pasarela/core';
import { ApiError } from '../errors/ApiError';
import { jsonNumberLiterals } from './jsonNumberLiterals';
import { MERCHANT_API_PREFIX } from './merchantApiPrefix';

/** A card payment with custom fields is a few KB. */
export const MAX_BODY_BYTES = 64 * 1024;
/** A card payment is 3 levels deep, custom fields a few more. */
export const MAX_JSON_DEPTH = 32;

/** Without recursion, so a hostile depth cannot blow the stack. */
export function jsonDepth(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() ?? [null, 0];
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/**
 * No NUL (PostgreSQL refuses it in text and jsonb) nor lone surrogate (no UTF-8); other controls are
 * each schema's, since a multi-line text holds tabs and line breaks.
 */
function checked(value: unknown): unknown {
  if (jsonDepth(value) > MAX_JSON_DEPTH) throw new ApiError(400, 'invalid_body', `Body nests deeper than ${MAX_JSON_DEPTH} levels`);
  const place = unstorableTextIn(value);
  if (place) {
    const where = place.inKey ? `a key of ${place.path || 'the body'}` : place.path || 'the body';
    throw new ApiError(400, 'invalid_characters', `${where} holds a NUL character or a lone surrogate`);
  }
  return value;
}

/**
 * Every number the merchant API takes is money or a count: none has a third decimal, judged as
 * written (docs/merchant-api.md: "never rounded"), since the parser's double may have dropped it.
 */
function refuseThirdDecimals(text: string): void {
  const written = jsonNumberLiterals(text).find((n) => !hasCentsAsWritten(n.literal));
  if (written) throw new ApiError(400, 'invalid_arguments', `${written.path || 'the body'} must be a number with at most two decimals`);
}

/** The body as sent, or unpacked from gzip (the widget compresses its longer bodies), never past MAX_BODY_BYTES unpacked. */
async function bodyText(c: Context): Promise<string> {
  const coding = (c.req.header('content-encoding') ?? '').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return c.req.text();
  if (coding !== 'gzip') throw new ApiError(415, 'unsupported_media_type', `Content-Encoding ${coding} is not accepted: send gzip or no encoding`);
  const packed = Buffer.from(await c.req.arrayBuffer());
  try {
    return gunzipSync(packed, { maxOutputLength: MAX_BODY_BYTES }).toString('utf8');
  } catch (error) {
    if (error instanceof RangeError) throw new ApiError(413, 'payload_too_large', `Body is larger than ${MAX_BODY_BYTES} bytes once unpacked`);
    throw new ApiError(400, 'invalid_body', 'Malformed body: Content-Encoding says gzip, but it is not gzip data');
  }
}

/** `text/plain` is SPEC 7's hex-of-base64 JSON, `application/json` plain; bad input is a 4xx, never a 500. */
export async function readBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const text = await bodyText(c);
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) {
    throw new ApiError(413, 'payload_too_large', `Body is larger than ${MAX_BODY_BYTES} bytes`);
  }
  const json = /^\s*[[{]/.test(text);
  if (c.req.path.startsWith(`${MERCHANT_API_PREFIX}/`) && type !== 'application/json') {
    throw new ApiError(415, 'unsupported_media_type', type ? `Send the body as Content-Type: application/json; it came as ${type}` : 'Send the body as Content-Type: application/json; it came without one');
  }
  if (type === 'text/plain') {
    // JSON under text/plain is a wrong header, not a malformed encoding: say so.
    if (json) throw new ApiError(415, 'unsupported_media_type', 'The body is JSON: send it as Content-Type: application/json (text/plain is the hex-of-base64 encoding)');
    try {
      return checked(decodeBody(text));
    } catch (error) {
      if (error instanceof WireFormatError) throw new ApiError(400, 'invalid_body', `Malformed body (${error.reason}): ${error.message}`);
      throw error;
    }
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      throw new ApiError(400, 'invalid_body', 'Malformed body: not JSON');
    }
    if (c.req.path.startsWith(`${MERCHANT_API_PREFIX}/`)) refuseThirdDecimals(text);
    return checked(parsed);
  }
  throw new ApiError(415, 'unsupported_media_type', 'Send text/plain (encoded) or application/json');
}

export async function readObjectBody(c: Context): Promise<Record<string, unknown>> {
  const body = await readBody(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'invalid_body', 'Body must be a JSON object');
  }
  return body as Record<string, unknown>;
}
