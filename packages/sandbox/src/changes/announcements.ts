import type { Database } from '../db/Database';
import { SKIP_FLUSH_SQL, untraced } from '../db/statementTrace';
import type { AdminChange } from './adminChanges';
import type { TransactionChange } from './transactionEvents';

/**
 * Changes told to every node after their commit, by the node that made them: a NOTIFY inside a
 * payment's transaction would hold PostgreSQL's one notification lock through its WAL flush, so
 * every node's payments would commit one at a time. The changes announced in one turn of the event
 * loop go in one statement, committed without waiting for the flush (a notification is not durable
 * anyway: a listener that lost its connection looks again, ChannelEvents.onResume).
 */
type Channel = 'pasarela_tx_' | 'pasarela_admin_';

const ANNOUNCE_SQL = `select ${SKIP_FLUSH_SQL} as sync,
       (select count(pg_notify(channel || coalesce(current_schema(), 'public'), payload)) from unnest($1::text[], $2::text[]) as n (channel, payload))::int as sent`;

const queues = new WeakMap<Database, { channels: Channel[]; payloads: string[] }>();

function announce(db: Database, channel: Channel, payload: string): void {
  const waiting = queues.get(db);
  if (waiting) {
    waiting.channels.push(channel);
    waiting.payloads.push(payload);
    return;
  }
  const queue = { channels: [channel], payloads: [payload] };
  queues.set(db, queue);
  untraced(() => setImmediate(() => {
    queues.delete(db);
    // Lost like a notification on a dropped connection: the listeners' onResume looks again.
    db.query(ANNOUNCE_SQL, [queue.channels, queue.payloads]).catch(() => undefined);
  }));
}

/** As migration 016's trigger tells it, for the writes that leave it to the node (writeOutcome's and the attempt's). */
export function announceTransaction(db: Database, row: { cod_oper: string; method: string; status: number; auth_status: string; user_id: number | null; merchant_id: number }): void {
  // As migration 015's triggers: an attempt is heard of once its gateway answered.
  if (row.auth_status === 'PROCESSING') return;
  const change: TransactionChange = {
    codOper: row.cod_oper, method: row.method, status: row.status, authStatus: row.auth_status, userId: row.user_id, merchantId: row.merchant_id, origin: db.sessionName,
  };
  announce(db, 'pasarela_tx_', JSON.stringify(change));
}

export function announceAdminChange(db: Database, change: AdminChange): void {
  announce(db, 'pasarela_admin_', JSON.stringify(change));
}
