import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { isLoopbackHost } from './adminAccess';

/** Headers a web page cannot set. */
export interface RequestSource {
  url: string;
  origin?: string | undefined;
  fetchSite?: string | undefined;
}

/**
 * Why an open admin API (no token, on loopback) refuses a request: any page the developer visits
 * reaches loopback too, so another Origin, a cross- or same-site Sec-Fetch-Site (no-cors sends no
 * Origin) or a non-loopback Host (DNS rebinding) is refused; undefined for its own pages and curl.
 */
export function openAdminRefusal(source: RequestSource, publicOrigin: string | undefined): string | undefined {
  const own = URL.canParse(source.url) ? new URL(source.url) : undefined;
  if (!own) return 'The Host header names no address';
  // URL writes an IPv6 host in brackets ([::1]).
  if (!isLoopbackHost(own.hostname.replace(/^\[(.*)\]$/, '$1')) && own.origin !== publicOrigin) {
    return `Without SANDBOX_ADMIN_TOKEN the admin API answers on a loopback name only, not ${own.host}`;
  }
  if (source.origin !== undefined && source.origin !== own.origin && source.origin !== publicOrigin) return `Without SANDBOX_ADMIN_TOKEN the admin API answers its own pages only, not ${source.origin}`;
  if (source.fetchSite === 'cross-site' || source.fetchSite === 'same-site') return 'Without SANDBOX_ADMIN_TOKEN the admin API answers its own pages only';
  return undefined;
}

export function sourceOfUpgrade(req: IncomingMessage): RequestSource {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { url: `http://${header('host') ?? 'unknown.invalid'}${req.url ?? '/'}`, origin: header('origin'), fetchSite: header('sec-fetch-site') };
}

/**
 * With a token, CORS is open without credentials: a bearer header is not ambient authority. Without
 * one, its own origin only and no CORS header (openAdminRefusal).
 */
export function adminCors(options: { adminToken: string | undefined; publicOrigin: string | undefined; open: (path: string, method: string) => boolean }): MiddlewareHandler<AppEnv> {
  if (options.adminToken !== undefined) return cors({ origin: '*' });
  return async (c, next) => {
    if (options.open(c.req.path, c.req.method)) return next();
    const refusal = openAdminRefusal({ url: c.req.url, origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site') }, options.publicOrigin);
    if (refusal) throw new ApiError(403, 'cross_origin_refused', refusal);
    await next();
  };
}
