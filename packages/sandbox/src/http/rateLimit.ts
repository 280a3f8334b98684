import type { MiddlewareHandler } from 'hono';
import { rateLimitClientOf } from '@pasarela/core';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from './AppEnv';
import { clientAddressOf, type ProxyTrust } from './clientAddress';

/** Per minute, per kind of call; 0 turns that limit off. */
export interface RateLimits {
  login: number;
  signup: number;
  recovery: number;
  payments: number;
}

/** High enough for the test suites and `npm run bench:payments` from one address, low enough to stop a script guessing passwords or cards. */
export const DEFAULT_RATE_LIMITS: RateLimits = { login: 120, signup: 60, recovery: 60, payments: 60_000 };

export type RateBucket = keyof RateLimits;

const RULES: ReadonlyArray<readonly [RateBucket, string, RegExp]> = [
  ['login', 'POST', /^\/users\/login$/],
  ['signup', 'POST', /^\/users\/register$/],
  ['recovery', 'POST', /^\/users\/recovery-password$/],
  ['payments', 'POST', /^\/(cards\/auth-capture|(v2\/)?process-tx(\/form)?|cash\/(pay-cash|registration|cash-point)|clave\/payments|crypto\/payments|nequi\/(push|request)|yappy\/payments|subscriptions\/[^/]+\/pay|activity\/pay|users\/me\/cards|transactions\/check)$/],
  ['payments', 'GET', /^\/nequi\/qr$/],
];

export function rateBucketOf(method: string, path: string): RateBucket | undefined {
  return RULES.find(([, m, pattern]) => m === method && pattern.test(path))?.[0];
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Their bucket is full again by then. */
const IDLE_MS = 60_000;

/**
 * Per-client token buckets, a minute's worth in a burst, then 429 with Retry-After. Counted per node:
 * behind N nodes a client gets up to N times the limit (docs/operations.md).
 */
export function rateLimiter(limits: RateLimits, trustedProxies: ProxyTrust, onLimited: (bucket: RateBucket) => void = () => undefined) {
  const buckets = new Map<string, Bucket>();
  let sweptAt = Date.now();
  const sweep = (now: number) => {
    if (now - sweptAt < IDLE_MS) return;
    sweptAt = now;
    for (const [key, bucket] of buckets) if (now - bucket.at > IDLE_MS) buckets.delete(key);
  };
  const take = (bucketName: RateBucket, client: string, now: number): number => {
    const perMinute = limits[bucketName];
    if (perMinute <= 0) return 0;
    const perMs = perMinute / 60_000;
    const key = `${bucketName} ${client}`;
    const bucket = buckets.get(key) ?? { tokens: perMinute, at: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
  };
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const bucket = rateBucketOf(c.req.method, c.req.path.replace(/^\/api\/v1/, ''));
    if (bucket) {
      const now = Date.now();
      sweep(now);
      // An IPv6 client by its /64 (core rateLimitClientOf): any of its addresses is the same client.
      const retryAfter = take(bucket, rateLimitClientOf(clientAddressOf(c, trustedProxies)), now);
      if (retryAfter > 0) {
        onLimited(bucket);
        throw new ApiError(429, 'too_many_requests', `Too many ${bucket} requests: try again in ${retryAfter} s`, { 'retry-after': String(retryAfter) });
      }
    }
    await next();
  };
  return { middleware, size: () => buckets.size };
}
