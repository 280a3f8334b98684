import { EventEmitter } from 'node:events';
import type { Database } from '../db/Database';

/** The changes NOTIFYed on one channel by any node, as an emitter; close() stops listening. */
export interface ChannelEvents<T> {
  on(event: 'change', listener: (change: T) => void): unknown;
  off(event: 'change', listener: (change: T) => void): unknown;
  /** Listening again after the database connection was lost: changes made meanwhile were not heard. */
  onResume(listener: () => void): unknown;
  close(): Promise<void>;
}

/**
 * A channel of this node's schema (`prefix` + schema), as the migrations' triggers name it, so
 * sandboxes sharing a database hear only their own.
 */
export async function schemaChannel(db: Database, prefix: string): Promise<string> {
  const [row] = await db.query<{ schema: string }>('select current_schema() as schema');
  return `${prefix}${row?.schema ?? 'public'}`;
}

/**
 * Listens to `channel` through PostgreSQL's LISTEN/NOTIFY (PGlite's in the embedded case) and emits
 * each payload `parse` accepts; a NOTIFY is sent at commit, so nobody hears of a rolled-back change.
 */
export async function listenToChannel<T>(db: Database, channel: string, parse: (payload: string) => T | undefined): Promise<ChannelEvents<T>> {
  const emitter = new EventEmitter<{ change: [T]; resume: [] }>();
  // One listener per open socket; many payers (or consoles) may wait at once.
  emitter.setMaxListeners(0);
  const stop = await db.listen(
    channel,
    (payload) => {
      const change = parse(payload);
      if (change !== undefined) emitter.emit('change', change);
    },
    () => emitter.emit('resume'),
  );
  return {
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    onResume: (listener) => emitter.on('resume', listener),
    async close() {
      emitter.removeAllListeners();
      await stop();
    },
  };
}
