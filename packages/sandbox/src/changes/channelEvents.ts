import { EventEmitter } from 'node:events';
import type { Database } from '../db/Database';

export interface ChannelEvents<T> {
  on(event: 'change', listener: (change: T) => void): unknown;
  off(event: 'change', listener: (change: T) => void): unknown;
  /** After a lost connection: changes made meanwhile were not heard. */
  onResume(listener: () => void): unknown;
  close(): Promise<void>;
}

/** Per schema, as the triggers name it, so sandboxes sharing a database hear only their own. */
export async function schemaChannel(db: Database, prefix: string): Promise<string> {
  const [row] = await db.query<{ schema: string }>('select current_schema() as schema');
  return `${prefix}${row?.schema ?? 'public'}`;
}

/** A NOTIFY is sent at commit, so nobody hears of a rolled-back change. */
export async function listenToChannel<T>(db: Database, channel: string, parse: (payload: string) => T | undefined): Promise<ChannelEvents<T>> {
  const emitter = new EventEmitter<{ change: [T]; resume: [] }>();
  // One listener per open socket; many payers may wait at once.
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
