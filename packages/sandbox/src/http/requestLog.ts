import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './AppEnv';
import { clientAddressOf, type ProxyTrust } from './clientAddress';
import { noteRequestId } from './httpServer';
import { loggedPath } from './loggedPath';
import { CLIENT_CLOSED_REQUEST, clientClosed } from './onError';
import type { Logger } from '../ops/logger';
import type { Metrics } from '../ops/metrics';

const GOOD_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * One line per request under a request id (the caller's X-Request-Id when sane, so one id crosses the
 * load balancer). Never the query string (a wallet token), headers or bodies.
 */
export function requestLog(log: Logger, metrics: Metrics, trustedProxies: ProxyTrust): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && GOOD_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    // A stop that cuts this request names it by this id.
    if (c.env?.incoming) noteRequestId(c.env.incoming, requestId);
    c.set('log', log.child({ reqId: requestId }));
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.routePath;
    c.res.headers.set('x-request-id', requestId);
    // 499 whatever the handler made of it: a failed body read is no server error.
    const aborted = clientClosed(c);
    const status = aborted ? CLIENT_CLOSED_REQUEST : c.res.status;
    metrics.observeRequest(c.req.method, route, status, seconds);
    // Static files, the metrics scrape and a page's in-process calls are noise at info level.
    const quiet = route === '/metrics' || route.startsWith('/sdk/') || route.startsWith('/widget/') || route.startsWith('/images/') || c.env?.inProcess === true;
    const line = { reqId: requestId, method: c.req.method, path: loggedPath(c.req.path), route, status, ms: Math.round(seconds * 10_000) / 10, client: clientAddressOf(c, trustedProxies) };
    if (aborted) log.info(line, 'client aborted');
    // A draining node's /health at 503 is what the load balancer must see, once per probe: no failure.
    else if (status >= 500 && c.get('failureMeant') === true) log.info(line, 'request');
    // A dependency this node could not reach (the card vault refusing connections): an outage outside
    // the node, which /health reports too; one line, naming it.
    else if (status >= 500 && c.get('dependencyDown')) log.warn({ ...line, ...c.get('dependencyDown') }, 'request failed: a dependency is down');
    else if (status >= 500) log.error({ ...line, ...c.get('failure') }, 'request failed');
    else if (c.get('refusalToTell')) log.warn({ ...line, cause: c.get('refusalToTell') }, 'request refused');
    else if (quiet) log.debug(line, 'request');
    else log.info(line, 'request');
  };
}
