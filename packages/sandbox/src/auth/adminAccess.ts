import { timingSafeEqual, createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Deps } from '../Deps';
import { ApiError } from '../errors/ApiError';
import type { AdminScope, AppEnv } from '../http/AppEnv';
import { merchantIdBySecretKey } from '../store/merchantKeys';

/** Who is calling the admin API: the sandbox's operator, or one merchant (its secret key). */
/** An IPv4 address of 127.0.0.0/8 in dotted decimal, each number 0-255 without leading zeros. */
const LOOPBACK_IPV4 = /^127(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * True when host names this machine only: `localhost`, `::1`, or any IPv4 address of 127.0.0.0/8
 * (all of it is loopback), also IPv4-mapped (`::ffff:127.0.0.1`). docs/api.md "Who may call what"
 * and README's HOST row state the same rule.
 */
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

/** The scope a bearer value grants; undefined when it grants nothing (and none is open). */
export async function adminScopeOf(deps: Pick<Deps, 'db'>, adminToken: string | undefined, bearer: string | undefined): Promise<AdminScope | undefined> {
  const value = (bearer ?? '').trim();
  if (value.startsWith('sk_')) {
    const merchantId = await merchantIdBySecretKey(deps.db, value);
    if (merchantId === undefined) throw new ApiError(401, 'invalid_secret_key', 'Authorization must be Bearer <secretKey> of a merchant');
    return { kind: 'merchant', merchantId };
  }
  // No token configured: a server on loopback, where whoever reaches it is the developer.
  if (adminToken === undefined) return { kind: 'admin' };
  if (value !== '' && sameSecret(value, adminToken)) return { kind: 'admin' };
  return undefined;
}

/** The bearer value of an Authorization header ('' when absent). */
export function bearerOf(header: string | undefined): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
}

/**
 * Every admin call needs the admin token (SANDBOX_ADMIN_TOKEN) or a merchant's secret key once a
 * token is set (always when the server listens beyond loopback). A secret key scopes the call to
 * its merchant. `open(path, method)` names the payer's ways back from the issuer's and the bank's pages and
 * the console's static shell, which anyone may load.
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

/** The merchant a scoped call is limited to; undefined for the operator. */
export function scopedMerchant(c: Context<AppEnv>): number | undefined {
  const scope = c.get('adminScope');
  return scope?.kind === 'merchant' ? scope.merchantId : undefined;
}

/** 404 (as if absent) when a merchant's key reaches another merchant's resource. */
export function requireOwn(c: Context<AppEnv>, ownerId: number | null | undefined, notFound: () => ApiError): void {
  const merchantId = scopedMerchant(c);
  if (merchantId !== undefined && ownerId !== merchantId) throw notFound();
}

/** 403 for calls only the operator makes (new merchants, wallet users, the whole mailbox). */
export function requireOperator(c: Context<AppEnv>): void {
  if (scopedMerchant(c) !== undefined) throw new ApiError(403, 'admin_only', 'Only the sandbox operator (SANDBOX_ADMIN_TOKEN) may make this call');
}

/**
 * A body naming a merchant, for a merchant's key: its own merchant when it names none, 404 when it
 * names another (as if that merchant did not exist). The operator's body is left as sent.
 */
export function ownMerchantBody(c: Context<AppEnv>, body: Record<string, unknown>): Record<string, unknown> {
  const merchantId = scopedMerchant(c);
  if (merchantId === undefined) return body;
  if (body['merchantId'] !== undefined && body['merchantId'] !== merchantId) throw new ApiError(404, 'merchant_not_found', 'merchantId names no merchant of this secret key');
  return { ...body, merchantId };
}
