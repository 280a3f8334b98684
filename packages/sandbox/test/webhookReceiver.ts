import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { Queryable } from '../src/db/Database';
import { claimDueWebhooks, DEFAULT_WEBHOOK_DELIVERY, type WebhookDeliverySettings } from '../src/webhooks/deliverWebhooks';
import { postWebhook, type WebhookPost } from '../src/webhooks/postWebhook';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses to answer the next requests with, in order; 200 once they run out. 0 hangs (a timeout). */
  answers: number[];
  close(): Promise<void>;
}

/** The real 10 s time-out: with 300 ms, a machine busy with other suites timed out deliveries. */
export const TO_RECEIVER: WebhookDeliverySettings = { ...DEFAULT_WEBHOOK_DELIVERY, allowPrivateAddresses: true };

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      if (status !== 0) res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** As a merchant would; the timestamp it carries, or undefined. */
export function verifiedTimestampOf(header: string | string[] | undefined, body: string, webhookSecret: string): number | undefined {
  const parts = new Map(String(header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = parts.get('t') ?? '';
  const expected = createHmac('sha256', webhookSecret).update(`${t}.${body}`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return /^\d+$/.test(t) && given.length === expected.length && timingSafeEqual(given, expected) ? Number(t) : undefined;
}

/** What is due now, sent, and every outcome recorded before it returns (a node's sender leaves them in flight); the count sent. */
export async function deliverDueWebhooks(
  db: Queryable,
  settings: WebhookDeliverySettings = DEFAULT_WEBHOOK_DELIVERY,
  send: (post: WebhookPost) => Promise<number> = postWebhook,
): Promise<number> {
  const room = { total: 2 * settings.batch, perMerchant: 2 * settings.batch, busy: new Map<number, number>() };
  const deliveries = await claimDueWebhooks(db, settings, room, send);
  await Promise.all(deliveries.map((delivery) => delivery.deliver()));
  return deliveries.length;
}
