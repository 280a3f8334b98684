import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { Queryable } from '../src/db/Database';
import { merchantApiClient, type MerchantApiClient } from './merchantApiClient';
import { createTestApp, type TestApp } from './testApp';
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

export interface WebhookApp {
  readonly t: TestApp;
  readonly api: MerchantApiClient;
  /** A merchant's webhookUrl, as a test makes it. */
  readonly first: WebhookReceiver;
  /** Another endpoint's. */
  readonly second: WebhookReceiver;
}

/**
 * The app on PGlite, a merchant API client checking answers against the OpenAPI document, and two
 * signed-webhook receivers: made in beforeAll, closed in afterAll, as useMerchantApi's (merchantApiSetup.ts).
 */
export function useWebhookApp(): WebhookApp {
  let made: { t: TestApp; api: MerchantApiClient; first: WebhookReceiver; second: WebhookReceiver } | undefined;
  beforeAll(async () => {
    const [t, first, second] = await Promise.all([createTestApp(), startWebhookReceiver(), startWebhookReceiver()]);
    made = { t, first, second, api: await merchantApiClient((path, init) => t.app.request(path, init)) };
  });
  afterAll(async () => {
    await Promise.all([made?.t.close(), made?.first.close(), made?.second.close()]);
  });
  const ready = () => {
    if (made === undefined) throw new Error('the app and its webhook receivers are made in beforeAll');
    return made;
  };
  return {
    get t() { return ready().t; },
    get api() { return ready().api; },
    get first() { return ready().first; },
    get second() { return ready().second; },
  };
}
