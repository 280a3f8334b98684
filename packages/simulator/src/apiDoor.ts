import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** What anyone may reach: the payer's pages (the issuer's 3D Secure page, the bank's page) and the health check. */
const isPublic = (path: string) => path === '/health' || path.startsWith('/3ds/') || path.startsWith('/clave/');

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * The simulator's door: its processor API (`/v1/<port>/...`), its controls and its books answer only
 * a caller holding the API secret (SIMULATOR_API_SECRET) as `Authorization: Bearer <secret>`; any
 * other call is 401 before its body is read, whatever its origin or content type. No CORS header is
 * ever sent, so a browser can neither read an answer nor send the header a preflight would announce.
 */
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
