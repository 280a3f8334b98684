import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Only the application server, holding VAULT_API_SECRET, passes. `header` is `authorization` for the
 * vault's own API and `vault-authorization` on a forward, whose `Authorization` is the processor's.
 * During a rotation the door takes a second secret (VAULT_OTHER_API_SECRET), so the servers move
 * from one to the other one node at a time (docs/security.md "Rotating the API secret").
 */
export function secretDoor(apiSecrets: readonly string[], header: 'authorization' | 'vault-authorization'): MiddlewareHandler {
  if (apiSecrets.length === 0 || apiSecrets.some((secret) => secret === '')) throw new Error('The vault needs an API secret (VAULT_API_SECRET)');
  // Both sides hashed first: the comparison takes as long whatever the length given; every secret is compared.
  const expected = apiSecrets.map(digest);
  return async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header(header) ?? '')?.[1];
    const givenDigest = given === undefined ? undefined : digest(given);
    const taken = givenDigest !== undefined && expected.reduce((match, secret) => timingSafeEqual(givenDigest, secret) || match, false);
    if (!taken) {
      c.header('www-authenticate', 'Bearer');
      return c.json({ code: 'unauthorized', message: `The vault answers only the server holding its API secret (${header === 'authorization' ? 'Authorization' : 'Vault-Authorization'}: Bearer ...)` }, 401);
    }
    return next();
  };
}
