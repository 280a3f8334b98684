import { createServer, type RequestListener, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { simulatedGateways } from './processors/simulatedGateways';
import { memoryBooks, type MemoryBooks } from './memoryBooks';
import { notifier } from './notifier';
import { simulatorApi } from './simulatorApi';

export interface SimulatorOptions {
  /** 0 (the default): a free port the system picks. */
  port?: number | undefined;
  host?: string | undefined;
  /** Where the books are journaled (a file); in memory only when absent. */
  journal?: string | undefined;
  /**
   * SIMULATOR_NOTIFICATION_SECRET, shared with the servers: what happens later to an attempt is
   * POSTed, signed with it, to the URL its calls named. Without it nothing is sent (the servers ask).
   */
  notificationSecret?: string | undefined;
  /** True: its port keeps no process alive (a test worker's shared simulator). */
  unref?: boolean | undefined;
  /** How often the phones due to answer and the notifications due are looked at (200 ms). */
  tickMs?: number | undefined;
  /**
   * The origin payers' browsers reach this simulator at, for the issuer's and the bank's pages the
   * processors' answers point to (SIMULATOR_PUBLIC_URL, behind a proxy); its own URL by default.
   */
  publicUrl?: string | undefined;
}

export interface RunningSimulator {
  url: string;
  port: number;
  /** Its books, for a test in the same process to look at (others ask `GET /v1/books`). */
  books: MemoryBooks;
  close(): Promise<void>;
}

/** The simulated processors as a service: their HTTP API on their own port, their own books. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  // Listening first: the pages' address is known once the port is.
  let listener: RequestListener = (_req, res) => void res.writeHead(503).end();
  const server: Server = createServer((req, res) => listener(req, res));
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
  listener = getRequestListener(app.fetch);
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
  // The test phones answer a moment after their push; what they answered, and every other
  // notification not yet acknowledged, goes out on this tick.
  let ticking: Promise<void> | undefined;
  const tick = setInterval(() => {
    if (!options.notificationSecret || ticking) return;
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
    },
  };
}
