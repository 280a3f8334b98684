import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Only the application server, holding VAULT_API_SECRET, passes. `header` is `authorization` for the
 * vault's own API and `vault-authorization` on a forward, whose `Authorization` is the processor's.
 */
export function secretDoor(apiSecret: string, header: 'authorization' | 'vault-authorization'): MiddlewareHandler {
  if (apiSecret === '') throw new Error('The vault needs an API secret (VAULT_API_SECRET)');
  // Both sides hashed first: the comparison takes as long whatever the length given.
  const expected = digest(apiSecret);
  return async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header(header) ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) {
      c.header('www-authenticate', 'Bearer');
      return c.json({ code: 'unauthorized', message: `The vault answers only the server holding its API secret (${header === 'authorization' ? 'Authorization' : 'Vault-Authorization'}: Bearer ...)` }, 401);
    }
    return next();
  };
}
