// The fault proxy of `npm run test:faults`: an HTTP proxy between a payer and the sandbox's nodes that
// spoils chosen answers (delay, drop, 502-after, 502-before, refuse) per method, path and request
// number, and balances round robin over the nodes whose /health answers. A request sent to a node
// that never answered is counted as lost.
import http from 'node:http';
import net from 'node:net';

const BAD_GATEWAY = '<!doctype html><html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>';

/**
 * @param {{ upstreams: string[], healthEveryMs?: number }} options
 */
export async function startFaultProxy({ upstreams, healthEveryMs = 0 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const nodes = upstreams.map((url) => ({ url: new URL(url), healthy: true }));
  /** @type {Array<{ method?: string, path: RegExp, nth?: number[], plan?: string[], action?: string, ms?: number, seen: number, hits: number, connect?: boolean }>} */
  let faults = [];
  const stats = { requests: 0, answered5xx: 0, injected: 0, lost: 0, turnedAway: 0 };
  let next = 0;

  const pickNode = (exclude = new Set()) => {
    const candidates = nodes.filter((n) => n.healthy && !exclude.has(n));
    if (candidates.length === 0) return undefined;
    next = (next + 1) % candidates.length;
    return candidates[next];
  };

  const faultFor = (method, path) => {
    for (const fault of faults) {
      if (fault.connect) continue;
      if (fault.method && fault.method !== method) continue;
      if (!fault.path.test(path)) continue;
      fault.seen += 1;
      if (fault.plan) {
        // One action per request number: plan[0] for the first matching request, and so on.
        const action = fault.plan[fault.seen - 1];
        if (!action) continue;
        fault.hits += 1;
        stats.injected += 1;
        return { ...fault, action };
      }
      if (!fault.nth || fault.nth.includes(fault.seen)) {
        fault.hits += 1;
        stats.injected += 1;
        return fault;
      }
    }
    return undefined;
  };

  const badGateway = (res) => {
    stats.answered5xx += 1;
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/html', 'content-length': Buffer.byteLength(BAD_GATEWAY) });
    res.end(BAD_GATEWAY);
  };

  const forward = (req, body, target, path) =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, host: target.host };
      delete headers['proxy-connection'];
      const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      upstream.on('error', reject);
      upstream.end(body);
    });

  const server = http.createServer(async (req, res) => {
    stats.requests += 1;
    res.on('error', () => undefined);
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const absolute = /^https?:\/\//.test(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const path = `${url.pathname}${url.search}`;
    const fault = faultFor(req.method, path);
    if (fault?.action === '502-before') return badGateway(res);
    let answer;
    const tried = new Set();
    for (;;) {
      const node = absolute ? { url, healthy: true } : pickNode(tried);
      if (!node) {
        // No node to send it to: the balancer answers 503 itself, and nothing was sent.
        stats.turnedAway += 1;
        stats.answered5xx += 1;
        res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
        return res.end('no healthy node');
      }
      try {
        answer = await forward(req, body, node.url, path);
        break;
      } catch (error) {
        const code = /** @type {{ code?: string }} */ (error).code;
        if (code === 'ECONNREFUSED' && !absolute) {
          // Refused: nothing reached the node; another one may take it.
          node.healthy = false;
          tried.add(node);
          continue;
        }
        // Sent, and the node never answered (reset, hang-up): the payer cannot know what happened.
        stats.lost += 1;
        return badGateway(res);
      }
    }
    if (fault?.action === '502-after') return badGateway(res);
    if (fault?.action === 'delay') await new Promise((r) => setTimeout(r, fault.ms ?? 0));
    const headers = { ...answer.headers };
    delete headers['transfer-encoding'];
    delete headers['connection'];
    delete headers['keep-alive'];
    headers['content-length'] = String(answer.body.length);
    if (answer.status >= 500) stats.answered5xx += 1;
    if (res.destroyed) return;
    res.writeHead(answer.status, headers);
    if (fault?.action === 'drop') {
      // The answer starts, and the connection is cut halfway through it.
      res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)));
      setTimeout(() => req.socket.destroy(), 20);
      return;
    }
    res.end(answer.body);
  });

  // A payer's connection that breaks (as the faults make them do) is no error of the proxy's.
  server.on('connection', (socket) => socket.on('error', () => undefined));

  // A push socket asked for through the proxy (the payer script's, Upgrade on the proxy itself).
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://proxy.invalid');
    const refused = faults.find((f) => f.action === 'refuse' && !f.connect && f.path.test(`${url.pathname}${url.search}`));
    const node = pickNode();
    if (refused || !node) {
      if (refused) refused.hits += 1;
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = net.connect(Number(node.url.port), node.url.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });

  // Chromium tunnels its WebSockets through a proxy with CONNECT host:port.
  server.on('connect', (req, socket, head) => {
    socket.on('error', () => undefined);
    const refused = faults.find((f) => f.action === 'refuse' && f.connect);
    if (refused) {
      refused.hits += 1;
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('close', () => upstream.destroy());
  });

  let checking;
  if (healthEveryMs > 0) {
    checking = setInterval(() => {
      for (const node of nodes) {
        fetch(new URL('/health', node.url), { signal: AbortSignal.timeout(Math.max(200, healthEveryMs * 2)) }).then(
          (r) => (node.healthy = r.status === 200),
          () => (node.healthy = false),
        );
      }
    }, healthEveryMs);
  }

  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stats,
    nodes,
    /**
     * Spoils the answers of requests matching method and path (a RegExp on path and query); nth
     * picks which of the matching requests (1-based), all of them when absent.
     * plan instead of action and nth: one action per matching request, in order (undefined passes).
     * @param {{ method?: string, path?: RegExp, nth?: number[], plan?: Array<string | undefined>, action?: 'delay' | 'drop' | '502-after' | '502-before' | 'refuse', ms?: number, connect?: boolean }} fault
     */
    fault(fault) {
      const added = { path: /.*/, ...fault, seen: 0, hits: 0 };
      faults.push(added);
      return added;
    },
    clearFaults() {
      faults = [];
    },
    resetStats() {
      for (const key of Object.keys(stats)) stats[key] = 0;
    },
    async close() {
      clearInterval(checking);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
