import { hasForbiddenCharacters } from '@pasarela/core';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from './AppEnv';

/** C0, DEL, C1 and bidi overrides, for text that does not decode. */
const ENCODED_FORBIDDEN = /%(?:[01][0-9a-f]|7f)|%c2%[89][0-9a-f]|%e2%80%a[a-e]|%e2%81%a[6-9]/i;

function decodedHasForbidden(raw: string): boolean {
  try {
    return hasForbiddenCharacters(decodeURIComponent(raw.replace(/\+/g, ' ')));
  } catch {
    // Malformed percent-encoding: hono keeps such text as sent; look at what it encodes.
    return ENCODED_FORBIDDEN.test(raw) || hasForbiddenCharacters(raw);
  }
}

/**
 * No address carries a control or bidi character (a NUL in a path parameter reaches SQL, which
 * PostgreSQL refuses with an error): any in the path or the query, raw or percent-encoded, is a 400
 * before a route runs.
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    const queryStart = url.indexOf('?');
    const pathStart = url.indexOf('/', url.indexOf('//') + 2);
    const path = url.slice(pathStart, queryStart === -1 ? undefined : queryStart);
    const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
    if (decodedHasForbidden(path)) throw new ApiError(400, 'invalid_characters', 'The path holds a control or bidi character');
    if (query !== '' && query.split('&').some(decodedHasForbidden)) throw new ApiError(400, 'invalid_characters', 'The query holds a control or bidi character');
    await next();
  };
}
