import { createServer, type RequestListener, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { apiDoor, apiSecretProblem } from './apiDoor';
import { simulatedGateways } from './processors/simulatedGateways';
import { memoryBooks, type MemoryBooks } from './memoryBooks';
import { notifier } from './notifier';
import { simulatorApi } from './simulatorApi';

export interface SimulatorOptions {
  /** SIMULATOR_API_SECRET: its API, controls and books answer only a call carrying it; its payer pages are public. */
  apiSecret: string;
  port?: number | undefined;
  host?: string | undefined;
  journal?: string | undefined;
  /** SIMULATOR_NOTIFICATION_SECRET; without it nothing is sent (the servers ask). */
  notificationSecret?: string | undefined;
  unref?: boolean | undefined;
  tickMs?: number | undefined;
  /** SIMULATOR_PUBLIC_URL, behind a proxy; its own URL by default. */
  publicUrl?: string | undefined;
}

export interface RunningSimulator {
  url: string;
  port: number;
  books: MemoryBooks;
  close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  // Before it listens: refused, it holds no port.
  const problem = apiSecretProblem(options.apiSecret);
  if (problem) throw new Error(problem);
  // Listening first: the pages' address is known once the port is.
  let listener: RequestListener = (_req, res) => void res.writeHead(503).end();
  const server: Server = createServer((req, res) => listener(req, res));
  // An idle connection outlives its clients' pools (Node's fetch keeps one 4 s, timed in whole
  // seconds), as a processor's does: with Node's 5 s default the server's next call, about 5 s after
  // the one before, could go out on a connection the simulator was closing (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const books = memoryBooks({ journal: options.journal });
  const simulated = simulatedGateways(books, { pagesUrl: (options.publicUrl || url).replace(/\/+$/, '') });
  const notify = notifier(books, { secret: options.notificationSecret });
  const app = simulatorApi(simulated, notify);
  // What the books hold, read only: the tests and the fault scripts count charges here, as one
  // would in a processor's dashboard. `?port=card` lists a port's entries; `/:key` is one entry.
  app.get('/v1/books', (c) => {
    const port = c.req.query('port');
    if (!port) return c.json({ code: 'invalid_arguments', message: 'port is required' }, 400);
    return c.json({ entries: books.list(port) });
  });
  app.get('/v1/books/:key', (c) => {
    const key = c.req.param('key');
    const entry = books.find(key);
    return entry ? c.json({ entry }) : c.json({ code: 'not_found', message: `Nothing under ${key}` }, 404);
  });
  // The door before every route: only the payer's pages are reached without the API secret.
  listener = getRequestListener(new Hono().use(apiDoor(options.apiSecret)).route('/', app).fetch);
  // The test phones answer a moment after their push; what they answered, and every other
  // notification not yet acknowledged, goes out on this tick.
  let ticking: Promise<void> | undefined;
  // The journal is folded into snapshot lines on it too, once it has grown past its entries.
  const tick = setInterval(() => {
    if (ticking) return;
    books.compactIfGrown();
    if (!options.notificationSecret) return;
    ticking = (async () => {
      await simulated.controls.answerDue((event) => notify.tell('key' in event ? event.key : event.paymentReference, event));
      await notify.deliverDue();
    })().catch(() => undefined).finally(() => (ticking = undefined));
  }, options.tickMs ?? 200);
  tick.unref();
  // A simulator a test process shares keeps nobody's process alive.
  if (options.unref) server.unref();
  return {
    url,
    port,
    books,
    close: async () => {
      clearInterval(tick);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await ticking;
      books.close();
    },
  };
}
