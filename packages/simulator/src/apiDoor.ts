import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const isPublic = (path: string) => path === '/health' || path.startsWith('/3ds/') || path.startsWith('/clave/');

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

const MIN_API_SECRET_LENGTH = 16;

/** Why the simulator cannot start with this API secret, naming the setting (as the vault and the nodes say of theirs), or nothing. */
export const apiSecretProblem = (apiSecret: string): string | undefined =>
  apiSecret.length < MIN_API_SECRET_LENGTH
    ? `SIMULATOR_API_SECRET must be at least ${MIN_API_SECRET_LENGTH} characters: the simulator answers only the servers holding it (set the same on every server; try: openssl rand -hex 32)`
    : undefined;

/** Any call without the API secret is 401 before its body is read. No CORS header is ever sent, so a browser can neither read an answer nor send the header. */
export function apiDoor(apiSecret: string): MiddlewareHandler {
  const problem = apiSecretProblem(apiSecret);
  if (problem) throw new Error(problem);
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
