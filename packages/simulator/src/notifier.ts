import { type GatewayEvent, NOTIFICATION_SIGNATURE_HEADER, signNotification } from '@pasarela/gateways';
import type { MemoryBooks } from './memoryBooks';

interface Outgoing {
  url: string;
  event: GatewayEvent;
}

interface Delivery {
  delivered: boolean;
  tries: number;
  nextAt: number;
}

const MAX_RETRY_MS = 30_000;

/** Sent again (backing off up to 30 s) until a 2xx; the outbox is in the books, so a restart goes on sending. */
export function notifier(books: MemoryBooks, options: { secret: string | undefined; fetch?: typeof fetch | undefined }) {
  const send = options.fetch ?? fetch;
  let running: Promise<void> | undefined;

  return {
    async remember(key: string, url: string) {
      await books.recordOnce('notify', `notify:${key}`, { url }, {});
    },
    async tell(key: string, event: GatewayEvent) {
      const to = await books.read<{ url: string }, object>('notify', `notify:${key}`);
      if (!to || !options.secret) return;
      await books.recordOnce<Outgoing, Delivery>('outbox', `outbox:${event.id}`, { url: to.request.url, event }, { delivered: false, tries: 0, nextAt: Date.now() });
    },
    deliverDue(): Promise<void> {
      running ??= (async () => {
        const secret = options.secret;
        if (!secret) return;
        // Only the notifications not yet acknowledged are looked at, however many were sent before.
        const due = books.undelivered<Outgoing, Delivery>().filter((e) => e.state.nextAt <= Date.now());
        await Promise.all(due.map(async (entry) => {
          const body = JSON.stringify(entry.request.event);
          let ok = false;
          try {
            const res = await send(entry.request.url, {
              method: 'POST', body, signal: AbortSignal.timeout(5_000),
              headers: { 'content-type': 'application/json', [NOTIFICATION_SIGNATURE_HEADER]: signNotification(body, secret, Math.floor(Date.now() / 1000)) },
            });
            ok = res.ok;
            await res.body?.cancel();
          } catch {
            ok = false;
          }
          await books.move<Outgoing, Delivery>('outbox', entry.key, ({ state }) => ok ? { ...state, delivered: true, tries: state.tries + 1 }
            : { ...state, tries: state.tries + 1, nextAt: Date.now() + Math.min(MAX_RETRY_MS, 250 * 2 ** state.tries) });
        }));
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

export type Notifier = ReturnType<typeof notifier>;
