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
  /** It carries X-Forwarded-For, Forwarded or X-Real-IP: a proxy passed it on from beyond this machine. */
  proxied?: boolean | undefined;
}

/** The headers a reverse proxy adds; a request with any of them came from beyond the machine. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether a request carries any of PROXY_HEADERS, read by `header` (a lower-case name). */
function cameThroughProxy(header: (name: string) => unknown): boolean {
  return PROXY_HEADERS.some((name) => header(name) !== undefined);
}

export interface AdminRefusal {
  code: 'cross_origin_refused' | 'proxied_request_refused';
  detail: string;
}

/**
 * Why an open admin API (no token, on loopback) refuses a request: a proxy on this machine makes
 * anyone a loopback caller, so a proxied request is refused; any page the developer visits reaches
 * loopback too, so another Origin, a cross- or same-site Sec-Fetch-Site (no-cors sends no Origin) or
 * a non-loopback Host (DNS rebinding) is refused; undefined for its own pages and curl.
 */
export function openAdminRefusal(source: RequestSource, publicOrigin: string | undefined): AdminRefusal | undefined {
  if (source.proxied === true) {
    return { code: 'proxied_request_refused', detail: 'A request through a proxy (X-Forwarded-For, Forwarded or X-Real-IP) needs the admin token, SANDBOX_ADMIN_TOKEN' };
  }
  const crossOrigin = (detail: string): AdminRefusal => ({ code: 'cross_origin_refused', detail });
  const own = URL.canParse(source.url) ? new URL(source.url) : undefined;
  if (!own) return crossOrigin('The Host header names no address');
  // URL writes an IPv6 host in brackets ([::1]).
  if (!isLoopbackHost(own.hostname.replace(/^\[(.*)\]$/, '$1')) && own.origin !== publicOrigin) {
    return crossOrigin(`Without SANDBOX_ADMIN_TOKEN the admin API answers on a loopback name only, not ${own.host}`);
  }
  if (source.origin !== undefined && source.origin !== own.origin && source.origin !== publicOrigin) return crossOrigin(`Without SANDBOX_ADMIN_TOKEN the admin API answers its own pages only, not ${source.origin}`);
  if (source.fetchSite === 'cross-site' || source.fetchSite === 'same-site') return crossOrigin('Without SANDBOX_ADMIN_TOKEN the admin API answers its own pages only');
  return undefined;
}

export function sourceOfUpgrade(req: IncomingMessage): RequestSource {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { url: `http://${header('host') ?? 'unknown.invalid'}${req.url ?? '/'}`, origin: header('origin'), fetchSite: header('sec-fetch-site'), proxied: cameThroughProxy(header) };
}

/**
 * With a token, CORS is open without credentials: a bearer header is not ambient authority. Without
 * one, its own origin only, no proxied request, and no CORS header (openAdminRefusal).
 */
export function adminCors(options: { adminToken: string | undefined; publicOrigin: string | undefined; open: (path: string, method: string) => boolean }): MiddlewareHandler<AppEnv> {
  if (options.adminToken !== undefined) return cors({ origin: '*' });
  return async (c, next) => {
    if (options.open(c.req.path, c.req.method)) return next();
    const header = (name: string) => c.req.header(name);
    const refusal = openAdminRefusal({ url: c.req.url, origin: header('origin'), fetchSite: header('sec-fetch-site'), proxied: cameThroughProxy(header) }, options.publicOrigin);
    if (refusal) throw new ApiError(403, refusal.code, refusal.detail);
    await next();
  };
}
