import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const isPublic = (path: string) => path === '/health' || path.startsWith('/3ds/') || path.startsWith('/clave/');

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Any call without the API secret is 401 before its body is read. No CORS header is ever sent, so a browser can neither read an answer nor send the header. */
export function apiDoor(apiSecret: string): MiddlewareHandler {
  if (apiSecret === '') throw new Error('The simulator needs an API secret (SIMULATOR_API_SECRET)');
  // Both sides hashed first: the comparison takes as long whatever the length given.
  const expected = digest(apiSecret);
  return async (c, next) => {
    if (isPublic(c.req.path)) return next();
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      c.header('www-authenticate', 'Bearer');
      return c.json({ code: 'unauthorized', message: 'The simulator answers only the server holding its API secret' }, 401);
    }
    return next();
  };
}
