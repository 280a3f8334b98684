import type { Context, MiddlewareHandler } from 'hono';
import { ANONYMOUS_USER_SERVICE_ID, SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, type Environment } from '@pasarela/core';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from '../http/AppEnv';

const isPublic = (path: string) => path.startsWith('/api/v1/translations');

/** SPEC 6: a wallet caller's token is checked only by routes that need the user, so others skip the session lookup. */
export function callerAuth(env: Environment): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isPublic(c.req.path)) return next();
    const key = c.req.header('x-api-key') ?? '';
    const hasToken = (c.req.header('authorization') ?? '').trim() !== '';
    if (key === SANDBOX_CLIENT_KEY) {
      if (hasToken) {
        throw new ApiError(401, 'invalid_api_key', `A wallet token goes with the widget key: send x-api-key: ${SANDBOX_WIDGET_KEY} with Authorization: Bearer <token>`);
      }
      c.set('caller', { kind: 'guest', anonymousUserServiceId: ANONYMOUS_USER_SERVICE_ID[env] });
    } else if (key === SANDBOX_WIDGET_KEY) {
      if (!hasToken) throw new ApiError(401, 'session_expired', `The widget key goes with Authorization: Bearer <token>; guests send x-api-key: ${SANDBOX_CLIENT_KEY}`);
      c.set('caller', { kind: 'wallet' });
    } else {
      throw new ApiError(403, 'invalid_api_key', 'Send the client key in the x-api-key header');
    }
    await next();
  };
}

export function guestServiceIdOf(c: Context<AppEnv>): number | undefined {
  const caller = c.get('caller');
  return caller?.kind === 'guest' ? caller.anonymousUserServiceId : undefined;
}
