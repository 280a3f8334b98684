import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './AppEnv';
import { clientAddressOf, type ProxyTrust } from './clientAddress';
import { CLIENT_CLOSED_REQUEST, clientClosed } from './onError';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';

/** An id a load balancer or client sent that is safe to echo and log. */
const GOOD_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * First middleware: gives each request an id (the caller's X-Request-Id when it is sane, so one id
 * follows a request through the load balancer), answers with it, and logs one line per request:
 * method, path (never the query string, which may carry a wallet token), route, status, time,
 * client. Never headers or bodies, so no card number, CVC, password or token.
 */
export function requestLog(log: Logger, metrics: Metrics, trustedProxies: ProxyTrust): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && GOOD_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    c.set('log', log.child({ reqId: requestId }));
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.routePath;
    c.res.headers.set('x-request-id', requestId);
    // A client that closed the connection before the answer is counted and logged as 499, whatever
    // the handler made of it (a failed body read is no server error).
    const aborted = clientClosed(c);
    const status = aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
    metrics.observeRequest(c.req.method, route, status, seconds);
    // Static files (the widget's chunks and Checkout.preload()'s empty page among them), the metrics
    // scrape and the calls a widget page makes in-process for its first screen (the page's own line
    // is at info) are noise at info level.
    const quiet = route === '/metrics' || route.startsWith('/sdk/') || route.startsWith('/widget/') || route.startsWith('/images/') || c.env?.inProcess === true;
    const line = { reqId: requestId, method: c.req.method, path: c.req.path, route, status, ms: Math.round(seconds * 10_000) / 10, client: clientAddressOf(c, trustedProxies) };
    if (aborted) log.info(line, 'client aborted');
    else if (status >= 500) log.error(line, 'request failed');
    else if (quiet) log.debug(line, 'request');
    else log.info(line, 'request');
  };
}
