import { timingSafeEqual, createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../Deps';
import { ApiError } from '../errors/ApiError';
import type { AdminScope, AppEnv } from '../http/AppEnv';
import { merchantIdBySecretKey } from '../store/merchantKeys';

const LOOPBACK_IPV4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** All of 127.0.0.0/8 is loopback, also IPv4-mapped; docs/api.md and README's HOST row state the same rule. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  return name === 'localhost' || name === '::1' || LOOPBACK_IPV4.test(name.replace(/^::ffff:/, ''));
}

export function sameSecret(given: string, expected: string): boolean {
  // Hashes have one length, so the comparison takes the same time whatever was sent.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export async function adminScopeOf(deps: Pick<Deps, 'db'>, adminToken: string | undefined, bearer: string | undefined): Promise<AdminScope | undefined> {
  const value = (bearer ?? '').trim();
  if (value.startsWith('sk_')) {
    const merchantId = await merchantIdBySecretKey(deps.db, value);
    if (merchantId === undefined) throw new ApiError(401, 'invalid_secret_key', 'Authorization must be Bearer <secretKey> of a merchant');
    return { kind: 'merchant', merchantId, secretKey: value };
  }
  // No token configured: a server on loopback, where whoever reaches it is the developer.
  if (adminToken === undefined) return { kind: 'admin' };
  if (value !== '' && sameSecret(value, adminToken)) return { kind: 'admin' };
  return undefined;
}

export function bearerOf(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
}

/**
 * The admin token or a merchant's secret key (scoping the call to its merchant), once a token is set;
 * `open` names the payer's ways back and the console's shell, which anyone may load.
 */
export function adminAccess(deps: Pick<Deps, 'db'>, adminToken: string | undefined, open: (path: string, method: string) => boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || open(c.req.path, c.req.method)) return next();
    const scope = await adminScopeOf(deps, adminToken, bearerOf(c.req.header('authorization')));
    if (!scope) throw new ApiError(401, 'admin_token_required', 'Send Authorization: Bearer <SANDBOX_ADMIN_TOKEN> or a merchant secret key');
    c.set('adminScope', scope);
    await next();
  };
}

export function scopedMerchant(c: Context<AppEnv>): number | undefined {
  const scope = c.get('adminScope');
  return scope?.kind === 'merchant' ? scope.merchantId : undefined;
}

/** The merchant's secret key that asked; undefined for the operator. */
export function scopedSecretKey(c: Context<AppEnv>): string | undefined {
  const scope = c.get('adminScope');
  return scope?.kind === 'merchant' ? scope.secretKey : undefined;
}

/** 404, as if absent, when a merchant's key reaches another's resource. */
export function requireOwn(c: Context<AppEnv>, ownerId: number | null | undefined, notFound: () => ApiError): void {
  const merchantId = scopedMerchant(c);
  if (merchantId !== undefined && ownerId !== merchantId) throw notFound();
}

export function requireOperator(c: Context<AppEnv>): void {
  if (scopedMerchant(c) !== undefined) throw new ApiError(403, 'admin_only', 'Only the sandbox operator (SANDBOX_ADMIN_TOKEN) may make this call');
}

/** For a merchant's key: its own merchant when none is named, 404 for another. */
export function ownMerchantBody(c: Context<AppEnv>, body: Record<string, unknown>): Record<string, unknown> {
  const merchantId = scopedMerchant(c);
  if (merchantId === undefined) return body;
  if (body['merchantId'] !== undefined && body['merchantId'] !== merchantId) throw new ApiError(404, 'merchant_not_found', 'merchantId names no merchant of this secret key');
  return { ...body, merchantId };
}
