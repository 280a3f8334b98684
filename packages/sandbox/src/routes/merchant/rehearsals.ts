import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../../Deps';
import { ApiError } from '../../errors/ApiError';
import type { AppEnv } from '../../http/AppEnv';
import { SANDBOX_ENVIRONMENT } from '../../sandboxEnvironment';
import { requireMerchantKey } from './merchantAuth';

/** docs/sandbox.md "Rehearsing failures": only in the demo environment and for a test key (sk_test_). */
export const RATE_LIMIT_HEADER = 'Pasarela-Test-Rate-Limit';
export const HOLD_HEADER = 'Pasarela-Test-Hold-Ms';
export const MAX_HOLD_MS = 30_000;

function rehearsalsOn(c: Context<AppEnv>): boolean {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  return SANDBOX_ENVIRONMENT === 'demo' && token.startsWith('sk_test_');
}

/** 429 too_many_requests with Retry-After, and nothing done. */
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

export function holdMsOf(c: Context<AppEnv>): number {
  const asked = c.req.header(HOLD_HEADER);
  if (asked === undefined || !rehearsalsOn(c)) return 0;
  if (!/^\d{1,5}$/.test(asked) || Number(asked) > MAX_HOLD_MS) throw new ApiError(400, 'invalid_arguments', `${HOLD_HEADER} must be milliseconds from 0 to ${MAX_HOLD_MS}`);
  return Number(asked);
}

/** A repeat meeting a held key is told idempotency_key_in_use at once rather than waiting. */
export const heldKeys = new Set<string>();
