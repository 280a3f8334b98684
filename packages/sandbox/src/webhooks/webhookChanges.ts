import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db/Database';

/** A delivery attempt was recorded or a redelivery queued: the console's webhook list is stale. */
export interface WebhookChange {
  id: string;
  state: string;
}

export interface WebhookChanges {
  on(event: 'change', listener: (change: WebhookChange) => void): unknown;
  off(event: 'change', listener: (change: WebhookChange) => void): unknown;
  close(): Promise<void>;
}

/** Per schema, as the transaction channel is, so sandboxes sharing a database hear only their own. */
async function channelOf(db: Queryable): Promise<string> {
  const [row] = await db.query<{ schema: string }>('select current_schema() as schema');
  return `pasarela_wh_${row?.schema ?? 'public'}`;
}

/** Tells every node (NOTIFY) that a delivery changed; sent at commit, like the transaction events. */
export async function notifyWebhookChange(db: Queryable, change: WebhookChange): Promise<void> {
  await db.query('select pg_notify($1, $2)', [await channelOf(db), JSON.stringify(change)]);
}

export async function listenToWebhookChanges(db: Database): Promise<WebhookChanges> {
  const emitter = new EventEmitter<{ change: [WebhookChange] }>();
  emitter.setMaxListeners(0);
  const stop = await db.listen(await channelOf(db), (payload) => {
    try {
      const value = JSON.parse(payload) as Partial<WebhookChange>;
      if (typeof value.id === 'string') emitter.emit('change', { id: value.id, state: String(value.state ?? '') });
    } catch {
      // not ours
    }
  });
  return {
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    async close() {
      emitter.removeAllListeners();
      await stop();
    },
  };
}
