import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { SANDBOX_ENVIRONMENT } from '../../sandboxEnvironment';
import { requireMerchantKey } from './merchantAuth';

/**
 * Failure rehearsals (docs/sandbox.md "Rehearsing failures"): test headers that make the merchant API
 * answer the failures a merchant's server must handle. Honoured only where this server is the demo
 * environment (sandboxEnvironment.ts) and for a test key (sk_test_): a live deployment, or a live
 * key, ignores them.
 */
export const RATE_LIMIT_HEADER = 'Pasarela-Test-Rate-Limit';
export const HOLD_HEADER = 'Pasarela-Test-Hold-Ms';
/** The longest a rehearsal holds a request. */
export const MAX_HOLD_MS = 30_000;

function rehearsalsOn(c: Context<AppEnv>): boolean {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  return SANDBOX_ENVIRONMENT === 'demo' && token.startsWith('sk_test_');
}

/** `Pasarela-Test-Rate-Limit: 1` on any call with a valid test key: 429 too_many_requests with Retry-After, and nothing done. */
export function rateLimitRehearsal(deps: Pick<Deps, 'db'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const asked = c.req.header(RATE_LIMIT_HEADER);
    if (asked !== undefined && rehearsalsOn(c)) {
      await requireMerchantKey(deps, c.req.header('authorization'));
      const seconds = /^\d{1,2}$/.test(asked) && Number(asked) > 0 ? asked : '1';
      throw new ApiError(429, 'too_many_requests', `Rehearsal (${RATE_LIMIT_HEADER}): try again in ${seconds} s`, { 'retry-after': seconds });
    }
    await next();
  };
}

/** The milliseconds a POST with an Idempotency-Key is held after it claims its key; 0 without the header. */
export function holdMsOf(c: Context<AppEnv>): number {
  const asked = c.req.header(HOLD_HEADER);
  if (asked === undefined || !rehearsalsOn(c)) return 0;
  if (!/^\d{1,5}$/.test(asked) || Number(asked) > MAX_HOLD_MS) throw new ApiError(400, 'invalid_arguments', `${HOLD_HEADER} must be milliseconds from 0 to ${MAX_HOLD_MS}`);
  return Number(asked);
}

/**
 * Keys held by a rehearsal on this node: a repeat that meets one is told idempotency_key_in_use at
 * once, rather than waiting for it as it would for a real first request.
 */
export const heldKeys = new Set<string>();
