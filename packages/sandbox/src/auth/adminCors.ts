import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ApiError } from '../errors/ApiError';
import type { AppEnv } from '../http/AppEnv';
import { isLoopbackHost } from './adminAccess';

/** What a request says about who sent it, in headers a web page cannot set. */
export interface RequestSource {
  /** The address it was sent to, as its Host header names it (`http://localhost:4000/...`). */
  url: string;
  /** Origin: the page a browser sent it for. */
  origin?: string | undefined;
  /** Sec-Fetch-Site: how that page relates to this server (`same-origin`, `cross-site`, ...). */
  fetchSite?: string | undefined;
}

/**
 * Why an open admin API (no token: a loopback server, where whoever reaches it is the developer)
 * refuses a request; undefined for its own pages, a typed address, or no browser at all (a
 * server, curl). Any page the developer visits reaches loopback too, so a browser's request for
 * another page is refused: another Origin, a cross-site or same-site Sec-Fetch-Site (a no-cors
 * request carries no Origin), or a Host that is not a loopback name (a DNS name rebound to
 * 127.0.0.1 is its page's own origin).
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

/** The source of a socket's opening request (the admin push socket). */
export function sourceOfUpgrade(req: IncomingMessage): RequestSource {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { url: `http://${header('host') ?? 'unknown.invalid'}${req.url ?? '/'}`, origin: header('origin'), fetchSite: header('sec-fetch-site') };
}

/**
 * Which browsers the admin API answers. With a token, any origin that sends it (CORS open, no
 * credentials): a bearer header is not ambient authority, a page has it only when given it.
 * Without one, its own origin only, and no CORS header at all (openAdminRefusal). `open` names
 * the payer's pages and the console's shell, which anyone may load.
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
